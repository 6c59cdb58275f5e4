/**
 * Group commit for the common mark: online, inside the geofence, not a retry, not a repeat. Marks that
 * arrive while a batch is being written wait for the next one, so at a shift change (hundreds of workers
 * in the same minute) the database sees two statements per batch instead of a transaction per mark:
 *
 * 1. one read of everything the rules need for every mark of the batch (worker, company, site, chain
 *    head, whether the idCliente was seen, the worker's latest mark, and their marks around now, which
 *    the mark's notice reads instead of asking again);
 * 2. one statement that advances each worker's chain head only from the seq the read saw and, for the
 *    heads it advanced, writes the marks and their receipt jobs. A statement is atomic: a mark is
 *    written with its head and its job or not at all.
 *
 * A batch holds marks of one company and at most one per worker (a worker's next mark waits for the
 * next batch), so a head moves once per statement. Whatever the batch cannot decide alone (a retry, a repeat, a flagged
 * mark, a head that moved under it, a unique violation) goes back to the caller as `locked`: the
 * service's locked transaction decides it, one mark at a time, exactly as before.
 */
import type { MotivoIntento } from '@jornada/contracts';
import type { Db } from '../../db/client';
import { runAsCompany } from '../../db/tenant-context';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashedMark, planMark, type MarkPlan } from './marks.plan';
import { readBatch, writeBatch, type RecentMarkTuple } from './marks.repository';
import type { MarkRow, RecordContext, RecordMarkInput, WorkerContext } from './marks.types';

type BatchOutcome =
  /** `recent`: the worker's other marks around it, as the batch's read saw them (for the mark's notice). */
  | { kind: 'recorded'; worker: WorkerContext; mark: MarkRow; queued: boolean; recent: readonly RecentMarkTuple[] }
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

interface MarkBatcherOptions {
  db: Db;
  receiptJob: string;
  repeatWindowMs: number;
  /** Largest batch (bounds statement size and the wait of the last mark in it). */
  maxBatch?: number;
  /** Batches written at the same time (one reads while another writes). */
  maxInFlight?: number;
}

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

  /** Step 1: one read of what the rules need for every mark of the batch (marks.repository.ts). */
  function read(batch: Pending[]) {
    return readBatch(
      db,
      batch.map((p, i) => ({ i, companyId: p.input.companyId, userId: p.input.userId, clientId: p.input.idCliente, siteId: p.input.siteId ?? null, now: p.ctx.now })),
    );
  }

  /** Step 2: writes the marks whose heads are still where the read saw them; returns the ids written. */
  function write(items: { mark: MarkRow; mail: boolean }[]): Promise<Set<string>> {
    return writeBatch(db, items, receiptJob);
  }

  async function flush(batch: Pending[]): Promise<void> {
    const rows = new Map((await read(batch)).map((row) => [row.i, row]));
    const toWrite: { pending: Pending; worker: WorkerContext; mark: MarkRow; mail: boolean; recent: readonly RecentMarkTuple[] }[] = [];
    batch.forEach((pending, index) => {
      const row = rows.get(index);
      if (!row) return pending.resolve({ kind: 'missing' });
      const worker: WorkerContext = { user: row.user, company: row.company, site: row.site, schedule: row.schedule };
      const plan = planMark(worker, pending.input, pending.ctx, null);
      if (plan.refusal) return pending.resolve({ kind: 'refused', worker, plan, motivo: plan.refusal });
      const repeat = row.lastKind === pending.input.tipo && row.lastAt !== null && pending.ctx.now.getTime() - new Date(row.lastAt).getTime() < repeatWindowMs;
      if (row.retried || repeat || plan.outsideGeofence) return pending.resolve({ kind: 'locked' });
      const mark = hashedMark(plan.values, { seq: row.headSeq ?? 0, lastHash: row.headHash });
      toWrite.push({ pending, worker, mark, mail: !pending.input.sinCorreo, recent: row.recent });
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
      item.pending.resolve(written.has(item.mark.id) ? { kind: 'recorded', worker: item.worker, mark: item.mark, queued: item.mail, recent: item.recent } : { kind: 'locked' });
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
