import { boolean, date, doublePrecision, foreignKey, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { companies } from './companies';
import { users } from './users';

/**
 * Which alerts of DT Res. Exenta 38 a company sends (modules/alerts). A company without a row uses
 * the defaults of packages/contracts `CONFIGURACION_ALERTAS_INICIAL`.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    missedMark: boolean('missed_mark').notNull(),
    missedBreak: boolean('missed_break').notNull(),
    dailyLimit: boolean('daily_limit').notNull(),
    weeklyLimit: boolean('weekly_limit').notNull(),
    /** A compensatory day (art. 38 inc. 3) not granted within the seven days after the Sunday or holiday worked. */
    compensatoryRest: boolean('compensatory_rest').notNull().default(true),
    copyAdmins: boolean('copy_admins').notNull(),
    updatedAt: instant('updated_at').notNull(),
    updatedBy: uuid('updated_by'),
  },
  (t) => [primaryKey({ name: 'alert_settings_pkey', columns: [t.companyId] })],
);

/**
 * Every alert owed, once: the unique `(company_id, alert_key)` is what makes it exactly once across
 * restarts and API processes (the scan inserts with ON CONFLICT DO NOTHING and queues the e-mail
 * only for the row it inserted, in the same transaction). `sent_at` is set by the e-mail job.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: idColumn(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** entrada, salida, inicio_colacion, fin_colacion, limite_diario, limite_semanal or descanso_compensatorio. */
    kind: text('kind').notNull(),
    /** What identifies the alert: kind, worker and expected instant, day or week. */
    alertKey: text('alert_key').notNull(),
    /** Local date of the shift, the day, the Monday of the week, or the Sunday or holiday worked. */
    fecha: date('fecha', { mode: 'string' }).notNull(),
    timeZone: text('time_zone').notNull(),
    expectedAt: instant('expected_at'),
    workedSeconds: doublePrecision('worked_seconds'),
    limitSeconds: doublePrecision('limit_seconds'),
    detectedAt: instant('detected_at').notNull(),
    sentAt: instant('sent_at'),
    recipient: text('recipient'),
    copies: text('copies').array(),
  },
  (t) => [
    primaryKey({ name: 'alerts_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('alerts_key').on(t.companyId, t.alertKey),
    index('alerts_detected_idx').on(t.companyId, t.detectedAt),
    foreignKey({ name: 'alerts_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);
