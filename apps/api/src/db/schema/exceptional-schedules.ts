import { sql } from 'drizzle-orm';
import { check, date, foreignKey, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';

/**
 * An exceptional distribution system authorised by a resolution of the Dirección del Trabajo (art. 38
 * inc. final: 7x7, 4x4, 14x14...), for the workers assigned to it (`users.jornada_excepcional_id`).
 * `dias_trabajo`/`dias_descanso` are the cycle (null when unknown: the cycle's average is then not
 * checked); `horas_diarias` the resolution's daily ordinary maximum (null: no daily limit is checked).
 */
export const exceptionalSchedules = pgTable(
  'exceptional_schedules',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    numero: text('numero').notNull(),
    fecha: date('fecha', { mode: 'string' }),
    diasTrabajo: integer('dias_trabajo'),
    diasDescanso: integer('dias_descanso'),
    horasDiarias: numeric('horas_diarias', { precision: 4, scale: 2, mode: 'number' }),
    vigenteDesde: date('vigente_desde', { mode: 'string' }),
    vigenteHasta: date('vigente_hasta', { mode: 'string' }),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'exceptional_schedules_pkey', columns: [t.companyId, t.id] }),
    foreignKey({ name: 'exceptional_schedules_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    check('exceptional_schedules_dias_check', sql`(${t.diasTrabajo} is null or ${t.diasTrabajo} between 1 and 28) and (${t.diasDescanso} is null or ${t.diasDescanso} between 1 and 28)`),
    check('exceptional_schedules_horas_check', sql`${t.horasDiarias} is null or (${t.horasDiarias} > 0 and ${t.horasDiarias} <= 12)`),
    check('exceptional_schedules_vigencia_check', sql`${t.vigenteDesde} is null or ${t.vigenteHasta} is null or ${t.vigenteDesde} <= ${t.vigenteHasta}`),
  ],
);
