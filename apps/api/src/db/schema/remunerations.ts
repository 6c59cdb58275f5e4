import { date, doublePrecision, foreignKey, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Each worker's pay of an open payroll month as the remunerations page computed it: the figures the
 * page's totals add up as columns (the row itself, 1–2 kB of JSON, is in remuneration_row_details, so
 * adding up 10,000 rows reads narrow rows), so the totals of a filter are one SUM and a read computes
 * only the workers whose row is missing. `closed` is the last
 * day the figures include (the month's last day, or yesterday while it runs): a row of another day is
 * not read. Triggers of migration 0049 delete a worker-month's row in the statement that changes what it
 * was computed from (their stored days of the month and of the 6 days before, approved overtime,
 * pacts, permissions, contract) and a company's rows when a company-wide input changes.
 *
 * A read first writes a claim (`claim` set), then computes, then fills only the rows still
 * holding its claim: a change committed meanwhile deleted the claim, so figures computed from what it
 * changed are never stored. Closed months are served from `payroll_period_rows`, not from here.
 */
export const remunerationRows = pgTable(
  'remuneration_rows',
  {
    companyId: uuid('company_id').notNull(),
    /** YYYYMM. */
    periodo: text('periodo').notNull(),
    userId: uuid('user_id').notNull(),
    closed: date('closed', { mode: 'string' }).notNull(),
    /** The read that is computing the row; null once the row is stored. */
    claim: uuid('claim'),
    diasTrabajados: doublePrecision('dias_trabajados').notNull().default(0),
    ausenciasDias: doublePrecision('ausencias_dias').notNull().default(0),
    ausenciasValor: doublePrecision('ausencias_valor').notNull().default(0),
    faltanteSegundos: doublePrecision('faltante_segundos').notNull().default(0),
    faltanteValor: doublePrecision('faltante_valor').notNull().default(0),
    horasExtraSegundos: doublePrecision('horas_extra_segundos').notNull().default(0),
    horasExtraValor: doublePrecision('horas_extra_valor').notNull().default(0),
    domingosOFestivosTrabajados: doublePrecision('domingos_o_festivos_trabajados').notNull().default(0),
    domingoOrdinarioSegundos: doublePrecision('domingo_ordinario_segundos').notNull().default(0),
    recargoDominicalMonto: doublePrecision('recargo_dominical_monto').notNull().default(0),
    permisosPagadosDias: doublePrecision('permisos_pagados_dias').notNull().default(0),
    permisosNoPagadosDias: doublePrecision('permisos_no_pagados_dias').notNull().default(0),
    descuentoPermisos: doublePrecision('descuento_permisos').notNull().default(0),
    diasPendientes: doublePrecision('dias_pendientes').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'remuneration_rows_pkey', columns: [t.companyId, t.periodo, t.userId] }),
    /** What a change of one worker (a permission, a pact, the contract) deletes. */
    index('remuneration_rows_user_idx').on(t.companyId, t.userId),
    foreignKey({ name: 'remuneration_rows_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);

/** The stored row itself (RemuneracionTrabajador) of a worker-month of remuneration_rows, gone with it. */
export const remunerationRowDetails = pgTable(
  'remuneration_row_details',
  {
    companyId: uuid('company_id').notNull(),
    periodo: text('periodo').notNull(),
    userId: uuid('user_id').notNull(),
    row: jsonb('row').notNull(),
  },
  (t) => [
    primaryKey({ name: 'remuneration_row_details_pkey', columns: [t.companyId, t.periodo, t.userId] }),
    foreignKey({
      name: 'remuneration_row_details_row_fk',
      columns: [t.companyId, t.periodo, t.userId],
      foreignColumns: [remunerationRows.companyId, remunerationRows.periodo, remunerationRows.userId],
    }).onDelete('cascade'),
  ],
);
