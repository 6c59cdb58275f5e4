import { sql } from 'drizzle-orm';
import { date, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { users } from './users';

/**
 * Inconsistencies of the engine's evaluation that a manager dismissed, with the reason: one row per
 * dismissal (who, when, why), kept when reopened (who, when) so the log stays whole. An inconsistency
 * is a worker, a local date and the engine's code; at most one dismissal of it is open at a time.
 */
export const inconsistencyDismissals = pgTable(
  'inconsistency_dismissals',
  {
    companyId: uuid('company_id').notNull(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    /** The engine's inconsistency code (InconsistencyCode of packages/domain). */
    code: text('code').notNull(),
    reason: text('reason').notNull(),
    dismissedBy: uuid('dismissed_by').notNull(),
    dismissedAt: instant('dismissed_at').notNull(),
    reopenedBy: uuid('reopened_by'),
    reopenedAt: instant('reopened_at'),
  },
  (t) => [
    primaryKey({ name: 'inconsistency_dismissals_pkey', columns: [t.companyId, t.id] }),
    foreignKey({ name: 'inconsistency_dismissals_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }),
    uniqueIndex('inconsistency_dismissals_open_key').on(t.companyId, t.userId, t.fecha, t.code).where(sql`${t.reopenedAt} is null`),
    index('inconsistency_dismissals_day_idx').on(t.companyId, t.userId, t.fecha),
  ],
);
