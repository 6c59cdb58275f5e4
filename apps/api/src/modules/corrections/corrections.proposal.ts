/** Proposing a correction: a missing mark, an attempt turned into a mark or a changed time, checked against what the marks module would record, then stored with its notice and deadline. */
import {
  ACCESS,
  CORRECCION_PLAZO_MS,
  MOTIVOS_CON_MARCA,
  TIPO_MARCA_LABELS,
  type Correccion,
  type crearCorreccionBodySchema,
  type TipoMarca,
} from '@jornada/contracts';
import { localDateOf, markOrderConflict } from '@jornada/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fieldError, notFound, requirePerfil } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { RequestSession } from '../../plugins/types';
import { REPEAT_WINDOW_MS } from '../marks/index';
import type { PayrollPeriodsPort } from '../payroll-periods/index';
import { CORRECTION_DEADLINE_JOB, type Consolidation } from './corrections.consolidation';
import * as repo from './corrections.repository';
import type { AttemptRow, CorrectedMark, CorrectionRow, UserRow } from './corrections.repository';
import { attemptDefaultInstant, clDate, CORRECTION_MESSAGES, DAY_MS, DEFAULT_ZONE, harmsWorker, localParts, orderMessage, typedInstant } from './corrections.rules';
import type { CorrectionViews } from './corrections.views';

type CrearCorreccionInput = z.output<typeof crearCorreccionBodySchema>;

