/**
 * Corrections of marks (DT Res. Ex. 38): the employer proposes, the worker is e-mailed and has 48 hours
 * to object; without objection (or when the worker accepts) the correction becomes a new mark through
 * the marks module (method `correccion`); with an objection the original stands.
 *
 * Consolidation is idempotent and safe across processes: a correction is first claimed with a
 * conditional UPDATE (a lease in `claimed_at`), then its mark is recorded with the stable key
 * `correccion:<id>` (a retry returns the same mark), then the correction is closed. An objection or an
 * annulment only succeeds on an unclaimed, unaccepted correction before its deadline, so a worker's
 * objection and a consolidation can never both win.
 *
 * This file holds the list, the detail and the closing use cases (object, accept, annul); the proposal,
 * the consolidation, the views and the rules are in corrections.proposal.ts, corrections.consolidation.ts,
 * corrections.views.ts and corrections.rules.ts.
 */
import { ACCESS, type Correccion, type CorreccionesPage, type correccionesQuerySchema, type EstadoCorreccion } from '@jornada/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { requirePerfil } from '../../lib/access';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import type { LedGroupsPort } from '../groups/index';
import { createConsolidation, type ConsolidationDeps } from './corrections.consolidation';
import { createCorrectionProposal } from './corrections.proposal';
import * as repo from './corrections.repository';
import type { NewCorrection } from './corrections.repository';
import { CORRECTION_MESSAGES } from './corrections.rules';
import { createCorrectionViews } from './corrections.views';

type CorreccionesQueryInput = z.output<typeof correccionesQuerySchema>;

/**
 * Corrections of marks of `from`..`to` (local dates) waiting for the worker to accept or object, for
 * another module's check (payroll before closing a month). No session: the caller scoped the company.
 */
function correctionsAwaitingWorker(db: DbOrTx, companyId: string, from: string, to: string, now: Date): Promise<number> {
  return repo.countAwaitingWorker(db, companyId, from, to, now);
}

/** What the service needs: the database, the marks module (for consolidation), a log and the job loop's wake-up. */
type CorrectionsServiceDeps = ConsolidationDeps & {
  /** A supervisor's groups (modules/groups' `app.ledGroups`). */
  ledGroups: LedGroupsPort;
};

