/**
 * Group commit for the common mark: online, inside the geofence, not a retry, not a repeat. Marks that
 * arrive while a batch is being written wait for the next one, so at a shift change (hundreds of workers
 * in the same minute) the database sees two statements per batch instead of a transaction per mark:
 *
 * 1. one read of everything the rules need for every mark of the batch (worker, company, site, chain
 *    head, whether the idCliente was seen, the worker's latest mark);
 * 2. one statement that advances each worker's chain head only from the seq the read saw and, for the
 *    heads it advanced, writes the marks and their receipt jobs. A statement is atomic: a mark is
 *    written with its head and its job or not at all.
 *
 * A batch holds marks of one company and at most one per worker (a worker's next mark waits for the
 * next batch), so a head moves once per statement. Whatever the batch cannot decide alone (a retry, a repeat, a flagged
 * mark, a head that moved under it, a unique violation) goes back to the caller as `locked`: the
 * service's locked transaction decides it, one mark at a time, exactly as before.
 */
import type { MotivoIntento, TipoMarca } from '@jornada/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, jobs, markAttempts, markChainHeads, marks, sites, users } from '../../db/schema/index';
import { runAsCompany } from '../../db/tenant-context';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashedMark, MARK_COLUMNS, planMark, type MarkPlan } from './marks.plan';
import type { MarkRow, RecordContext, RecordMarkInput, WorkerContext } from './marks.service';

export type BatchOutcome =
  | { kind: 'recorded'; worker: WorkerContext; mark: MarkRow; queued: boolean }
  | { kind: 'refused'; worker: WorkerContext; plan: MarkPlan; motivo: MotivoIntento }
  /** The locked path must decide (see the module comment). */
  | { kind: 'locked' }
  /** No such worker in the company. */
  | { kind: 'missing' };

