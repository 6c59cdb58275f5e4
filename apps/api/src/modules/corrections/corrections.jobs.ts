import { TIPO_MARCA_LABELS } from '@jornada/contracts';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { annulmentEmail, objectionEmail, proposalEmail, type CorrectionMailFacts } from './corrections.email';
import * as repo from './corrections.repository';
import { CORRECTION_DEADLINE_JOB, CORRECTION_MAIL_JOB, type CorrectionNotice } from './corrections.consolidation';
import { clDate, describeMark, describeOriginal, localParts } from './corrections.rules';
import type { CorrectionsService } from './corrections.service';

/** The page where the worker objects or accepts (and the employer follows the status). */
function correctionLink(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/dashboard/corrections?correccion=${id}`;
}

/**
 * The correction flow's jobs: its e-mails (a failure throws, so the queue retries) and the
 * consolidation at the deadline (idempotent: a correction already closed is left alone).
 */
export function registerCorrectionJobs(queue: JobQueue, deps: { db: Db; mailer: Mailer; publicUrl: string; corrections: CorrectionsService; clock: () => Date }): void {
  queue.handle(CORRECTION_DEADLINE_JOB, async (payload) => {
    const { companyId, correctionId } = payload as { companyId: string; correctionId: string };
    await deps.corrections.consolidate(companyId, correctionId, deps.clock());
  });

  queue.handle(CORRECTION_MAIL_JOB, async (payload) => {
    const { companyId, correctionId, aviso } = payload as { companyId: string; correctionId: string; aviso: CorrectionNotice };
    const { db } = deps;
    const row = await repo.findCorrection(db, companyId, correctionId);
    if (!row) return;
    const [worker, requester, attempt, empresa, corrected] = await Promise.all([
      repo.findUser(db, companyId, row.userId),
      repo.findUser(db, companyId, row.requestedBy),
      row.attemptId ? repo.findAttempt(db, companyId, row.attemptId) : Promise.resolve(undefined),
      repo.companyName(db, companyId),
      row.correctsMarkId ? repo.correctedMarks(db, companyId, [row.correctsMarkId]).then((r) => r[0] ?? null) : Promise.resolve(null),
    ]);
    if (!worker || !requester) return;
    const deadline = localParts(row.deadline, row.timeZone);
    const facts: CorrectionMailFacts = {
      trabajador: `${worker.nombre} ${worker.apellidos}`,
      empresa,
      original: describeOriginal(attempt, row.timeZone, corrected),
      nuevo: describeMark(row.kind, row.proposedAt, row.timeZone),
      tipo: TIPO_MARCA_LABELS[row.kind],
      fecha: clDate(localParts(row.proposedAt, row.timeZone).fecha),
      motivo: row.reason,
      solicitante: `${requester.nombre} ${requester.apellidos}`,
      plazo: `${clDate(deadline.fecha)} a las ${deadline.hora} (${row.timeZone})`,
      enlace: correctionLink(deps.publicUrl, row.id),
    };
    const workerAddress = worker.emailPersonal ?? worker.email;
    switch (aviso) {
      case 'propuesta':
        await deps.mailer.send(proposalEmail(facts, workerAddress));
        return;
      case 'objetada':
        await deps.mailer.send(objectionEmail({ ...facts, objecion: row.objection ?? '' }, requester.email));
        return;
      case 'anulada':
        await deps.mailer.send(annulmentEmail({ ...facts, anulacion: row.annulReason ?? '', saludo: facts.trabajador }, workerAddress));
        return;
      case 'no_registrada':
        await deps.mailer.send(annulmentEmail({ ...facts, anulacion: row.annulReason ?? '', saludo: facts.solicitante }, requester.email));
        return;
    }
  });
}
