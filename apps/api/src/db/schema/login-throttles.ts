import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * Failed sign-in counters: per identifier and client address (`rut:<rut>@ip:<address>`), per
 * identifier over every address (`rut:<rut>`; inspectors use `fisc:<email>`) and per address
 * (`ip:<address>`). `subject` is the identifier of the first two, so a password reset clears them all.
 * Kept in the database, not in memory, so every API process behind a load balancer sees the same counts.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    subject: text('subject'),
    failures: integer('failures').notNull(),
    windowStartedAt: instant('window_started_at').notNull(),
    lockedUntil: instant('locked_until'),
  },
  (table) => [index('login_throttles_subject_idx').on(table.subject)],
);