export function createCorrectionsService({ db, marks, log, onJobQueued, ledGroups, payrollPeriods }: CorrectionsServiceDeps) {
  const consolidation = createConsolidation({ db, marks, log, onJobQueued, payrollPeriods });
  const { notify, consolidate, consolidateDue } = consolidation;
  const correctionViews = createCorrectionViews(db, ledGroups);
  const { scopeOf, manages, findRow, views, visibleRow, viewOf } = correctionViews;

  /**
   * Moves a pending correction, still open (before its deadline, not accepted nor being consolidated),
   * to `objetada` or `anulada` with its event and e-mail, in one transaction; a correction that moved
   * meanwhile answers 409 with its state.
   */
  async function closePending(
    session: RequestSession,
    id: string,
    now: Date,
    status: 'objetada' | 'anulada',
    set: Partial<NewCorrection>,
    note: string,
  ): Promise<void> {
    const closed = await db.transaction(async (tx) => {
      const updated = await repo.closeOpen(tx, session.companyId, id, now, status, set);
      if (!updated) return null;
      await repo.insertEvent(tx, updated, status, session.userId, now, note);
      await notify(tx, updated, status, now);
      return updated;
    });
    if (!closed) {
      const after = await findRow(session.companyId, id);
      throw new AppError('CONFLICT', closedMessage(after?.status ?? 'pendiente'));
    }
  }

  function closedMessage(status: EstadoCorreccion): string {
    switch (status) {
      case 'consolidada':
        return 'La corrección ya quedó consolidada: su marca está registrada.';
      case 'objetada':
        return 'La corrección ya fue objetada: se mantiene el registro original.';
      case 'anulada':
        return 'La corrección fue anulada.';
      default:
        return CORRECTION_MESSAGES.inProgress;
    }
  }

  return {
    consolidate,
    consolidateDue,
    correctionsAwaitingWorker,

    ...createCorrectionProposal(db, correctionViews, consolidation, onJobQueued, payrollPeriods),

    async list(session: RequestSession, query: CorreccionesQueryInput, now: Date): Promise<CorreccionesPage> {
      requirePerfil(session, ...ACCESS.corrections);
      await consolidateDue(session.companyId, now);
      const scope = await scopeOf(session);
      // A malformed worker id matches nobody; of `intentoIds`, only the first 100 well-formed ids count.
      const none = '00000000-0000-0000-0000-000000000000';
      const { rows, total } = await repo.listCorrections(
        db,
        session.companyId,
        scope,
        {
          estado: query.estado,
          usuarioId: query.usuarioId ? (isUuid(query.usuarioId) ? query.usuarioId : none) : undefined,
          desde: query.desde,
          hasta: query.hasta,
          attemptIds:
            query.intentoIds === undefined
              ? undefined
              : query.intentoIds
                  .split(',')
                  .map((id) => id.trim())
                  .filter(isUuid)
                  .slice(0, 100),
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        items: await views(session, scope, rows, now),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async get(session: RequestSession, id: string, now: Date): Promise<Correccion> {
      requirePerfil(session, ...ACCESS.corrections);
      const scope = await scopeOf(session);
      const { row } = await visibleRow(session, scope, id);
      if (row.status === 'pendiente') await consolidate(session.companyId, row.id, now);
      return viewOf(session, scope, id, now);
    },

    async object(session: RequestSession, id: string, objecion: string, now: Date): Promise<Correccion> {
      requirePerfil(session, ...ACCESS.corrections);
      const scope = await scopeOf(session);
      const { row } = await visibleRow(session, scope, id);
      if (row.userId !== session.userId) throw new AppError('FORBIDDEN', CORRECTION_MESSAGES.notTheWorker);
      if (row.status === 'pendiente' && row.deadline.getTime() <= now.getTime()) {
        await consolidate(session.companyId, row.id, now);
        const after = await findRow(session.companyId, row.id);
        throw new AppError('CONFLICT', after?.status === 'consolidada' ? CORRECTION_MESSAGES.deadlinePassed : closedMessage(after?.status ?? 'pendiente'));
      }
      if (row.status !== 'pendiente' || row.acceptedAt || row.claimedAt) throw new AppError('CONFLICT', row.acceptedAt && row.status === 'pendiente' ? CORRECTION_MESSAGES.inProgress : closedMessage(row.status));
      await closePending(session, row.id, now, 'objetada', { objection: objecion, objectedAt: now }, objecion);
      onJobQueued?.();
      return viewOf(session, scope, row.id, now);
    },

    async accept(session: RequestSession, id: string, now: Date): Promise<Correccion> {
      requirePerfil(session, ...ACCESS.corrections);
      const scope = await scopeOf(session);
      const { row } = await visibleRow(session, scope, id);
      if (row.userId !== session.userId) throw new AppError('FORBIDDEN', CORRECTION_MESSAGES.notTheWorker);
      if (row.status === 'pendiente' && !row.acceptedAt && row.deadline.getTime() > now.getTime()) {
        await db.transaction(async (tx) => {
          const accepted = await repo.markAccepted(tx, session.companyId, row.id, now);
          if (accepted) await repo.insertEvent(tx, accepted, 'aceptada', session.userId, now, null);
        });
      }
      await consolidate(session.companyId, row.id, now);
      const after = await findRow(session.companyId, row.id);
      // Accepting what is already consolidated changes nothing: answer it as it is.
      if (after?.status !== 'consolidada') throw new AppError('CONFLICT', closedMessage(after?.status ?? 'pendiente'));
      return viewOf(session, scope, row.id, now);
    },

    async annul(session: RequestSession, id: string, motivo: string, now: Date): Promise<Correccion> {
      requirePerfil(session, ...ACCESS.correctionsManage);
      const scope = await scopeOf(session);
      const { row, groupId } = await visibleRow(session, scope, id);
      if (!manages(scope, { id: row.userId, groupId })) throw new AppError('FORBIDDEN', CORRECTION_MESSAGES.notManager);
      if (row.status === 'pendiente' && row.deadline.getTime() <= now.getTime()) {
        await consolidate(session.companyId, row.id, now);
        const after = await findRow(session.companyId, row.id);
        throw new AppError('CONFLICT', after?.status === 'consolidada' ? 'El plazo venció: la corrección ya quedó consolidada.' : closedMessage(after?.status ?? 'pendiente'));
      }
      if (row.status !== 'pendiente' || row.acceptedAt || row.claimedAt) throw new AppError('CONFLICT', row.acceptedAt && row.status === 'pendiente' ? CORRECTION_MESSAGES.inProgress : closedMessage(row.status));
      await closePending(session, row.id, now, 'anulada', { annulledAt: now, annulledBy: session.userId, annulReason: motivo }, motivo);
      onJobQueued?.();
      return viewOf(session, scope, row.id, now);
    },
  };
}

export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
