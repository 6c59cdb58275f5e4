import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { runAsCompany, runAsSystem, runInBackground } from '../db/tenant-context';
import { jobs } from '../db/schema/index';
import type { Clock } from './clock';

type JobRow = typeof jobs.$inferSelect;

/** What a running job may tell its queue. */
interface JobContext {
  /**
   * Merges `fields` into the job's payload, where a page reads how far the job is (a long job's
   * progress), and renews this worker's lease on it so no other process takes it while it advances.
   */
  report(fields: Record<string, unknown>): Promise<void>;
}
type JobHandler = (payload: unknown, job: JobRow, context: JobContext) => Promise<void>;

interface JobQueueOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How long a claimed job belongs to this worker; past it another worker may take it again. */
  leaseMs?: number;
  /** Jobs claimed per poll. */
  batchSize?: number;
  /** Idle wait between polls of the loop. */
  pollMs?: number;
  /** Longest wait between retries. */
  maxBackoffMs?: number;
}

/** Adds a job in the caller's transaction, so it exists exactly when the fact that needs it does. */
export async function enqueueJob(dbx: DbOrTx, kind: string, payload: unknown, now: Date): Promise<void> {
  await dbx.insert(jobs).values({ kind, payload, runAt: now, createdAt: now });
}

/** A job as a page reads it back: its payload (with what the job reported) and whether it is done. */
export interface JobState {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  done: boolean;
}

/**
 * Adds a job unless an open one (not done) of the same kind and company already covers it, then
 * returns the job that will do the work, added or joined. `covers` decides from an open job's payload.
 * A transaction-scoped advisory lock per kind and company makes two requests at once add one job.
 */
export async function enqueueUnlessCovered(
  db: Db,
  kind: string,
  payload: { companyId: string } & Record<string, unknown>,
  now: Date,
  covers: (open: Record<string, unknown>) => boolean,
): Promise<JobState & { joined: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${kind}:${payload.companyId}`}))`);
    const open = await tx
      .select({ id: jobs.id, payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), sql`${jobs.payload}->>'companyId' = ${payload.companyId}`))
      .orderBy(jobs.id);
    const joined = open.find((job) => covers(job.payload as Record<string, unknown>));
    if (joined) return { id: joined.id, kind, payload: joined.payload as Record<string, unknown>, done: false, joined: true };
    const [added] = await tx.insert(jobs).values({ kind, payload, runAt: now, createdAt: now }).returning({ id: jobs.id });
    return { id: added!.id, kind, payload, done: false, joined: false };
  });
}

/** One job by id (null when there is none), for a page that follows its progress. */
export async function readJob(db: DbOrTx, id: number): Promise<JobState | null> {
  const [row] = await db.select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, doneAt: jobs.doneAt }).from(jobs).where(eq(jobs.id, id));
  return row ? { id: row.id, kind: row.kind, payload: row.payload as Record<string, unknown>, done: row.doneAt !== null } : null;
}

/** Retry waits: 2 s, 4 s, 8 s... capped. */
function backoffMs(attempts: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, 1000 * 2 ** Math.min(attempts, 30));
}

/**
 * A durable queue in the `jobs` table, shared by every API process on the database:
 * - claim: one UPDATE over a `SELECT … FOR UPDATE SKIP LOCKED` of due jobs sets a lease
 *   (`locked_until`, `locked_by`); a second process skips rows being claimed and ignores leased ones;
 * - success sets `done_at`; failure frees the job with `run_at` moved by exponential backoff and the
 *   error kept in `last_error`. Jobs are never dropped.
 * - a process that dies mid-job leaves a lease that expires; the job then runs again (at least once,
 *   exactly once while processes stay up).
 */
export class JobQueue {
  readonly workerId = randomUUID();
  private readonly handlers = new Map<string, JobHandler>();
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly pollMs: number;
  private readonly maxBackoffMs: number;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: JobQueueOptions) {
    this.leaseMs = options.leaseMs ?? 120_000;
    this.batchSize = options.batchSize ?? 20;
    this.pollMs = options.pollMs ?? 2_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
  }

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Jobs not yet done (what the metrics expose as the queue depth). */
  async depth(kind?: string): Promise<number> {
    const [row] = await runAsSystem(() =>
      this.options.db
        .select({ n: count() })
        .from(jobs)
        .where(kind ? and(isNull(jobs.doneAt), eq(jobs.kind, kind)) : isNull(jobs.doneAt)),
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Claims due jobs and runs them; returns how many ran (succeeded or failed). The queue serves every
   * company, so it runs in system mode (db/tenant-context.ts); a handler runs in the company named by
   * its payload's `companyId`, or in system mode when there is none.
   */
  runOnce(): Promise<number> {
    // Background work: its own connections on PostgreSQL (db/client.ts), never a request's.
    return runInBackground(() => runAsSystem(() => this.claimAndRun()));
  }

  private async claimAndRun(): Promise<number> {
    const now = this.options.clock();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    const due = this.options.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.doneAt),
          inArray(jobs.kind, kinds),
          sql`${jobs.runAt} <= ${now.toISOString()}`,
          sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${now.toISOString()})`,
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.options.db
      .update(jobs)
      .set({ lockedUntil: leaseUntil, lockedBy: this.workerId, attempts: sql`${jobs.attempts} + 1` })
      .where(inArray(jobs.id, due))
      .returning();
    for (const job of claimed) await this.runJob(job);
    return claimed.length;
  }

  private async runJob(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    // A job of one company (its payload says `companyId`) sees only that company's rows.
    const companyId = (job.payload as { companyId?: unknown } | null)?.companyId;
    const context: JobContext = {
      report: async (fields) => {
        await this.options.db
          .update(jobs)
          .set({
            payload: sql`${jobs.payload} || ${JSON.stringify(fields)}::jsonb`,
            lockedUntil: new Date(this.options.clock().getTime() + this.leaseMs),
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
      },
    };
    try {
      await (typeof companyId === 'string' ? runAsCompany(companyId, () => handler(job.payload, job, context)) : handler(job.payload, job, context));
      await this.options.db
        .update(jobs)
        .set({ doneAt: this.options.clock(), lockedUntil: null, lastError: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = new Date(this.options.clock().getTime() + backoffMs(job.attempts, this.maxBackoffMs));
      this.options.log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, retryAt, err: message }, 'trabajo fallido; se reintentará');
      await this.options.db
        .update(jobs)
        .set({ runAt: retryAt, lockedUntil: null, lockedBy: null, lastError: message.slice(0, 2000) })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId)));
    }
  }

  /** Runs until every due job is done (tests and the demo use it). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runOnce();
      total += ran;
      if (ran === 0) return total;
    }
  }

  /** Asks the loop to poll now (a job was just added in this process). */
  kick(): void {
    this.wake?.();
  }

  /** Starts the polling loop (the server does; tests call runOnce or start it themselves). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        let ran = 0;
        try {
          ran = await this.runOnce();
        } catch (error) {
          this.options.log.warn({ err: error }, 'no se pudo leer la cola de trabajos');
        }
        if (!this.running) break;
        if (ran > 0) continue;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.pollMs);
        });
        this.wake = null;
        if (this.timer) clearTimeout(this.timer);
      }
    })();
  }

  /** Stops the loop after the job in progress finishes. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }
}
