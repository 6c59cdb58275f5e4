import { TIPO_MARCA_LABELS } from '@jornada/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { markAttempts, markCorrections, marks, users } from '../../db/schema/index';
import type { JobQueue } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { annulmentEmail, objectionEmail, proposalEmail, type CorrectionMailFacts } from './corrections.email';
import {
  clDate,
  companyName,
  CORRECTION_DEADLINE_JOB,
  CORRECTION_MAIL_JOB,
  describeMark,
  describeOriginal,
  localParts,
  type CorrectionNotice,
  type CorrectionsService,
} from './corrections.service';

/** The page where the worker objects or accepts (and the employer follows the status). */
export function correctionLink(publicUrl: string, id: string): string {
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
    const [row] = await db
      .select()
      .from(markCorrections)
      .where(and(eq(markCorrections.companyId, companyId), eq(markCorrections.id, correctionId)))
      .limit(1);
    if (!row) return;
    const person = async (id: string) =>
      (await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id))).limit(1))[0];
    const [worker, requester, attempt, empresa, corrected] = await Promise.all([
      person(row.userId),
      person(row.requestedBy),
      row.attemptId
        ? db.select().from(markAttempts).where(and(eq(markAttempts.companyId, companyId), eq(markAttempts.id, row.attemptId))).limit(1).then((r) => r[0])
        : Promise.resolve(undefined),
      companyName(db, companyId),
      row.correctsMarkId
        ? db
            .select({ id: marks.id, kind: marks.kind, at: sql<Date>`coalesce(${marks.originalAt}, ${marks.at})`.mapWith(marks.at) })
            .from(marks)
            .where(and(eq(marks.companyId, companyId), eq(marks.id, row.correctsMarkId)))
            .limit(1)
            .then((r) => r[0] ?? null)
        : Promise.resolve(null),
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
