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
 */
import {
  ACCESS,
  CORRECCION_PLAZO_MS,
  ESTADO_CORRECCION_LABELS,
  EVENTO_CORRECCION_LABELS,
  MOTIVO_INTENTO_LABELS,
  MOTIVOS_CON_MARCA,
  TIPO_MARCA_LABELS,
  type Correccion,
  type CorreccionesPage,
  type correccionesQuerySchema,
  type crearCorreccionBodySchema,
  type EstadoCorreccion,
  type Ocurrencia,
  type TipoMarca,
} from '@jornada/contracts';
import { formatRut, localClockOf, localDateOf, localToInstant, markOrderConflict, typedLocalTime } from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import { REPEAT_WINDOW_MS, type MarksService } from '../marks/index';
import { ledGroupIds } from '../groups/index';
import { assertMonthsOpen } from '../payroll-periods/index';
import * as repo from './corrections.repository';
import type { AttemptRow, CorrectedMark, CorrectionRow, CorrectionScope as Scope, NewCorrection, UserRow } from './corrections.repository';

type CrearCorreccionInput = z.output<typeof crearCorreccionBodySchema>;
type CorreccionesQueryInput = z.output<typeof correccionesQuerySchema>;

/**
 * Corrections of marks of `from`..`to` (local dates) waiting for the worker to accept or object, for
 * another module's check (payroll before closing a month). No session: the caller scoped the company.
 */
export function correctionsAwaitingWorker(db: DbOrTx, companyId: string, from: string, to: string, now: Date): Promise<number> {
  return repo.countAwaitingWorker(db, companyId, from, to, now);
}

/** E-mails of the flow: to the worker (proposal, annulment) and to whoever proposed it (objection; `no_registrada`: the system annulled it). */
export const CORRECTION_MAIL_JOB = 'correccion-correo';
/** Consolidates a correction when its deadline passes (scheduled at the deadline). */
export const CORRECTION_DEADLINE_JOB = 'correccion-plazo';
export type CorrectionNotice = 'propuesta' | 'objetada' | 'anulada' | 'no_registrada';

/** A consolidation that started longer ago than this was interrupted: another process may take it over. */
const CLAIM_LEASE_MS = 2 * 60 * 1000;
/** Due corrections consolidated per list read (the deadline job takes care of the rest). */
const LAZY_BATCH = 25;
const DEFAULT_ZONE = 'America/Santiago';

const CORRECTION_MESSAGES = {
  notFound: 'La corrección no existe.',
  attemptNotFound: 'El intento de marcaje no existe.',
  workerNotFound: 'El trabajador no existe.',
  self: 'No puedes proponer correcciones de tus propias marcas: debe hacerlo otro administrador.',
  notTheWorker: 'Solo el trabajador de la corrección puede aceptarla u objetarla.',
  notManager: 'No puedes anular esta corrección.',
  attemptWithoutWorker: 'Este intento no identifica a un trabajador: agrega la marca faltante eligiendo al trabajador.',
  attemptHasMark: 'Este intento ya tiene su marca registrada: no hay nada que convertir en marca.',
  attemptPending: 'Este intento ya tiene una corrección pendiente. Espera a que el trabajador responda o anúlala antes de proponer otra.',
  attemptConsolidated: 'Este intento ya se convirtió en marca con una corrección consolidada.',
  noKind: 'Elige el tipo de marca.',
  future: 'La hora corregida no puede estar en el futuro.',
  inactive: 'El trabajador está desactivado: no se pueden registrar marcas suyas.',
  inspector: 'Un fiscalizador no registra marcas.',
  deadlinePassed: 'El plazo para objetar venció: la corrección quedó consolidada.',
  inProgress: 'La corrección se está registrando en este momento. Vuelve a cargar la página en unos segundos.',
  markNotFound: 'La marca no existe.',
  markWorker: 'La marca no es de ese trabajador.',
  markKind: 'El cambio de hora conserva el tipo de la marca: para otro tipo, agrega una marca faltante.',
  markSameTime: 'La nueva hora es igual a la de la marca: no hay nada que corregir.',
  markTooFar: 'La nueva hora debe quedar a menos de 24 horas de la original; para otro día, agrega una marca faltante.',
  markSuperseded: 'Esta marca ya fue reemplazada por una corrección consolidada: corrige la marca vigente.',
  markPending: 'Esta marca ya tiene una corrección pendiente. Espera a que el trabajador responda o anúlala antes de proponer otra.',
} as const;

/**
 * A correction may not harm the worker (DT Res. Ex. 38): a changed time may only add counted time,
 * so an entrada or the end of colación moves earlier, a salida or the start of colación later.
 */
