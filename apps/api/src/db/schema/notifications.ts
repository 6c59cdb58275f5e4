import { foreignKey, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { users } from './users';

/**
 * When each person last opened their notifications (the bell): what happened after this instant is
 * new to them. One row per person, written when they open the bell's menu.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    seenAt: instant('seen_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'notification_reads_pkey', columns: [t.companyId, t.userId] }),
    foreignKey({ name: 'notification_reads_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
  ],
);
