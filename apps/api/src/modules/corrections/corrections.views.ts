/** Who sees and manages corrections (the session's scope) and the API view of a correction, with its people, original mark or attempt, and log. */
import { ESTADO_CORRECCION_LABELS, EVENTO_CORRECCION_LABELS, MOTIVO_INTENTO_LABELS, TIPO_MARCA_LABELS, type Correccion } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import type { Db } from '../../db/client';
import { notFound, requireId } from '../../lib/access';
import type { RequestSession } from '../../plugins/types';
import type { LedGroupsPort } from '../groups/index';
import * as repo from './corrections.repository';
import type { CorrectionRow, CorrectionScope as Scope } from './corrections.repository';
import { CORRECTION_MESSAGES, describeOriginal, fullName, localParts } from './corrections.rules';

export function createCorrectionViews(db: Db, ledGroups: LedGroupsPort) {
  async function scopeOf(session: RequestSession): Promise<Scope> {
    if (session.perfil === 'administrador') return { all: true, self: session.userId };
    if (session.perfil === 'supervisor') return { groupIds: await ledGroups.ledGroupIds(session.companyId, session.userId), self: session.userId };
    return { self: session.userId };
  }

  /** Whether the caller may propose for (or annul a correction of) this worker: never their own marks. */
  function manages(scope: Scope, worker: { id: string; groupId: string | null }): boolean {
    if (worker.id === scope.self) return false;
    if ('all' in scope) return true;
    return 'groupIds' in scope && worker.groupId !== null && scope.groupIds.includes(worker.groupId);
  }

  async function findRow(companyId: string, id: string): Promise<CorrectionRow | undefined> {
    return repo.findCorrection(db, companyId, id);
  }

  /** API views of correction rows, with the names, the attempt and the log each needs (a few batched queries). */
  async function views(session: RequestSession, scope: Scope, rows: CorrectionRow[], now: Date): Promise<Correccion[]> {
    if (rows.length === 0) return [];
    const companyId = session.companyId;
    const peopleIds = new Set<string>();
    for (const row of rows) {
      peopleIds.add(row.userId);
      peopleIds.add(row.requestedBy);
      if (row.annulledBy) peopleIds.add(row.annulledBy);
    }
    const events = await repo.eventsOf(db, companyId, rows.map((r) => r.id));
    for (const event of events) if (event.actorId) peopleIds.add(event.actorId);
    const attemptIds = rows.map((r) => r.attemptId).filter((id): id is string => id !== null);
    const markIds = rows.map((r) => r.correctsMarkId).filter((id): id is string => id !== null);
    const [people, attempts, corrected] = await Promise.all([
      repo.peopleByIds(db, companyId, [...peopleIds]),
      repo.attemptsByIds(db, companyId, attemptIds),
      repo.correctedMarks(db, companyId, markIds),
    ]);
    const markById = new Map(corrected.map((m) => [m.id, m]));
    const person = new Map(people.map((p) => [p.id, p]));
    const attemptById = new Map(attempts.map((a) => [a.id, a]));
    const name = (id: string) => {
      const p = person.get(id);
      return p ? fullName(p) : 'Usuario eliminado';
    };
    return rows.map((row) => {
      const worker = person.get(row.userId);
      const attempt = row.attemptId ? attemptById.get(row.attemptId) : undefined;
      const mark = row.correctsMarkId ? (markById.get(row.correctsMarkId) ?? null) : null;
      const { fecha, hora } = localParts(row.proposedAt, row.timeZone);
      const open = row.status === 'pendiente' && row.deadline.getTime() > now.getTime() && !row.acceptedAt && !row.claimedAt;
      const own = row.userId === session.userId;
      return {
        id: row.id,
        estado: row.status,
        estadoEtiqueta: ESTADO_CORRECCION_LABELS[row.status],
        trabajador: { id: row.userId, nombre: name(row.userId), rut: worker ? (formatRut(worker.rut) ?? worker.rut) : '' },
        tipo: row.kind,
        tipoEtiqueta: TIPO_MARCA_LABELS[row.kind],
        instante: row.proposedAt.toISOString(),
        fecha,
        hora,
        zonaHoraria: row.timeZone,
        original: {
          descripcion: describeOriginal(attempt, row.timeZone, mark),
          marca: mark ? { id: mark.id, tipo: mark.kind, instante: mark.at.toISOString() } : null,
          intento: attempt
            ? { id: attempt.id, tipo: attempt.kind, instante: attempt.at.toISOString(), motivo: attempt.reason, motivoEtiqueta: MOTIVO_INTENTO_LABELS[attempt.reason] }
            : null,
        },
        motivo: row.reason,
        solicitadoPor: { id: row.requestedBy, nombre: name(row.requestedBy) },
        creadaEn: row.createdAt.toISOString(),
        plazo: row.deadline.toISOString(),
        objecion: row.objection,
        objetadaEn: row.objectedAt?.toISOString() ?? null,
        anulacion: row.annulReason,
        resueltaEn: (row.consolidatedAt ?? row.objectedAt ?? row.annulledAt)?.toISOString() ?? null,
        marcaId: row.markId,
        intentoId: row.attemptId,
        historial: events
          .filter((e) => e.correctionId === row.id)
          .map((e) => ({
            evento: e.event,
            etiqueta: EVENTO_CORRECCION_LABELS[e.event],
            por: e.actorId ? { id: e.actorId, nombre: name(e.actorId) } : null,
            en: e.at.toISOString(),
            nota: e.note,
          })),
        puedeObjetar: open && own,
        puedeAceptar: open && own,
        puedeAnular: open && session.perfil !== 'trabajador' && manages(scope, { id: row.userId, groupId: worker?.groupId ?? null }),
      };
    });
  }

  /** A correction the caller may see, with its worker's group; 404 otherwise. */
  async function visibleRow(session: RequestSession, scope: Scope, id: string): Promise<{ row: CorrectionRow; groupId: string | null }> {
    requireId(id, CORRECTION_MESSAGES.notFound);
    const found = await repo.findVisibleCorrection(db, session.companyId, id, scope);
    if (!found) throw notFound(CORRECTION_MESSAGES.notFound);
    return found;
  }

  async function viewOf(session: RequestSession, scope: Scope, id: string, now: Date): Promise<Correccion> {
    const row = await findRow(session.companyId, id);
    if (!row) throw notFound(CORRECTION_MESSAGES.notFound);
    return (await views(session, scope, [row], now))[0]!;
  }

  return { scopeOf, manages, findRow, views, visibleRow, viewOf };
}

export type CorrectionViews = ReturnType<typeof createCorrectionViews>;
