/**
 * The audit of the marks' hash chains. Marks are hashed and chained as they are written
 * (modules/marks); this audit re-reads each worker's whole chain, recomputes every hash, and stores
 * its verdict: one row per worker in `mark_chain_audits` (verified from N° 1 to `through_seq`, when,
 * and whether the chain's end matches its head) and one row per flagged mark in
 * `mark_chain_findings`. Reports read the verdict instead of recomputing SHA-256 for every mark of
 * the month on every view.
 *
 * When it runs:
 * - on a schedule, every company, in the job queue (`MARK_AUDIT_JOB`, `scheduleMarkAudits`);
 * - at once for a worker whose marks were changed or deleted: a trigger on `marks` counts UPDATEs and
 *   DELETEs in `mark_chain_audits.changes` (it fires even with the insert-only trigger switched off),
 *   and a report re-verifies every worker whose count moved before it reads the verdicts. A change
 *   made with every trigger switched off is found by the next scheduled audit.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { runAsSystem } from '../../db/tenant-context';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs';
import { chainTailProblem, markIntegrity } from '../marks/index';
import { auditInputs, chainHeadsAfter, queueJobPerCompany, replaceFindings, staleAuditedWorkers, upsertVerdicts, type NewChainFinding } from './reports.repository';

const MARK_AUDIT_JOB = 'marcas.auditoria-cadena';
/** How often every company's chains are audited in full. */
export const MARK_AUDIT_EVERY_MS = 6 * 60 * 60_000;
/** Marks read and hashed per batch of workers; the loop yields between batches. */
const AUDIT_BATCH_ROWS = 4000;
/** Workers listed per keyset step. */
const AUDIT_LIST = 1000;

interface AuditOutcome {
  workers: number;
  marks: number;
  alteradas: number;
  cadenaRota: number;
  tails: number;
}

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createMarkAudit({ db, clock, log }: { db: Db; clock: Clock; log?: FastifyBaseLogger }) {
  /** Verifies the given workers' whole chains and stores the verdicts (the caller's tenant scope applies). */
  async function auditWorkers(companyId: string, userIds: string[]): Promise<AuditOutcome> {
    const outcome: AuditOutcome = { workers: userIds.length, marks: 0, alteradas: 0, cadenaRota: 0, tails: 0 };
    if (userIds.length === 0) return outcome;
    // The change counts before reading: a change that lands while the chains are read leaves the verdict stale.
    const [seen, heads, rows] = await auditInputs(db, companyId, userIds);
    const changesOf = new Map(seen.map((row) => [row.userId, row]));
    const headOf = new Map(heads.map((head) => [head.userId, head]));
    const findings: NewChainFinding[] = [];
    const verdicts = new Map<string, { throughSeq: number; tailProblem: string | null }>();
    let previous: { userId: string; seq: number; hash: string } | null = null;
    const closeChain = (userId: string, last: { seq: number; hash: string } | undefined) => {
      const tailProblem = chainTailProblem(headOf.get(userId), last);
      if (tailProblem) outcome.tails += 1;
      verdicts.set(userId, { throughSeq: last?.seq ?? 0, tailProblem });
    };
    for (const mark of rows) {
      if (previous && previous.userId !== mark.userId) closeChain(previous.userId, previous);
      const predecessor = previous && previous.userId === mark.userId ? previous : null;
      const integrity = markIntegrity(mark, { seq: predecessor?.seq ?? null, hash: predecessor && predecessor.seq === mark.seq - 1 ? predecessor.hash : null });
      outcome.marks += 1;
      if (integrity.integridad !== 'integra') {
        findings.push({ companyId, markId: mark.id, userId: mark.userId, integrity: integrity.integridad });
        if (integrity.integridad === 'alterada') outcome.alteradas += 1;
        else outcome.cadenaRota += 1;
      }
      previous = { userId: mark.userId, seq: mark.seq, hash: mark.hash };
    }
    if (previous) closeChain(previous.userId, previous);
    for (const userId of userIds) if (!verdicts.has(userId)) closeChain(userId, undefined);

    const now = clock();
    await db.transaction(async (tx) => {
      await replaceFindings(tx, companyId, userIds, findings);
      const values = userIds.map((userId) => ({
        companyId,
        userId,
        throughSeq: verdicts.get(userId)!.throughSeq,
        auditedAt: now,
        checkedChanges: changesOf.get(userId)?.changes ?? 0,
        tailProblem: verdicts.get(userId)!.tailProblem,
      }));
      await upsertVerdicts(tx, values);
    });
    // A broken link is news at once: the log says which worker's chain, what was found and when.
    const known = new Map(seen.map((row) => [row.userId, Number(row.findings)]));
    const flaggedNow = new Map<string, number>();
    for (const finding of findings) flaggedNow.set(finding.userId, (flaggedNow.get(finding.userId) ?? 0) + 1);
    for (const [userId, count] of flaggedNow) {
      if (count !== known.get(userId)) log?.error({ companyId, userId, marcas: count }, 'cadena de marcas alterada: marcas modificadas o borradas en la base de datos');
    }
    for (const [userId, verdict] of verdicts) {
      if (verdict.tailProblem && !flaggedNow.has(userId) && !known.get(userId)) log?.error({ companyId, userId, detalle: verdict.tailProblem }, 'cadena de marcas alterada: su final no coincide con lo registrado');
    }
    return outcome;
  }

  /** Every worker with a chain in the company, in batches of about AUDIT_BATCH_ROWS marks, yielding between them. */
  async function auditCompany(companyId: string): Promise<AuditOutcome> {
    const total: AuditOutcome = { workers: 0, marks: 0, alteradas: 0, cadenaRota: 0, tails: 0 };
    let after: string | null = null;
    for (;;) {
      const heads: { userId: string; seq: number }[] = await chainHeadsAfter(db, companyId, after, AUDIT_LIST);
      if (heads.length === 0) break;
      let batch: string[] = [];
      let rows = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        const outcome = await auditWorkers(companyId, batch);
        for (const key of Object.keys(total) as (keyof AuditOutcome)[]) total[key] += outcome[key];
        batch = [];
        rows = 0;
        await yieldToLoop();
      };
      for (const head of heads) {
        if (batch.length > 0 && rows + head.seq > AUDIT_BATCH_ROWS) await flush();
        batch.push(head.userId);
        rows += head.seq;
      }
      await flush();
      after = heads[heads.length - 1]!.userId;
      if (heads.length < AUDIT_LIST) break;
    }
    return total;
  }

  /** Workers (among `userIds`, or all) whose marks changed since their last verdict. */
  async function staleWorkers(companyId: string, userIds?: string[]): Promise<string[]> {
    return staleAuditedWorkers(db, companyId, userIds);
  }

  return { auditWorkers, auditCompany, staleWorkers };
}

export type MarkAudit = ReturnType<typeof createMarkAudit>;

/**
 * The scheduled audit: one job per company in the durable queue (so several API processes share the
 * work and a crash does not lose it). `scheduleMarkAudits` adds a job for each company that has none
 * pending; the server calls it at start and every MARK_AUDIT_EVERY_MS.
 */
export function registerMarkAuditJobs(queue: JobQueue, audit: MarkAudit): void {
  queue.handle(MARK_AUDIT_JOB, async (payload) => {
    const { companyId } = payload as { companyId: string };
    await audit.auditCompany(companyId);
  });
}

export async function scheduleMarkAudits(db: Db, now: Date): Promise<number> {
  return runAsSystem(() => queueJobPerCompany(db, MARK_AUDIT_JOB, now));
}
