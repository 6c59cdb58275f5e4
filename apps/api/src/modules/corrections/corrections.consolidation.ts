/** A correction's life without a person: the e-mail and deadline jobs, consolidation into a mark (claimed with a lease, idempotent across processes) and the system's annulment when the mark cannot be recorded. */
import { localDateOf } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { MarksService } from '../marks/index';
import type { PayrollPeriodsPort } from '../payroll-periods/index';
import * as repo from './corrections.repository';
import type { CorrectionRow } from './corrections.repository';

/** E-mails of the flow: to the worker (proposal, annulment) and to whoever proposed it (objection; `no_registrada`: the system annulled it). */
export const CORRECTION_MAIL_JOB = 'correccion-correo';
/** Consolidates a correction when its deadline passes (scheduled at the deadline). */
export const CORRECTION_DEADLINE_JOB = 'correccion-plazo';
export type CorrectionNotice = 'propuesta' | 'objetada' | 'anulada' | 'no_registrada';

/** A consolidation that started longer ago than this was interrupted: another process may take it over. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** Due corrections consolidated per list read (the deadline job takes care of the rest). */
const LAZY_BATCH = 25;

export interface ConsolidationDeps {
  db: Db;
  /** The marks module, which records the consolidated mark (and e-mails its receipt). */
  marks: () => MarksService;
  log: FastifyBaseLogger;
  /** Called after a transaction that queued a job commits (wakes the job loop). */
  onJobQueued?: (() => void) | undefined;
  /** The check of closed payroll months (modules/payroll-periods' `app.payrollPeriods`). */
  payrollPeriods: PayrollPeriodsPort;
}

export function createConsolidation({ db, marks: marksModule, log, onJobQueued, payrollPeriods }: ConsolidationDeps) {
  async function notify(dbx: DbOrTx, row: CorrectionRow, aviso: CorrectionNotice, now: Date): Promise<void> {
    await repo.queueJob(dbx, CORRECTION_MAIL_JOB, { companyId: row.companyId, correctionId: row.id, aviso }, now, now);
  }

  /** A claim that started before this instant has run out. */
  const leaseCutoff = (now: Date) => new Date(now.getTime() - CLAIM_LEASE_MS);

  /** Closes a claimed correction as annulled by the system: its mark could not be recorded. */
  async function annulBySystem(row: CorrectionRow, message: string, now: Date): Promise<void> {
    await db.transaction(async (tx) => {
      const closed = await repo.closeAnnulledBySystem(tx, row.companyId, row.id, `No se pudo registrar la marca: ${message}`, now);
      if (!closed) return;
      await repo.insertEvent(tx, closed, 'anulada', null, now, closed.annulReason);
      await notify(tx, closed, 'anulada', now);
      await notify(tx, closed, 'no_registrada', now);
    });
    onJobQueued?.();
  }

  /**
   * Consolidates one correction if it is due (deadline passed, or accepted by the worker) and nobody
   * else is consolidating it. Safe to call any number of times, from any process.
   */
  async function consolidate(companyId: string, id: string, now: Date): Promise<'consolidada' | 'anulada' | 'omitida'> {
    const row = await repo.claimDue(db, companyId, id, now, leaseCutoff(now));
    if (!row) return 'omitida';
    let result: Awaited<ReturnType<MarksService['recordMark']>>;
    try {
      // A mark in a payroll month closed meanwhile would change its pay: the correction is annulled with the reason.
      await payrollPeriods.assertMonthsOpen(db, companyId, [localDateOf(row.timeZone, row.proposedAt.getTime())]);
      result = await marksModule().recordMark(
        {
          companyId,
          userId: row.userId,
          tipo: row.kind,
          metodo: 'correccion',
          idCliente: `correccion:${row.id}`,
          horaOriginal: row.proposedAt,
          dispositivo: 'Corrección',
          corrigeMarcaId: row.correctsMarkId ?? undefined,
        },
        { now },
      );
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) {
        await annulBySystem(row, Object.values(error.fields ?? {})[0] ?? error.message, now);
        return 'anulada';
      }
      // Unexpected (database down): the claim's lease runs out and the next attempt takes it over.
      throw error;
    }
    if (result.status !== 'recorded') {
      await annulBySystem(row, result.mensaje, now);
      return 'anulada';
    }
    await db.transaction(async (tx) => {
      const closed = await repo.closeConsolidated(tx, companyId, id, result.marca.id, now);
      if (!closed) return;
      const note = closed.acceptedAt ? 'El trabajador aceptó la corrección.' : 'Sin objeción dentro del plazo de 48 horas.';
      await repo.insertEvent(tx, closed, 'consolidada', null, now, note);
    });
    return 'consolidada';
  }

  /** The lazy half of consolidation: whoever reads a list first closes what is due (the deadline job does the same). */
  async function consolidateDue(companyId: string, now: Date): Promise<void> {
    const due = await repo.dueCorrectionIds(db, companyId, now, leaseCutoff(now), LAZY_BATCH);
    for (const id of due) {
      try {
        await consolidate(companyId, id, now);
      } catch (error) {
        // A read must not fail because a consolidation could not finish: the deadline job retries it.
        log.warn({ err: error, correctionId: id }, 'no se pudo consolidar la corrección; se reintentará');
      }
    }
  }

  return { notify, consolidate, consolidateDue };
}

export type Consolidation = ReturnType<typeof createConsolidation>;