function harmsWorker(kind: TipoMarca, original: Date, proposed: Date): string | null {
  const earlier = proposed.getTime() < original.getTime();
  if ((kind === 'entrada' || kind === 'fin_colacion') && !earlier) {
    return `Una corrección no puede perjudicar al trabajador: ${kind === 'entrada' ? 'la entrada' : 'el fin de colación'} solo puede adelantarse.`;
  }
  if ((kind === 'salida' || kind === 'inicio_colacion') && earlier) {
    return `Una corrección no puede perjudicar al trabajador: ${kind === 'salida' ? 'la salida' : 'el inicio de colación'} solo puede atrasarse.`;
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

interface CorrectionsServiceDeps {
  db: Db;
  /** The marks module, which records the consolidated mark (and e-mails its receipt). */
  marks: () => MarksService;
  log: FastifyBaseLogger;
  /** Called after a transaction that queued a job commits (wakes the job loop). */
  onJobQueued?: () => void;
}

const ORDER_RULE: Record<TipoMarca, string> = {
  entrada: 'una entrada va antes de las demás marcas de la jornada',
  salida: 'una salida va después de las demás marcas de la jornada',
  inicio_colacion: 'la colación va entre la entrada y la salida',
  fin_colacion: 'la colación va entre la entrada y la salida',
};

/** «La salida propuesta a las 18:00 quedaría antes del inicio de colación de las 18:08 del 26-11-2026: una salida va después …». */
function orderMessage(kind: TipoMarca, at: Date, conflict: { side: 'before' | 'after'; mark: { kind: TipoMarca; at: number } }, zone: string): string {
  const proposed = localParts(at, zone);
  const other = localParts(new Date(conflict.mark.at), zone);
  const article = (k: TipoMarca) => (k === 'salida' || k === 'entrada' ? 'la' : 'el');
  const label = (k: TipoMarca) => TIPO_MARCA_LABELS[k].toLowerCase();
  const relation = conflict.side === 'before' ? 'antes' : 'después';
  const of = article(conflict.mark.kind) === 'el' ? 'del' : 'de la';
  const [proposedArticle, proposedWord] = article(kind) === 'el' ? ['El', 'propuesto'] : ['La', 'propuesta'];
  const day = other.fecha === proposed.fecha ? '' : ` del ${clDate(other.fecha)}`;
  return `${proposedArticle} ${label(kind)} ${proposedWord} a las ${proposed.hora.slice(0, 5)} del ${clDate(proposed.fecha)} quedaría ${relation} ${of} ${label(conflict.mark.kind)} de las ${other.hora.slice(0, 5)}${day}: ${ORDER_RULE[kind]}. Revisa la hora o corrige primero esa marca.`;
}

/** `aaaa-mm-dd` → `dd-mm-aaaa`. */
export function clDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
}

/** Date and time of an instant in a zone, as the API and the e-mails show them. */
export function localParts(at: Date, zone: string): { fecha: string; hora: string } {
  return { fecha: localDateOf(zone, at.getTime()), hora: localClockOf(zone, at.getTime()) };
}

/** "Salida el 02-06-2025 a las 18:00:00". */
export function describeMark(kind: TipoMarca | null, at: Date, zone: string): string {
  const { fecha, hora } = localParts(at, zone);
  return `${kind ? TIPO_MARCA_LABELS[kind] : 'Marca sin tipo'} el ${clDate(fecha)} a las ${hora}`;
}

export function describeOriginal(attempt: AttemptRow | null | undefined, zone: string, mark?: CorrectedMark | null): string {
  if (mark) return `Marca registrada: ${describeMark(mark.kind, mark.at, zone)}`;
  if (!attempt) return 'Sin marca';
  return `Intento de marcaje no registrado: ${describeMark(attempt.kind, attempt.at, zone)} (${MOTIVO_INTENTO_LABELS[attempt.reason]})`;
}

/** A clock log refused for being too old carries the clock's local time in its detail: the better default. */
function attemptDefaultInstant(attempt: AttemptRow, zone: string): Date {
  const match = attempt.reason === 'sin_conexion' ? /(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(attempt.detail ?? '') : null;
  if (match) {
    const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
    return new Date(localToInstant(zone, match[1]!, seconds));
  }
  return attempt.at;
}

/**
 * The instant of a typed local date and time in the worker's zone: a time the spring-forward gap skips
 * is refused on `hora`; one the fall-back hour repeats needs `ocurrencia` (refused on it otherwise).
 */
function typedInstant(fecha: string, hora: string, zone: string, ocurrencia: Ocurrencia | undefined): Date {
  const typed = typedLocalTime(fecha, secondsOf(hora), zone, ocurrencia);
  if (typed.ok) return new Date(typed.instant);
  throw fieldError(typed.code === 'hora_inexistente' ? 'hora' : 'ocurrencia', typed.message);
}

function secondsOf(hora: string): number {
  const [h, m, s] = hora.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
}

const fullName = (u: { nombre: string; apellidos: string }) => `${u.nombre} ${u.apellidos}`;

export function createCorrectionsService({ db, marks: marksModule, log, onJobQueued }: CorrectionsServiceDeps) {
  async function scopeOf(session: RequestSession): Promise<Scope> {
    if (session.perfil === 'administrador') return { all: true, self: session.userId };
    if (session.perfil === 'supervisor') return { groupIds: await ledGroupIds(db, session.companyId, session.userId), self: session.userId };
    return { self: session.userId };
  }

  /** Whether the caller may propose for (or annul a correction of) this worker: never their own marks. */
  function manages(scope: Scope, worker: { id: string; groupId: string | null }): boolean {
    if (worker.id === scope.self) return false;
    if ('all' in scope) return true;
    return 'groupIds' in scope && worker.groupId !== null && scope.groupIds.includes(worker.groupId);
  }

  async function notify(dbx: DbOrTx, row: CorrectionRow, aviso: CorrectionNotice, now: Date): Promise<void> {
    await repo.queueJob(dbx, CORRECTION_MAIL_JOB, { companyId: row.companyId, correctionId: row.id, aviso }, now, now);
  }

  async function findRow(companyId: string, id: string): Promise<CorrectionRow | undefined> {
    return repo.findCorrection(db, companyId, id);
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
      await assertMonthsOpen(db, companyId, [localDateOf(row.timeZone, row.proposedAt.getTime())]);
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
    consolidate,
    consolidateDue,

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
      await assertMonthsOpen(db, session.companyId, [localDateOf(zone, proposedAt.getTime())]);
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
