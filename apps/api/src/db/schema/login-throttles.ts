import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * Failed sign-in counters per RUT (`rut:<rut>`) and per client address (`ip:<address>`).
 * Kept in the database, not in memory, so every API process behind a load balancer sees the same counts.
 */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: instant('window_started_at').notNull(),
  lockedUntil: instant('locked_until'),
});
