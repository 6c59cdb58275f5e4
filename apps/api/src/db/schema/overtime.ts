import { sql } from 'drizzle-orm';
import { customType, date, doublePrecision, foreignKey, index, integer, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ESTADOS_DECISION_HORAS_EXTRA, type CompensacionHorasExtra } from '@jornada/contracts';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { users } from './users';

export const overtimeDecisionEnum = pgEnum('overtime_decision', ESTADOS_DECISION_HORAS_EXTRA);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A worker's overtime pact (art. 32): from `desde` to `hasta` (at most 3 months), at most
 * `max_seconds_per_day` of overtime a day (at most 2 hours). A worker's pacts never overlap
 * (checked by the service, under a lock on the worker's row).
 */
export const overtimePacts = pgTable(
  'overtime_pacts',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    desde: date('desde', { mode: 'string' }).notNull(),
    hasta: date('hasta', { mode: 'string' }).notNull(),
    maxSecondsPerDay: integer('max_seconds_per_day').notNull(),
    /**
     * How the pact's overtime is compensated: 'pago' (paid with the 50 % surcharge, the rule) or 'feriado'
     * (additional vacation days by written agreement, art. 32 inc. 4, Ley 21.561).
     */
    compensacion: text('compensacion').$type<CompensacionHorasExtra>().notNull().default('pago'),
    /** The day the agreement to compensate with vacation days was signed; null for 'pago'. */
    firmadoEl: date('firmado_el', { mode: 'string' }),
    /** Days a week the worker's agreed hours are spread over: the business day the rest is counted in; null for 'pago'. */
    diasSemana: integer('dias_semana'),
    comentario: text('comentario'),
    /** No foreign keys to the people who acted: the history outlives them. */
    createdBy: uuid('created_by'),
    createdAt: instant('created_at').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'overtime_pacts_pkey', columns: [t.companyId, t.id] }),
    foreignKey({ name: 'overtime_pacts_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    index('overtime_pacts_user_idx').on(t.companyId, t.userId, t.desde),
    index('overtime_pacts_hasta_idx').on(t.companyId, t.hasta),
  ],
);

/** A pact's signed document (PDF or photo), stored with the company's data. */
export const overtimePactDocuments = pgTable(
  'overtime_pact_documents',
  {
    companyId: uuid('company_id').notNull(),
    pactId: uuid('pact_id').notNull(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    tamano: integer('tamano').notNull(),
    data: bytea('data').notNull(),
    createdBy: uuid('created_by'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'overtime_pact_documents_pkey', columns: [t.companyId, t.pactId] }),
    foreignKey({ name: 'overtime_pact_documents_pact_fk', columns: [t.companyId, t.pactId], foreignColumns: [overtimePacts.companyId, overtimePacts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The decision on one worker-day's overtime (found by the evaluation in `attendance_days`): approved
 * (all or part) or rejected with a reason. `found_seconds` is the day's overtime when decided, so a
 * later change of the evaluation shows; `approved_seconds` is what payroll takes (0 when rejected).
 */
export const overtimeApprovals = pgTable(
  'overtime_approvals',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    foundSeconds: doublePrecision('found_seconds').notNull(),
    approvedSeconds: doublePrecision('approved_seconds').notNull(),
    estado: overtimeDecisionEnum('estado').notNull(),
    motivo: text('motivo'),
    /** The pact in force that day when approved (null when rejected without one). */
    pactId: uuid('pact_id'),
    decidedBy: uuid('decided_by'),
    decidedAt: instant('decided_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'overtime_approvals_pkey', columns: [t.companyId, t.userId, t.fecha] }),
    foreignKey({ name: 'overtime_approvals_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    index('overtime_approvals_date_idx').on(t.companyId, t.fecha),
    index('overtime_approvals_approved_idx')
      .on(t.companyId, t.userId, t.fecha)
      .where(sql`${t.estado} = 'aprobado'`),
  ],
);

/**
 * A company's overtime review settings: days with more overtime than `review_threshold_seconds` are
 * listed for review. A threshold for review, never for pay. No row: the default (30 minutes).
 */
export const overtimeReviewSettings = pgTable(
  'overtime_review_settings',
  {
    companyId: uuid('company_id').notNull(),
    reviewThresholdSeconds: integer('review_threshold_seconds').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'overtime_review_settings_pkey', columns: [t.companyId] }),
    foreignKey({ name: 'overtime_review_settings_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    foreignKey({ name: 'overtime_review_settings_updated_by_fk', columns: [t.companyId, t.updatedBy], foreignColumns: [users.companyId, users.id] }),
  ],
);
