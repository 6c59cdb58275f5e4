import { sql } from 'drizzle-orm';
import { date, foreignKey, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from './columns';
import { users } from './users';

/**
 * The invitation e-mail of each user created without a password. A row is written with the user and
 * waits (`sent_at` null) until the company may send it: its e-mail confirmed and the day's maximum
 * (INVITACIONES_POR_DIA) not reached. Sending it creates the reset link (password_resets) and sets
 * `sent_at` and `sent_on`, the Chilean day the maximum counts.
 */
export const userInvitations = pgTable(
  'user_invitations',
  {
    id: idColumn().primaryKey(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
    sentOn: date('sent_on', { mode: 'string' }),
  },
  (t) => [
    foreignKey({ name: 'user_invitations_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete('cascade'),
    index('user_invitations_pending_idx').on(t.companyId, t.createdAt).where(sql`${t.sentAt} is null`),
    index('user_invitations_sent_on_idx').on(t.companyId, t.sentOn),
  ],
);
