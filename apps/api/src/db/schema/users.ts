import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, numeric, pgEnum, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PERFILES, type MetodoMarcaje, type ModoDerechoAlimentacion } from '@jornada/contracts';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { exceptionalSchedules } from './exceptional-schedules';
import { groups } from './groups';
import { sites } from './sites';

export const perfilEnum = pgEnum('perfil', PERFILES);

export const users = pgTable(
  'users',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    /** Stored normalised (`12345678-5`). */
    rut: text('rut').notNull(),
    nombre: text('nombre').notNull(),
    apellidos: text('apellidos').notNull(),
    cargo: text('cargo'),
    email: text('email').notNull(),
    /** Personal address for mark receipts (DT Res. Ex. 38); the work e-mail when absent. */
    emailPersonal: text('email_personal'),
    direccion: text('direccion'),
    telefono: text('telefono'),
    perfil: perfilEnum('perfil').notNull(),
    /** The administrator created by onboarding; at most one per company. */
    principal: boolean('principal').notNull().default(false),
    siteId: uuid('site_id'),
    /** The one group the user belongs to, if any. */
    groupId: uuid('group_id'),
    /** Agreed ordinary weekly hours (half hours allowed); null for users registered by onboarding. */
    horasSemanales: numeric('horas_semanales', { precision: 4, scale: 1, mode: 'number' }),
    /** Monthly base salary in whole pesos. */
    sueldoBase: integer('sueldo_base'),
    /** The contract's number for payroll imports (`numero_contrato`); null reads as 1, the worker's first contract. */
    numeroContrato: text('numero_contrato'),
    /**
     * Years worked for previous employers, proved by a certificate, for the progressive vacation days
     * (art. 68: only 10 count; the rest is kept as recorded).
     */
    aniosReconocidosAnteriores: integer('anios_reconocidos_anteriores').notNull().default(0),
    /**
     * Excepted from Sunday and holiday rest (art. 38: commerce, continuous processes, services to the
     * public...): a planned holiday shift is ordinary time, and ordinary Sunday hours carry the
     * company's Sunday surcharge (art. 38, Ley 20.823).
     */
    exceptuadoDescansoDominical: boolean('exceptuado_descanso_dominical').notNull().default(false),
    /**
     * First and last day (inclusive) the art. 38 exception is in force; null: from the contract's start, or to
     * its end. Each day is read with the exception in force on it (evaluation, plan alerts, Sunday surcharge,
     * compensatory rest, report c)).
     */
    exceptuadoDescansoDominicalDesde: date('exceptuado_descanso_dominical_desde', { mode: 'string' }),
    exceptuadoDescansoDominicalHasta: date('exceptuado_descanso_dominical_hasta', { mode: 'string' }),
    /**
     * Excluded from the limitation of the working day (art. 22 inc. 2: managers, administrators,
     * attorneys with administrative powers, those who work without immediate supervision): no
     * ordinary-hours limit, no lateness, no overtime; marks are still recorded and reported.
     */
    excluidoLimiteJornada: boolean('excluido_limite_jornada').notNull().default(false),
    /**
     * Flexible start band of a parent of a child up to twelve (art. 27, Ley 21.561), in minutes after the
     * planned start (0 to 120): an entry within it is no lateness and the exit moves by as much; null: none.
     */
    bandaInicioFlexibleMinutos: integer('banda_inicio_flexible_minutos'),
    /** The child's second birthday: before it the feeding hour of art. 206 counts as worked time; null: none. */
    derechoAlimentacionHasta: date('derecho_alimentacion_hasta', { mode: 'string' }),
    /** How the feeding hour is taken: 'inicio' (enter later), 'fin' (leave earlier) or 'dividido' (half at each end). */
    derechoAlimentacionModo: text('derecho_alimentacion_modo').$type<ModoDerechoAlimentacion>().notNull().default('fin'),
    /**
     * Averaged distribution of the ordinary hours (art. 22 bis, Ley 21.561): the weeks of each cycle (2 to 4);
     * null: no pact, each week is judged alone. Cycles follow one another from `jornada_promedio_desde`.
     */
    jornadaPromedioSemanas: integer('jornada_promedio_semanas'),
    /** The pact's first day, a Monday: its first cycle starts then. */
    jornadaPromedioDesde: date('jornada_promedio_desde', { mode: 'string' }),
    /** The pact's last day, a Sunday, inclusive; null: until the contract ends. */
    jornadaPromedioHasta: date('jornada_promedio_hasta', { mode: 'string' }),
    /** The exceptional distribution system (art. 38 inc. final) the worker is under; null: the ordinary limits. */
    jornadaExcepcionalId: uuid('jornada_excepcional_id'),
    metodosMarcaje: text('metodos_marcaje').array().$type<MetodoMarcaje[]>().notNull().default(sql`'{web}'::text[]`),
    inicioContrato: date('inicio_contrato', { mode: 'string' }).notNull(),
    /** Last day of the contract, inclusive; null for an indefinite contract. */
    finContrato: date('fin_contrato', { mode: 'string' }),
    /** Null until the user sets a password with the invitation link; such an account cannot sign in. */
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /** When an administrator deactivated the user (finiquito), and why. */
    deactivatedAt: instant('deactivated_at'),
    deactivationReason: text('deactivation_reason'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'users_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('users_company_rut_key').on(t.companyId, t.rut),
    uniqueIndex('users_company_principal_key')
      .on(t.companyId)
      .where(sql`${t.principal}`),
    index('users_email_idx').on(t.email),
    foreignKey({ name: 'users_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    foreignKey({ name: 'users_site_fk', columns: [t.companyId, t.siteId], foreignColumns: [sites.companyId, sites.id] }),
    foreignKey({ name: 'users_group_fk', columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }),
    index('users_group_idx').on(t.companyId, t.groupId),
    /** The order every list of a company's people pages by (surname, name): a page of 50 walks 50 entries, not the whole company. */
    index('users_company_name_idx').on(t.companyId, t.apellidos, t.nombre, t.id),
    foreignKey({
      name: 'users_jornada_excepcional_fk',
      columns: [t.companyId, t.jornadaExcepcionalId],
      foreignColumns: [exceptionalSchedules.companyId, exceptionalSchedules.id],
    }),
    index('users_jornada_excepcional_idx').on(t.companyId, t.jornadaExcepcionalId),
  ],
);