interface Pending {
  input: RecordMarkInput;
  ctx: RecordContext;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

export interface MarkBatcherOptions {
  db: Db;
  receiptJob: string;
  repeatWindowMs: number;
  /** Largest batch (bounds statement size and the wait of the last mark in it). */
  maxBatch?: number;
  /** Batches written at the same time (one reads while another writes). */
  maxInFlight?: number;
}

const ISO = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export function createMarkBatcher({ db, receiptJob, repeatWindowMs, maxBatch = 256, maxInFlight = 2 }: MarkBatcherOptions) {
  const queue: Pending[] = [];
  let inFlight = 0;

  /**
   * Up to maxBatch pending marks of the company of the oldest one, one per worker; the rest keep their
   * place in the queue. One company per batch: its statements run in that company's database scope
   * (row-level security, db/tenant-context.ts), whichever request happened to start the pump.
   */
  function take(): Pending[] {
    const batch: Pending[] = [];
    const workers = new Set<string>();
    const companyId = queue[0]?.input.companyId;
    for (let index = 0; index < queue.length && batch.length < maxBatch; ) {
      const pending = queue[index]!;
      const key = pending.input.userId;
      if (pending.input.companyId !== companyId || workers.has(key)) {
        index += 1;
        continue;
      }
      workers.add(key);
      batch.push(pending);
      queue.splice(index, 1);
    }
    return batch;
  }

  async function read(batch: Pending[]) {
    const column = <T>(pick: (pending: Pending, index: number) => T) => sql.param(batch.map(pick));
    const input = sql`unnest(
      ${column((_pending, index) => index)}::int[], ${column((p) => p.input.companyId)}::uuid[], ${column((p) => p.input.userId)}::uuid[],
      ${column((p) => p.input.idCliente)}::text[], ${column((p) => p.input.siteId ?? null)}::uuid[], ${column((p) => p.ctx.now.toISOString())}::timestamptz[]
    ) as r(i, company_id, user_id, client_id, site_id, now)`;
    const ofWorker = (table: typeof marks | typeof markAttempts) => and(eq(table.companyId, users.companyId), eq(table.userId, users.id));
    const effective = sql`coalesce(${marks.originalAt}, ${marks.at})`;
    const latest = (what: ReturnType<typeof sql>) =>
      sql`(select ${what} from ${marks} where ${ofWorker(marks)} and ${effective} <= r.now order by ${effective} desc limit 1)`;
    return db
      .select({
        i: sql<number>`r.i`,
        user: users,
        company: companies,
        site: sites,
        headSeq: markChainHeads.seq,
        headHash: markChainHeads.lastHash,
        retried: sql<boolean>`(exists (select 1 from ${marks} where ${ofWorker(marks)} and ${marks.clientId} = r.client_id)
          or exists (select 1 from ${markAttempts} where ${ofWorker(markAttempts)} and ${markAttempts.clientId} = r.client_id))`,
        lastKind: sql<TipoMarca | null>`${latest(sql`${marks.kind}`)}`,
        lastAt: sql<string | null>`${latest(effective)}`,
      })
      .from(input)
      .innerJoin(users, sql`${users.companyId} = r.company_id and ${users.id} = r.user_id`)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(sites, sql`${sites.companyId} = ${users.companyId} and ${sites.id} = coalesce(r.site_id, ${users.siteId})`)
      .leftJoin(markChainHeads, and(eq(markChainHeads.companyId, users.companyId), eq(markChainHeads.userId, users.id)));
  }

  /** Writes the marks whose heads are still where the read saw them; returns the ids written. */
  async function write(items: { mark: MarkRow; mail: boolean }[]): Promise<Set<string>> {
    const names = sql.raw(MARK_COLUMNS.map(([name]) => name).join(', '));
    // Enum arrays travel as text[] (PGlite serialises only built-in array types) and are cast in SQL.
    const arrays = MARK_COLUMNS.map(([, type, key]) => {
      const values = sql.param(items.map((item) => ISO(item.mark[key])));
      return type.startsWith('mark_') ? sql`${values}::text[]::${sql.raw(type)}[]` : sql`${values}::${sql.raw(type)}[]`;
    });
    const mailed = sql.param(items.filter((item) => item.mail).map((item) => item.mark.id));
    // Both drivers (node-postgres and PGlite) answer execute() with `rows`.
    const result = (await db.execute(sql`
      with input as (select * from unnest(${sql.join(arrays, sql`, `)}) as t(${names})),
      head as (
        insert into ${markChainHeads} (company_id, user_id, seq, last_hash, last_mark_id)
        select company_id, user_id, seq, hash, id from input
        on conflict (company_id, user_id) do update
          set seq = excluded.seq, last_hash = excluded.last_hash, last_mark_id = excluded.last_mark_id
          where ${markChainHeads.seq} = excluded.seq - 1
        returning company_id, user_id
      ), mark as (
        insert into ${marks} (${names})
        select ${names} from input join head using (company_id, user_id)
        returning id
      ), job as (
        insert into ${jobs} (kind, payload, run_at, created_at)
        select ${receiptJob}, jsonb_build_object('companyId', input.company_id, 'markId', input.id), input.at, input.at
        from input join mark using (id) where input.id = any(${mailed}::uuid[])
      )
      select id from mark`)) as { rows: { id: string }[] };
    return new Set(result.rows.map((row) => row.id));
  }

  async function flush(batch: Pending[]): Promise<void> {
    const rows = new Map((await read(batch)).map((row) => [row.i, row]));
    const toWrite: { pending: Pending; worker: WorkerContext; mark: MarkRow; mail: boolean }[] = [];
    batch.forEach((pending, index) => {
      const row = rows.get(index);
      if (!row) return pending.resolve({ kind: 'missing' });
      const worker: WorkerContext = { user: row.user, company: row.company, site: row.site };
      const plan = planMark(worker, pending.input, pending.ctx, null);
      if (plan.refusal) return pending.resolve({ kind: 'refused', worker, plan, motivo: plan.refusal });
      const repeat = row.lastKind === pending.input.tipo && row.lastAt !== null && pending.ctx.now.getTime() - new Date(row.lastAt).getTime() < repeatWindowMs;
      if (row.retried || repeat || plan.outsideGeofence) return pending.resolve({ kind: 'locked' });
      const mark = hashedMark(plan.values, { seq: row.headSeq ?? 0, lastHash: row.headHash });
      toWrite.push({ pending, worker, mark, mail: !pending.input.sinCorreo });
    });
    if (toWrite.length === 0) return;
    let written: Set<string>;
    try {
      written = await write(toWrite);
    } catch (error) {
      // A concurrent locked-path mark with the same idCliente: the statement wrote nothing; each decides alone.
      if (!isUniqueViolation(error)) throw error;
      written = new Set();
    }
    for (const item of toWrite) {
      item.pending.resolve(written.has(item.mark.id) ? { kind: 'recorded', worker: item.worker, mark: item.mark, queued: item.mail } : { kind: 'locked' });
    }
  }

  async function pump(): Promise<void> {
    inFlight += 1;
    try {
      for (let batch = take(); batch.length > 0; batch = take()) {
        // A failed statement (the database down) fails its own marks; the next batch tries again.
        await runAsCompany(batch[0]!.input.companyId, () => flush(batch)).catch((error: unknown) => batch.forEach((pending) => pending.reject(error)));
      }
    } finally {
      inFlight -= 1;
    }
  }

  return {
    /** Queues an online mark for the next batch. */
    submit(input: RecordMarkInput, ctx: RecordContext): Promise<BatchOutcome> {
      return new Promise<BatchOutcome>((resolve, reject) => {
        queue.push({ input, ctx, resolve, reject });
        if (inFlight < maxInFlight) void pump();
      });
    },
  };
}

export type MarkBatcher = ReturnType<typeof createMarkBatcher>;
