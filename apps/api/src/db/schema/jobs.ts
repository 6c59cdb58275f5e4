import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

/**
 * A durable job queue (lib/jobs.ts: receipt e-mails, alerts, daily reports…). Workers claim due jobs
 * with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so two API processes never run the same
 * job at once; a failed job is retried later with exponential backoff and is never dropped. Declared
 * in marks.ts until the table got its own file; the table and its migrations are unchanged.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: instant('run_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: instant('locked_until'),
    lockedBy: text('locked_by'),
    doneAt: instant('done_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null`)],
);