export function createCorrectionProposal(db: Db, { scopeOf, manages, views }: CorrectionViews, { notify }: Consolidation, onJobQueued: (() => void) | undefined, payrollPeriods: PayrollPeriodsPort) {
  /** Refuses a proposal that the marks module would ignore or refuse, so the worker is never asked about a mark that cannot exist. */
  async function checkProposal(worker: UserRow, kind: TipoMarca, at: Date, zone: string, now: Date, correctedId?: string): Promise<void> {
    if (at.getTime() > now.getTime()) throw fieldError('hora', CORRECTION_MESSAGES.future);
    if (!worker.active) throw fieldError('usuarioId', CORRECTION_MESSAGES.inactive);
    if (worker.perfil === 'fiscalizador') throw fieldError('usuarioId', CORRECTION_MESSAGES.inspector);
    const day = localDateOf(zone, at.getTime());
    if (day < worker.inicioContrato) throw fieldError('fecha', `La fecha es anterior al inicio del contrato del trabajador (${clDate(worker.inicioContrato)}).`);
    if (worker.finContrato !== null && day > worker.finContrato) {
      throw fieldError('fecha', `La fecha es posterior al fin del contrato del trabajador (${clDate(worker.finContrato)}).`);
    }
    // The marks module keeps the first of two marks of the same kind less than 12 hours apart.
    // The mark a correction changes is not a neighbour: the correction takes its place.
    const before = await repo.markAtOrBefore(db, worker.companyId, worker.id, at, correctedId);
    const after = await repo.markAfter(db, worker.companyId, worker.id, at, correctedId);
    for (const neighbour of [before, after]) {
      if (!neighbour || neighbour.kind !== kind) continue;
      const when = new Date(neighbour.eff);
      if (Math.abs(when.getTime() - at.getTime()) < REPEAT_WINDOW_MS) {
        const { fecha, hora } = localParts(when, zone);
        throw fieldError(
          'hora',
          `Ya hay una marca de ${TIPO_MARCA_LABELS[kind].toLowerCase()} el ${clDate(fecha)} a las ${hora}: otra del mismo tipo a menos de 12 horas no se registraría (se conserva la primera).`,
        );
      }
    }
    // The workday stays in order: an exit after the day's other marks, an entry before them, a colación between.
    const conflict = markOrderConflict(
      before ? { kind: before.kind, at: new Date(before.eff).getTime() } : null,
      kind,
      at.getTime(),
      after ? { kind: after.kind, at: new Date(after.eff).getTime() } : null,
    );
    if (conflict) throw fieldError('hora', orderMessage(kind, at, conflict, zone));
  }

  async function workerOf(companyId: string, userId: string) {
    const row = await repo.workerWithZone(db, companyId, userId);
    return row ? { user: row.user, zone: row.zone ?? DEFAULT_ZONE } : null;
  }

  return {
    async propose(session: RequestSession, body: CrearCorreccionInput, now: Date): Promise<Correccion> {
      requirePerfil(session, ...ACCESS.correctionsManage);
      const scope = await scopeOf(session);
      let attempt: AttemptRow | null = null;
      let corrected: (CorrectedMark & { userId: string }) | null = null;
      let userId: string;
      if (body.marcaId) {
        const found = await repo.findMarkToCorrect(db, session.companyId, body.marcaId);
        if (!found) throw notFound(CORRECTION_MESSAGES.markNotFound);
        if (body.usuarioId && body.usuarioId !== found.userId) throw fieldError('usuarioId', CORRECTION_MESSAGES.markWorker);
        if (body.tipo && body.tipo !== found.kind) throw fieldError('tipo', CORRECTION_MESSAGES.markKind);
        corrected = found;
        userId = found.userId;
      } else if (body.intentoId) {
        const found = await repo.findAttempt(db, session.companyId, body.intentoId);
        if (!found) throw notFound(CORRECTION_MESSAGES.attemptNotFound);
        if (!found.userId) {
          // Only an administrator sees attempts without a worker; for anyone else it does not exist.
          if (!('all' in scope)) throw notFound(CORRECTION_MESSAGES.attemptNotFound);
          throw fieldError('intentoId', CORRECTION_MESSAGES.attemptWithoutWorker);
        }
        if (body.usuarioId && body.usuarioId !== found.userId) throw fieldError('usuarioId', 'El trabajador no corresponde al del intento.');
        attempt = found;
        userId = found.userId;
      } else {
        userId = body.usuarioId!;
      }
      const worker = await workerOf(session.companyId, userId);
      const notFoundMessage = corrected ? CORRECTION_MESSAGES.markNotFound : attempt ? CORRECTION_MESSAGES.attemptNotFound : CORRECTION_MESSAGES.workerNotFound;
      if (!worker) throw notFound(notFoundMessage);
      if (worker.user.id === session.userId) throw new AppError('FORBIDDEN', CORRECTION_MESSAGES.self);
      if (!manages(scope, worker.user)) throw notFound(notFoundMessage);
      if (attempt && MOTIVOS_CON_MARCA.includes(attempt.reason) && attempt.markId) throw fieldError('intentoId', CORRECTION_MESSAGES.attemptHasMark);

      const kind = corrected?.kind ?? body.tipo ?? attempt?.kind ?? null;
      if (!kind) throw fieldError('tipo', CORRECTION_MESSAGES.noKind);
      const zone = worker.zone;
      const proposedAt = body.fecha && body.hora ? typedInstant(body.fecha, body.hora, zone, body.ocurrencia) : attemptDefaultInstant(attempt!, zone);
      if (corrected) {
        const shift = proposedAt.getTime() - corrected.at.getTime();
        if (shift === 0) throw fieldError('hora', CORRECTION_MESSAGES.markSameTime);
        if (Math.abs(shift) >= DAY_MS) throw fieldError('hora', CORRECTION_MESSAGES.markTooFar);
        const harm = harmsWorker(kind, corrected.at, proposedAt);
        if (harm) throw fieldError('hora', harm);
      }
      if (corrected) {
        if (await repo.isSuperseded(db, session.companyId, corrected.userId, corrected.id)) throw new AppError('CONFLICT', CORRECTION_MESSAGES.markSuperseded);
        const live = await repo.liveCorrectionOfMark(db, session.companyId, corrected.id);
        if (live) throw new AppError('CONFLICT', live === 'pendiente' ? CORRECTION_MESSAGES.markPending : CORRECTION_MESSAGES.markSuperseded);
      }
      await checkProposal(worker.user, kind, proposedAt, zone, now, corrected?.id);
      await payrollPeriods.assertMonthsOpen(db, session.companyId, [localDateOf(zone, proposedAt.getTime())]);
      if (attempt) {
        const live = await repo.liveCorrectionOfAttempt(db, session.companyId, attempt.id);
        if (live) throw new AppError('CONFLICT', live === 'pendiente' ? CORRECTION_MESSAGES.attemptPending : CORRECTION_MESSAGES.attemptConsolidated);
      }

      let created: CorrectionRow;
      try {
        created = await db.transaction(async (tx) => {
          const row = await repo.insertCorrection(tx, {
            companyId: session.companyId,
            userId,
            attemptId: attempt?.id ?? null,
            correctsMarkId: corrected?.id ?? null,
            kind,
            proposedAt,
            timeZone: zone,
            reason: body.motivo,
            requestedBy: session.userId,
            createdAt: now,
            deadline: new Date(now.getTime() + CORRECCION_PLAZO_MS),
          });
          await repo.insertEvent(tx, row, 'propuesta', session.userId, now, body.motivo);
          await notify(tx, row, 'propuesta', now);
          await repo.queueJob(tx, CORRECTION_DEADLINE_JOB, { companyId: row.companyId, correctionId: row.id }, row.deadline, now);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'mark_corrections_attempt_live_key')) throw new AppError('CONFLICT', CORRECTION_MESSAGES.attemptPending);
        if (isUniqueViolation(error, 'mark_corrections_mark_live_key')) throw new AppError('CONFLICT', CORRECTION_MESSAGES.markPending);
        throw error;
      }
      onJobQueued?.();
      return (await views(session, scope, [created], now))[0]!;
    },
  };
}
