import { foreignKey, index, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { users } from './users';

export const payrollPeriodActionEnum = pgEnum('payroll_period_action', ['cierre', 'reapertura']);

/**
 * A company's payroll month (`periodo` YYYYMM) once it has been closed: while `closedAt` is set the
 * month is closed and changes touching its days are refused; a reopening clears it and keeps who
 * reopened it and why. Months never closed have no row (they are open).
 */
export const payrollPeriods = pgTable(
  'payroll_periods',
  {
    companyId: uuid('company_id').notNull(),
    periodo: text('periodo').notNull(),
    closedAt: instant('closed_at'),
    closedBy: uuid('closed_by'),
    reopenedAt: instant('reopened_at'),
    reopenedBy: uuid('reopened_by'),
    reopenReason: text('reopen_reason'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payroll_periods_pkey', columns: [t.companyId, t.periodo] }),
    foreignKey({ name: 'payroll_periods_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    foreignKey({ name: 'payroll_periods_closed_by_fk', columns: [t.companyId, t.closedBy], foreignColumns: [users.companyId, users.id] }),
    foreignKey({ name: 'payroll_periods_reopened_by_fk', columns: [t.companyId, t.reopenedBy], foreignColumns: [users.companyId, users.id] }),
  ],
);

/** Every closing and reopening of a payroll month, with who did it, when and (reopenings) why. */
export const payrollPeriodEvents = pgTable(
  'payroll_period_events',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    periodo: text('periodo').notNull(),
    accion: payrollPeriodActionEnum('accion').notNull(),
    userId: uuid('user_id').notNull(),
    motivo: text('motivo'),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payroll_period_events_pkey', columns: [t.companyId, t.id] }),
    index('payroll_period_events_periodo_idx').on(t.companyId, t.periodo, t.at),
    foreignKey({ name: 'payroll_period_events_company_fk', columns: [t.companyId], foreignColumns: [companies.id] }).onDelete('cascade'),
    foreignKey({ name: 'payroll_period_events_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
  ],
);

/**
 * What a closed month reported, stored when it was closed: each worker's row of pay variables and
 * the weeks behind them, as the API answered then (`RemuneracionTrabajador`, `SemanaRemuneracion[]`).
 * A closed month is served from here, so nothing that changes later (a site's time zone, a late
 * approval, a rule) moves a figure payroll already took; reopening deletes the rows.
 */
export const payrollPeriodRows = pgTable(
  'payroll_period_rows',
  {
    companyId: uuid('company_id').notNull(),
    periodo: text('periodo').notNull(),
    userId: uuid('user_id').notNull(),
    row: jsonb('row').notNull(),
    weeks: jsonb('weeks').notNull(),
  },
  (t) => [
    primaryKey({ name: 'payroll_period_rows_pkey', columns: [t.companyId, t.periodo, t.userId] }),
    foreignKey({ name: 'payroll_period_rows_period_fk', columns: [t.companyId, t.periodo], foreignColumns: [payrollPeriods.companyId, payrollPeriods.periodo] }).onDelete('cascade'),
  ],
);
