import {
  ACCESS,
  ALERTAS_CUMPLIMIENTO_HORAS_EXTRA,
  DOCUMENTO_PACTO_MAX_BYTES,
  HORAS_EXTRA_FILTRO_MAX,
  HORAS_EXTRA_MAX_DIAS,
  isoDateSchema,
  UMBRAL_REVISION_MINUTOS_OMISION,
  type actualizarConfiguracionHorasExtraBodySchema,
  type actualizarPactoBodySchema,
  type AlertaHorasExtra,
  type aprobarHorasExtraBodySchema,
  type aprobarHorasExtraLoteBodySchema,
  type AprobarHorasExtraLoteResponse,
  type ConfiguracionHorasExtra,
  type crearPactoBodySchema,
  type EstadoHorasExtra,
  type EstadoPacto,
  type HoraExtra,
  type horasExtraQuerySchema,
  type HorasExtraPage,
  type misHorasExtraQuerySchema,
  type misPactosQuerySchema,
  type Pacto,
  type PactosPage,
  type pactosQuerySchema,
  type rechazarHorasExtraBodySchema,
  type RevisionHorasExtra,
} from '@jornada/contracts';
import {
  addDays,
  checkOvertimeConfirmation,
  diffDays,
  formatRut,
  overtimePactLastDay,
  overtimeReviewFlags,
  pactInForce,
  validateOvertimePact,
  type OvertimeReviewProblem,
} from '@jornada/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { RequestSession } from '../../plugins/types';
import { foundOvertime, type AttendanceService, type FoundOvertimeDay } from '../attendance/index';
import { sniffAttachment } from '../permissions/index';
import { ledGroupIds } from '../groups/index';
import { assertMonthsOpen } from '../payroll-periods/index';
import * as repo from './overtime.repository';

type Input<S extends z.ZodType> = z.output<S>;

const OVERTIME_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  pactNotFound: 'El pacto de horas extra no existe.',
  documentNotFound: 'El pacto no tiene un documento adjunto.',
  ownPact: 'No puedes registrar ni modificar tu propio pacto de horas extra.',
  ownOvertime: 'No puedes confirmar ni disputar tus propias horas extra.',
  nothingFound: 'Ese día no tiene horas extra que revisar.',
  tooManyInFilter: `Hay más de ${HORAS_EXTRA_FILTRO_MAX.toLocaleString('es-CL')} días pendientes en el filtro: acótalo por periodo, grupo o sede.`,
  range: 'La fecha de inicio no puede ser posterior a la de término.',
  tooLong: `El periodo no puede superar ${HORAS_EXTRA_MAX_DIAS} días.`,
  badDate: 'La fecha no es válida.',
  beforeContract: (inicioContrato: string) =>
    `El pacto de horas extra no puede comenzar antes del inicio del contrato (${inicioContrato.slice(8, 10)}-${inicioContrato.slice(5, 7)}-${inicioContrato.slice(0, 4)}).`,
} as const;

interface UploadedDocument {
  filename: string;
  buffer: Buffer;
}

export interface OvertimeDeps {
  db: Db;
  attendance: Pick<AttendanceService, 'ensureFresh'>;
}

/** `aaaa-mm-dd` as the UI shows it: dd-mm-aaaa. */
const chileanDate = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** Seconds as `h:mm:ss`. */
function clock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The first and last days of a date's month. */
function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 8)}01`;
  const next = addDays(`${date.slice(0, 8)}28`, 4);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
}

function pactState(pact: { desde: string; hasta: string }, today: string): EstadoPacto {
  if (pact.desde > today) return 'futuro';
  return pact.hasta < today ? 'vencido' : 'vigente';
}

const REVIEW_PROBLEMS: Record<OvertimeReviewProblem, string> = {
  nothing_found: OVERTIME_MESSAGES.nothingFound,
  not_positive: 'Confirma al menos 1 segundo, o disputa las horas extra.',
  over_found: 'No puedes confirmar más de las horas extra encontradas ese día.',
};

const COMPLIANCE = new Set<AlertaHorasExtra>(ALERTAS_CUMPLIMIENTO_HORAS_EXTRA);

/** A worker-day's overtime and what was decided on it, before presentation. */
interface DayView {
  worker: repo.WorkerRow;
  fecha: string;
  found: FoundOvertimeDay | undefined;
  approval: repo.ApprovalRow | undefined;
  pact: repo.PactRow | null;
}

function dayState(view: DayView): EstadoHorasExtra {
  return view.approval?.estado ?? 'pendiente';
}

/** The day's review alerts (packages/domain `overtimeReviewFlags`) and `cambio` when the figure moved after its review. */
function alertsOf(view: DayView, thresholdSeconds: number): AlertaHorasExtra[] {
  const found = view.found?.overtimeSeconds ?? 0;
  const alerts: AlertaHorasExtra[] = overtimeReviewFlags({
    foundSeconds: found,
    pactMaxSecondsPerDay: view.pact?.maxSecondsPerDay ?? null,
    restDay: view.found?.restDay ?? false,
    thresholdSeconds,
  });
  if (view.approval && view.approval.foundSeconds !== found) alerts.push('cambio');
  return alerts;
}

/** Whether a day matches the review's `revision`: `excepciones` keeps the days with an alert. */
const matchesRevision = (alerts: readonly AlertaHorasExtra[], revision: RevisionHorasExtra | undefined) => revision !== 'excepciones' || alerts.length > 0;

/**
 * Approved overtime seconds by worker and local date over `from`..`to`, for payroll: what was approved,
 * capped by the day's overtime as the evaluation stores it now (an evaluation that later found less
 * never pays more than it found). No session: the caller has already scoped the company and workers;
 * bring the days up to date first (the attendance service's `ensureFresh`) when it matters.
 */
export async function approvedOvertime(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, Map<string, number>>> {
  const out = new Map<string, Map<string, number>>();
  const approved = await repo.approvedInRange(db, companyId, userIds, from, to);
  if (approved.length === 0) return out;
  const found = await foundOvertime(
    db,
    companyId,
    [],
    from,
    to,
    approved.map((a) => ({ userId: a.userId, fecha: a.fecha })),
  );
  const foundOf = new Map(found.map((f) => [`${f.userId} ${f.fecha}`, f.overtimeSeconds]));
  for (const a of approved) {
    const seconds = Math.min(a.approvedSeconds, foundOf.get(`${a.userId} ${a.fecha}`) ?? 0);
    if (!(seconds > 0)) continue;
    let days = out.get(a.userId);
    if (!days) out.set(a.userId, (days = new Map()));
    days.set(a.fecha, seconds);
  }
  return out;
}

/** The review of one worker-day, for the overtime report: confirmed (all or part; the rest disputed) or disputed. */
export interface OvertimeReviewDay {
  estado: 'aprobado' | 'rechazado';
  approvedSeconds: number;
  motivo: string | null;
}

/** A worker's pacts touching a period and the reviews of their days, for the overtime report. */
export interface WorkerOvertimeReviews {
  pacts: { desde: string; hasta: string; maxSecondsPerDay: number }[];
  reviews: Map<string, OvertimeReviewDay>;
}

/**
 * The reviews and pacts of these workers over `from`..`to`, by worker (the overtime report shows, for
 * each day, what was confirmed, disputed or is still to review, and the pact that covers it). No
 * session: the caller has already scoped the company and workers.
 */
export async function overtimeReviewsOf(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, WorkerOvertimeReviews>> {
  const out = new Map<string, WorkerOvertimeReviews>();
  const of = (userId: string) => {
    let entry = out.get(userId);
    if (!entry) out.set(userId, (entry = { pacts: [], reviews: new Map() }));
    return entry;
  };
  const [approvals, pacts] = [await repo.approvalsInRange(db, companyId, userIds, from, to), await repo.pactsInRange(db, companyId, userIds, from, to)];
  for (const p of pacts) of(p.userId).pacts.push({ desde: p.desde, hasta: p.hasta, maxSecondsPerDay: p.maxSecondsPerDay });
  for (const a of approvals) of(a.userId).reviews.set(a.fecha, { estado: a.estado, approvedSeconds: a.approvedSeconds, motivo: a.motivo });
  return out;
}

/** The employer's overtime compliance problems of a worker over a period, for the payroll (seconds found per day). */
export interface OvertimeCompliance {
  /** Found on days without a pact in force (art. 32 inc. 1). */
  withoutPactSeconds: number;
  /** Beyond 2 hours a day (art. 31). */
  beyondTwoHoursSeconds: number;
  /** Found on a rest day or holiday of the plan. */
  restDaySeconds: number;
  /** Days with any of those, or over the pact's own maximum. */
  days: number;
}

/**
 * The overtime compliance problems of these workers over `from`..`to`, by worker: what the payroll
 * export flags beside the overtime it pays in full (art. 32 inc. 3). Workers without any are absent.
 * Reads the stored days as they are: bring them up to date first (`ensureFresh`).
 */
export async function overtimeCompliance(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, OvertimeCompliance>> {
  const out = new Map<string, OvertimeCompliance>();
  if (userIds.length === 0) return out;
  const [found, pacts] = [await foundOvertime(db, companyId, userIds, from, to), await repo.pactsInRange(db, companyId, userIds, from, to)];
  const pactsOf = new Map<string, { from: string; to: string; maxSecondsPerDay: number }[]>();
  for (const p of pacts) pactsOf.set(p.userId, [...(pactsOf.get(p.userId) ?? []), { from: p.desde, to: p.hasta, maxSecondsPerDay: p.maxSecondsPerDay }]);
  for (const day of found) {
    const pact = pactInForce(pactsOf.get(day.userId) ?? [], day.fecha);
    const flags = overtimeReviewFlags({ foundSeconds: day.overtimeSeconds, pactMaxSecondsPerDay: pact?.maxSecondsPerDay ?? null, restDay: day.restDay, thresholdSeconds: Infinity });
    if (flags.length === 0) continue;
    let c = out.get(day.userId);
    if (!c) out.set(day.userId, (c = { withoutPactSeconds: 0, beyondTwoHoursSeconds: 0, restDaySeconds: 0, days: 0 }));
    c.days++;
    if (flags.includes('sin_pacto')) c.withoutPactSeconds += day.overtimeSeconds;
    if (flags.includes('sobre_limite_legal')) c.beyondTwoHoursSeconds += day.beyondLimitSeconds;
    if (flags.includes('dia_descanso')) c.restDaySeconds += day.overtimeSeconds;
  }
  return out;
}

/**
 * Worker-days of `from`..`to` with overtime found and not reviewed yet (neither confirmed nor disputed):
 * what the review list shows an administrador with `estado=pendiente&revision=todas`. For payroll before closing a month;
 * no session (the caller scoped the company). Bring the days up to date first (`ensureFresh`).
 */
export async function overtimeToReview(db: DbOrTx, companyId: string, from: string, to: string): Promise<number> {
  const ids = (await repo.listWorkers(db, companyId, {})).map((w) => w.id);
  const [found, decided] = await Promise.all([foundOvertime(db, companyId, ids, from, to), repo.approvalsInRange(db, companyId, ids, from, to)]);
  const decidedDays = new Set(decided.map((a) => `${a.userId} ${a.fecha}`));
  return found.filter((f) => f.overtimeSeconds > 0 && !decidedDays.has(`${f.userId} ${f.fecha}`)).length;
}

export function createOvertimeService({ db, attendance }: OvertimeDeps) {
  type Scope = { all: boolean; groupIds: string[] };

  /** What the session manages: administrador everyone, supervisor the members of the groups they lead. */
  async function scopeOf(session: RequestSession): Promise<Scope> {
    if (session.perfil === 'administrador') return { all: true, groupIds: [] };
    if (session.perfil === 'supervisor') return { all: false, groupIds: await ledGroupIds(db, session.companyId, session.userId) };
    return { all: false, groupIds: [] };
  }

  /** The company's review threshold in seconds (the default when it never set one). */
  async function thresholdOf(companyId: string): Promise<number> {
    return (await repo.reviewSettings(db, companyId))?.reviewThresholdSeconds ?? UMBRAL_REVISION_MINUTOS_OMISION * 60;
  }

  const manages = (scope: Scope, groupId: string | null) => scope.all || (groupId !== null && scope.groupIds.includes(groupId));
  const filterOf = (scope: Scope): repo.WorkerFilter => (scope.all ? {} : { scopeGroupIds: scope.groupIds });

  /** A worker the session manages; anyone else (another group's, another company's, a bad id) is a 404. */
  async function managedWorker(session: RequestSession, scope: Scope, userId: string): Promise<repo.WorkerRow> {
    requireId(userId, OVERTIME_MESSAGES.workerNotFound);
    const worker = await repo.findWorker(db, session.companyId, userId);
    if (!worker || worker.perfil === 'fiscalizador' || !manages(scope, worker.groupId)) throw notFound(OVERTIME_MESSAGES.workerNotFound);
    return worker;
  }

  /** A list filter's worker, group and site must exist within the caller's scope: 404 otherwise. */
  async function checkFilters(session: RequestSession, scope: Scope, q: { usuarioId?: string | undefined; grupoId?: string | undefined; sedeId?: string | undefined }) {
    if (q.usuarioId !== undefined) await managedWorker(session, scope, q.usuarioId);
    if (q.grupoId !== undefined) {
      const visible = isUuid(q.grupoId) && (await repo.groupExists(db, session.companyId, q.grupoId)) && (scope.all || scope.groupIds.includes(q.grupoId));
      if (!visible) throw notFound(OVERTIME_MESSAGES.groupNotFound);
    }
    if (q.sedeId !== undefined && !(isUuid(q.sedeId) && (await repo.siteExists(db, session.companyId, q.sedeId)))) throw notFound(OVERTIME_MESSAGES.siteNotFound);
  }

  function period(q: { desde?: string | undefined; hasta?: string | undefined }, today: string): { desde: string; hasta: string } {
    const month = monthOf(today);
    const desde = q.desde ?? (q.hasta ? monthOf(q.hasta).from : month.from);
    const hasta = q.hasta ?? (q.desde ? monthOf(q.desde).to : month.to);
    if (hasta < desde) throw fieldError('hasta', OVERTIME_MESSAGES.range);
    if (diffDays(desde, hasta) + 1 > HORAS_EXTRA_MAX_DIAS) throw fieldError('hasta', OVERTIME_MESSAGES.tooLong);
    return { desde, hasta };
  }

  // ---- Pacts ---------------------------------------------------------------------------------------

  function presentPact(row: repo.PactDetailRow, scope: Scope, session: RequestSession, today: string): Pacto {
    const { pact } = row;
    const estado = pactState(pact, today);
    return {
      id: pact.id,
      usuario: {
        id: row.worker.id,
        rut: formatRut(row.worker.rut) ?? row.worker.rut,
        nombre: row.worker.nombre,
        apellidos: row.worker.apellidos,
        grupo: row.worker.groupId && row.groupNombre !== null ? { id: row.worker.groupId, nombre: row.groupNombre } : null,
      },
      desde: pact.desde,
      hasta: pact.hasta,
      maxMinutosDia: Math.round(pact.maxSecondsPerDay / 60),
      comentario: pact.comentario,
      estado,
      diasRestantes: estado === 'vencido' ? null : diffDays(today, pact.hasta),
      documento: row.document?.nombre ? { nombre: row.document.nombre, tipo: row.document.tipo, tamano: row.document.tamano } : null,
      creadoPor: row.creator?.id ? { id: row.creator.id, nombre: row.creator.nombre, apellidos: row.creator.apellidos } : null,
      creadoEn: pact.createdAt.toISOString(),
      puedeEditar: manages(scope, row.worker.groupId) && row.worker.id !== session.userId,
    };
  }

  /** A pact the session may see (their own, or a managed worker's); anything else is a 404. */
  async function visiblePact(session: RequestSession, scope: Scope, id: string): Promise<repo.PactDetailRow> {
    requireId(id, OVERTIME_MESSAGES.pactNotFound);
    const row = await repo.findPact(db, session.companyId, id);
    if (!row || (row.worker.id !== session.userId && !manages(scope, row.worker.groupId))) throw notFound(OVERTIME_MESSAGES.pactNotFound);
    return row;
  }

  async function editablePact(session: RequestSession, scope: Scope, id: string): Promise<repo.PactDetailRow> {
    const row = await visiblePact(session, scope, id);
    if (!manages(scope, row.worker.groupId)) throw notFound(OVERTIME_MESSAGES.pactNotFound);
    if (row.worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownPact);
    return row;
  }

  /** A pact covers days of the worker's contract: it may not start before the contract does. */
  function checkContractStart(desde: string, inicioContrato: string): void {
    if (desde < inicioContrato) throw fieldError('desde', OVERTIME_MESSAGES.beforeContract(inicioContrato));
  }

  function checkTerms(desde: string, hasta: string, maxSecondsPerDay: number): void {
    const problems = validateOvertimePact({ from: desde, to: hasta, maxSecondsPerDay });
    if (problems.includes('to_before_from')) throw fieldError('hasta', 'La fecha de término no puede ser anterior a la de inicio.');
    if (problems.includes('longer_than_3_months')) {
      throw fieldError(
        'hasta',
        `Un pacto de horas extra dura como máximo 3 meses: desde el ${chileanDate(desde)} puede llegar hasta el ${chileanDate(overtimePactLastDay(desde))}. Para seguir, renuévalo con un pacto nuevo.`,
      );
    }
    if (problems.length) throw fieldError('maxMinutosDia', 'La ley permite como máximo 2 horas extra por día.');
  }

  async function refuseOverlap(tx: DbOrTx, companyId: string, userId: string, desde: string, hasta: string, exceptId?: string): Promise<void> {
    const [other] = await repo.overlappingPacts(tx, companyId, userId, desde, hasta, exceptId);
    if (other) {
      const message = `Se superpone con el pacto del ${chileanDate(other.desde)} al ${chileanDate(other.hasta)}. Un trabajador tiene un solo pacto por día.`;
      throw new AppError('CONFLICT', message, { desde: message });
    }
  }

  // ---- Overtime days --------------------------------------------------------------------------------

  /** The worker-days of some workers over a period: found overtime, decisions and the pact in force. */
  async function daysOf(companyId: string, workers: repo.WorkerRow[], desde: string, hasta: string, now: Date): Promise<DayView[]> {
    const ids = workers.map((w) => w.id);
    const today = localDate(now);
    const evaluatedTo = hasta < today ? hasta : today;
    if (ids.length && evaluatedTo >= desde) await attendance.ensureFresh(companyId, ids, desde, evaluatedTo, now);
    const approvals = await repo.approvalsInRange(db, companyId, ids, desde, hasta);
    const [found, pacts] = await Promise.all([
      foundOvertime(
        db,
        companyId,
        ids,
        desde,
        hasta,
        approvals.map((a) => ({ userId: a.userId, fecha: a.fecha })),
      ),
      repo.pactsInRange(db, companyId, ids, desde, hasta),
    ]);
    const byKey = new Map<string, DayView>();
    const workerOf = new Map(workers.map((w) => [w.id, w]));
    const pactsOf = new Map<string, repo.PactRow[]>();
    for (const p of pacts) pactsOf.set(p.userId, [...(pactsOf.get(p.userId) ?? []), p]);
    const view = (userId: string, fecha: string): DayView | undefined => {
      const key = `${userId} ${fecha}`;
      let v = byKey.get(key);
      const worker = workerOf.get(userId);
      if (!v && worker) {
        const pact = pactInForce(
          (pactsOf.get(userId) ?? []).map((p) => ({ ...p, from: p.desde, to: p.hasta })),
          fecha,
        );
        byKey.set(key, (v = { worker, fecha, found: undefined, approval: undefined, pact }));
      }
      return v;
    };
    for (const f of found) {
      const v = view(f.userId, f.fecha);
      if (v) v.found = f;
    }
    for (const a of approvals) {
      const v = view(a.userId, a.fecha);
      if (v) v.approval = a;
    }
    return [...byKey.values()].sort(
      (a, b) => b.fecha.localeCompare(a.fecha) || a.worker.apellidos.localeCompare(b.worker.apellidos, 'es') || a.worker.nombre.localeCompare(b.worker.nombre, 'es'),
    );
  }

  async function present(companyId: string, views: DayView[], thresholdSeconds: number, canDecide: (v: DayView) => boolean): Promise<HoraExtra[]> {
    const deciders = await repo.people(
      db,
      companyId,
      views.flatMap((v) => (v.approval?.decidedBy ? [v.approval.decidedBy] : [])),
    );
    return views.map((v) => {
      const found = v.found?.overtimeSeconds ?? 0;
      const decider = v.approval?.decidedBy ? deciders.get(v.approval.decidedBy) : undefined;
      return {
        usuario: {
          id: v.worker.id,
          rut: formatRut(v.worker.rut) ?? v.worker.rut,
          nombre: v.worker.nombre,
          apellidos: v.worker.apellidos,
          grupo: v.worker.groupId && v.worker.groupNombre !== null ? { id: v.worker.groupId, nombre: v.worker.groupNombre } : null,
          sede: v.worker.siteId && v.worker.siteNombre !== null ? { id: v.worker.siteId, nombre: v.worker.siteNombre } : null,
        },
        fecha: v.fecha,
        encontradaSegundos: found,
        dentroLimiteSegundos: v.found?.withinLimitSeconds ?? 0,
        sobreLimiteSegundos: v.found?.beyondLimitSeconds ?? 0,
        trabajadoSegundos: v.found?.workedSeconds ?? 0,
        planificadoSegundos: v.found?.plannedSeconds ?? 0,
        pacto: v.pact ? { id: v.pact.id, desde: v.pact.desde, hasta: v.pact.hasta, maxMinutosDia: Math.round(v.pact.maxSecondsPerDay / 60) } : null,
        aprobableSegundos: found,
        estado: dayState(v),
        aprobadaSegundos: v.approval ? v.approval.approvedSeconds : null,
        motivo: v.approval?.motivo ?? null,
        encontradaAlDecidirSegundos: v.approval ? v.approval.foundSeconds : null,
        decididoPor: decider ? { id: decider.id, nombre: decider.nombre, apellidos: decider.apellidos } : null,
        decididoEn: v.approval?.decidedAt.toISOString() ?? null,
        alertas: alertsOf(v, thresholdSeconds),
        puedeDecidir: canDecide(v),
      };
    });
  }

  async function page(
    session: RequestSession,
    workers: repo.WorkerRow[],
    q: { desde: string; hasta: string; estado?: EstadoHorasExtra | undefined; revision?: RevisionHorasExtra | undefined; page: number; pageSize: number },
    now: Date,
    canDecide: (v: DayView) => boolean,
  ): Promise<HorasExtraPage> {
    const threshold = await thresholdOf(session.companyId);
    const all = await daysOf(session.companyId, workers, q.desde, q.hasta, now);
    const matching = all.filter((v) => (!q.estado || dayState(v) === q.estado) && matchesRevision(alertsOf(v, threshold), q.revision));
    const totales = { encontradaSegundos: 0, aprobadaSegundos: 0, rechazadaSegundos: 0, pendienteSegundos: 0, pendientes: 0, rechazadas: 0, conAlertas: 0, conIncumplimiento: 0 };
    for (const v of matching) {
      const found = v.found?.overtimeSeconds ?? 0;
      const alerts = alertsOf(v, threshold);
      totales.encontradaSegundos += found;
      if (v.approval?.estado === 'aprobado') {
        // A partial confirmation disputes the rest of the day.
        const confirmed = Math.min(v.approval.approvedSeconds, found);
        totales.aprobadaSegundos += confirmed;
        totales.rechazadaSegundos += found - confirmed;
      } else if (v.approval?.estado === 'rechazado') {
        totales.rechazadaSegundos += found;
        totales.rechazadas++;
      } else {
        totales.pendienteSegundos += found;
        totales.pendientes++;
      }
      if (alerts.length) totales.conAlertas++;
      if (alerts.some((a) => COMPLIANCE.has(a))) totales.conIncumplimiento++;
    }
    const offset = (q.page - 1) * q.pageSize;
    return {
      desde: q.desde,
      hasta: q.hasta,
      items: await present(session.companyId, matching.slice(offset, offset + q.pageSize), threshold, canDecide),
      total: matching.length,
      page: q.page,
      pageSize: q.pageSize,
      totales,
      umbralRevisionMinutos: Math.round(threshold / 60),
    };
  }

  /** One worker-day the session may decide, brought up to date. */
  async function decidable(session: RequestSession, usuarioId: string, fecha: string, now: Date): Promise<{ scope: Scope; view: DayView }> {
    requirePerfil(session, ...ACCESS.overtime);
    const scope = await scopeOf(session);
    const worker = await managedWorker(session, scope, usuarioId);
    if (!isoDateSchema.safeParse(fecha).success) throw fieldError('fecha', OVERTIME_MESSAGES.badDate);
    if (worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownOvertime);
    const [view] = await daysOf(session.companyId, [worker], fecha, fecha, now);
    if (!view || (!(view.found && view.found.overtimeSeconds > 0) && !view.approval)) throw new AppError('CONFLICT', OVERTIME_MESSAGES.nothingFound);
    return { scope, view };
  }

  async function presentOne(session: RequestSession, usuarioId: string, fecha: string, now: Date): Promise<HoraExtra> {
    const { view } = await decidable(session, usuarioId, fecha, now);
    const [item] = await present(session.companyId, [view], await thresholdOf(session.companyId), () => true);
    return item!;
  }

  return {
    // ---- Pacts ---------------------------------------------------------------------------------------

    async listPacts(session: RequestSession, q: Input<typeof pactosQuerySchema>, now: Date): Promise<PactosPage> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      await checkFilters(session, scope, q);
      const today = localDate(now);
      const { rows, total } = await repo.listPacts(
        db,
        session.companyId,
        {
          ...filterOf(scope),
          userId: q.usuarioId,
          grupoId: q.grupoId,
          estado: q.estado,
          endingBy: q.venceEnDias === undefined ? undefined : addDays(today, q.venceEnDias),
          today,
        },
        { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
      );
      return { items: rows.map((r) => presentPact(r, scope, session, today)), total, page: q.page, pageSize: q.pageSize };
    },

    async myPacts(session: RequestSession, q: Input<typeof misPactosQuerySchema>, now: Date): Promise<PactosPage> {
      requirePerfil(session, ...ACCESS.myOvertime);
      const scope = await scopeOf(session);
      const today = localDate(now);
      const { rows, total } = await repo.listPacts(db, session.companyId, { userId: session.userId, today }, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      return { items: rows.map((r) => presentPact(r, scope, session, today)), total, page: q.page, pageSize: q.pageSize };
    },

    async getPact(session: RequestSession, id: string, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtimePactDetail);
      const scope = await scopeOf(session);
      return presentPact(await visiblePact(session, scope, id), scope, session, localDate(now));
    },

    async createPact(session: RequestSession, body: Input<typeof crearPactoBodySchema>, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const worker = await managedWorker(session, scope, body.usuarioId);
      if (worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownPact);
      const maxSecondsPerDay = body.maxMinutosDia * 60;
      checkContractStart(body.desde, worker.inicioContrato);
      checkTerms(body.desde, body.hasta, maxSecondsPerDay);
      const id = await db.transaction(async (tx) => {
        await repo.lockWorker(tx, session.companyId, worker.id);
        await refuseOverlap(tx, session.companyId, worker.id, body.desde, body.hasta);
        return repo.insertPact(tx, {
          companyId: session.companyId,
          userId: worker.id,
          desde: body.desde,
          hasta: body.hasta,
          maxSecondsPerDay,
          comentario: body.comentario ?? null,
          createdBy: session.userId,
          createdAt: now,
          updatedBy: session.userId,
          updatedAt: now,
        });
      });
      return presentPact((await repo.findPact(db, session.companyId, id))!, scope, session, localDate(now));
    },

    async updatePact(session: RequestSession, id: string, body: Input<typeof actualizarPactoBodySchema>, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const { pact, worker } = await editablePact(session, scope, id);
      const desde = body.desde ?? pact.desde;
      const hasta = body.hasta ?? pact.hasta;
      const maxSecondsPerDay = body.maxMinutosDia === undefined ? pact.maxSecondsPerDay : body.maxMinutosDia * 60;
      // A pact stored before this rule may already start earlier: only a new start is checked.
      if (body.desde !== undefined) checkContractStart(desde, worker.inicioContrato);
      checkTerms(desde, hasta, maxSecondsPerDay);
      await db.transaction(async (tx) => {
        await repo.lockWorker(tx, session.companyId, pact.userId);
        await refuseOverlap(tx, session.companyId, pact.userId, desde, hasta, pact.id);
        await repo.updatePact(tx, session.companyId, pact.id, {
          desde,
          hasta,
          maxSecondsPerDay,
          ...(body.comentario !== undefined ? { comentario: body.comentario } : {}),
          updatedBy: session.userId,
          updatedAt: now,
        });
      });
      return presentPact((await repo.findPact(db, session.companyId, pact.id))!, scope, session, localDate(now));
    },

    async deletePact(session: RequestSession, id: string): Promise<void> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const { pact } = await editablePact(session, scope, id);
      await db.transaction(async (tx) => {
        await repo.lockWorker(tx, session.companyId, pact.userId);
        await repo.deletePact(tx, session.companyId, pact.id);
      });
    },

    /** Attaches (or replaces) the signed pact: a PDF, JPEG or PNG recognised by its content, at most 5 MB. */
    async putDocument(session: RequestSession, id: string, file: UploadedDocument, now: Date): Promise<Pacto> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const row = await editablePact(session, scope, id);
      if (file.buffer.length === 0) throw fieldError('archivo', 'El archivo está vacío.');
      if (file.buffer.length > DOCUMENTO_PACTO_MAX_BYTES) throw fieldError('archivo', 'El archivo supera el tamaño máximo de 5 MB.');
      const tipo = sniffAttachment(file.buffer);
      if (!tipo) throw fieldError('archivo', 'El archivo debe ser un PDF, una imagen JPEG o una imagen PNG.');
      await repo.upsertDocument(db, {
        companyId: session.companyId,
        pactId: row.pact.id,
        nombre: file.filename || (tipo === 'application/pdf' ? 'pacto.pdf' : tipo === 'image/png' ? 'pacto.png' : 'pacto.jpg'),
        tipo,
        tamano: file.buffer.length,
        data: file.buffer,
        createdBy: session.userId,
        createdAt: now,
      });
      return presentPact((await repo.findPact(db, session.companyId, row.pact.id))!, scope, session, localDate(now));
    },

    /** The signed pact, for the worker themselves and whoever manages them. */
    async getDocument(session: RequestSession, id: string): Promise<{ nombre: string; tipo: string; data: Buffer }> {
      requirePerfil(session, ...ACCESS.overtimePactDetail);
      const scope = await scopeOf(session);
      const row = await visiblePact(session, scope, id);
      const document = await repo.findDocument(db, session.companyId, row.pact.id);
      if (!document) throw notFound(OVERTIME_MESSAGES.documentNotFound);
      return { nombre: document.nombre, tipo: document.tipo, data: document.data };
    },

    // ---- Overtime found and its approval ------------------------------------------------------------

    async list(session: RequestSession, q: Input<typeof horasExtraQuerySchema>, now: Date): Promise<HorasExtraPage> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      await checkFilters(session, scope, q);
      const { desde, hasta } = period(q, localDate(now));
      const workers = await repo.listWorkers(db, session.companyId, { ...filterOf(scope), userId: q.usuarioId, grupoId: q.grupoId, sedeId: q.sedeId });
      return page(session, workers, { ...q, desde, hasta }, now, (v) => v.worker.id !== session.userId);
    },

    async mine(session: RequestSession, q: Input<typeof misHorasExtraQuerySchema>, now: Date): Promise<HorasExtraPage> {
      requirePerfil(session, ...ACCESS.myOvertime);
      const { desde, hasta } = period(q, localDate(now));
      const workers = await repo.listWorkers(db, session.companyId, { userId: session.userId });
      return page(session, workers, { ...q, desde, hasta }, now, () => false);
    },

    /** Confirms all of a day's overtime, or a part (the rest disputed). Payroll pays every found second either way. */
    async approve(session: RequestSession, usuarioId: string, fecha: string, body: Input<typeof aprobarHorasExtraBodySchema>, now: Date): Promise<HoraExtra> {
      const { view } = await decidable(session, usuarioId, fecha, now);
      const found = view.found?.overtimeSeconds ?? 0;
      const seconds = body.segundos ?? found;
      const problem = checkOvertimeConfirmation(found, seconds);
      if (problem === 'over_found') throw fieldError('segundos', `No puedes confirmar más de las horas extra encontradas ese día (${clock(found)}).`);
      if (problem) throw new AppError('CONFLICT', REVIEW_PROBLEMS[problem]);
      await db.transaction(async (tx) => {
        // What a closed payroll month reported stays as it was, reviews included.
        await assertMonthsOpen(tx, session.companyId, [fecha]);
        await repo.upsertApproval(tx, {
          companyId: session.companyId,
          userId: view.worker.id,
          fecha,
          foundSeconds: found,
          approvedSeconds: seconds,
          estado: 'aprobado',
          motivo: body.motivo ?? null,
          pactId: view.pact?.id ?? null,
          decidedBy: session.userId,
          decidedAt: now,
        });
      });
      return presentOne(session, usuarioId, fecha, now);
    },

    /** Disputes a day's overtime with a reason; it is still paid until the marks are corrected (the legal correction flow). */
    async reject(session: RequestSession, usuarioId: string, fecha: string, body: Input<typeof rechazarHorasExtraBodySchema>, now: Date): Promise<HoraExtra> {
      const { view } = await decidable(session, usuarioId, fecha, now);
      await db.transaction(async (tx) => {
        await assertMonthsOpen(tx, session.companyId, [fecha]);
        await repo.upsertApproval(tx, {
          companyId: session.companyId,
          userId: view.worker.id,
          fecha,
          foundSeconds: view.found?.overtimeSeconds ?? 0,
          approvedSeconds: 0,
          estado: 'rechazado',
          motivo: body.motivo,
          pactId: view.pact?.id ?? null,
          decidedBy: session.userId,
          decidedAt: now,
        });
      });
      return presentOne(session, usuarioId, fecha, now);
    },

    /**
     * Confirms all of several pending days: those listed (every one must be the session's to review,
     * 404 otherwise, nothing written) or every pending day a review filter matches. Days without
     * overtime, already reviewed or the session's own are left as they were and listed with the reason.
     */
    async approveMany(session: RequestSession, body: Input<typeof aprobarHorasExtraLoteBodySchema>, now: Date): Promise<AprobarHorasExtraLoteResponse> {
      requirePerfil(session, ...ACCESS.overtime);
      const scope = await scopeOf(session);
      const views: DayView[] = [];
      const omitidas: AprobarHorasExtraLoteResponse['omitidas'] = [];
      if ('items' in body) {
        const byWorker = new Map<string, string[]>();
        for (const item of body.items) byWorker.set(item.usuarioId, [...new Set([...(byWorker.get(item.usuarioId) ?? []), item.fecha])]);
        for (const [usuarioId, dates] of byWorker) {
          const worker = await managedWorker(session, scope, usuarioId);
          if (worker.id === session.userId) throw new AppError('FORBIDDEN', OVERTIME_MESSAGES.ownOvertime);
          const sorted = [...dates].sort();
          const days = new Map((await daysOf(session.companyId, [worker], sorted[0]!, sorted[sorted.length - 1]!, now)).map((v) => [v.fecha, v]));
          for (const fecha of sorted) {
            const v = days.get(fecha);
            if (!v || !((v.found?.overtimeSeconds ?? 0) > 0)) omitidas.push({ usuarioId, fecha, motivo: OVERTIME_MESSAGES.nothingFound });
            else if (v.approval) omitidas.push({ usuarioId, fecha, motivo: v.approval.estado === 'aprobado' ? 'Ya estaban confirmadas.' : 'Están en disputa.' });
            else views.push(v);
          }
        }
      } else {
        const q = body.filtro;
        await checkFilters(session, scope, q);
        const { desde, hasta } = period(q, localDate(now));
        const threshold = await thresholdOf(session.companyId);
        const workers = await repo.listWorkers(db, session.companyId, { ...filterOf(scope), userId: q.usuarioId, grupoId: q.grupoId, sedeId: q.sedeId });
        for (const v of await daysOf(session.companyId, workers, desde, hasta, now)) {
          if (v.approval || !((v.found?.overtimeSeconds ?? 0) > 0) || !matchesRevision(alertsOf(v, threshold), q.revision)) continue;
          if (q.estado && q.estado !== 'pendiente') continue;
          if (v.worker.id === session.userId) omitidas.push({ usuarioId: v.worker.id, fecha: v.fecha, motivo: OVERTIME_MESSAGES.ownOvertime });
          else views.push(v);
        }
        if (views.length > HORAS_EXTRA_FILTRO_MAX) throw fieldError('filtro', OVERTIME_MESSAGES.tooManyInFilter);
      }
      const written = await db.transaction(async (tx) => {
        // Any day in a closed payroll month refuses the whole batch.
        await assertMonthsOpen(
          tx,
          session.companyId,
          views.map((v) => v.fecha),
        );
        return repo.insertConfirmations(
          tx,
          views.map((v) => ({
            companyId: session.companyId,
            userId: v.worker.id,
            fecha: v.fecha,
            foundSeconds: v.found!.overtimeSeconds,
            approvedSeconds: v.found!.overtimeSeconds,
            estado: 'aprobado' as const,
            motivo: null,
            pactId: v.pact?.id ?? null,
            decidedBy: session.userId,
            decidedAt: now,
          })),
        );
      });
      const writtenKeys = new Set(written.map((w) => `${w.userId} ${w.fecha}`));
      for (const v of views) {
        if (!writtenKeys.has(`${v.worker.id} ${v.fecha}`)) omitidas.push({ usuarioId: v.worker.id, fecha: v.fecha, motivo: 'Otra persona las revisó al mismo tiempo.' });
      }
      return { confirmadas: written.length, confirmadasSegundos: written.reduce((sum, w) => sum + w.approvedSeconds, 0), omitidas };
    },

    /** The company's review settings (administrador and supervisor read them; the administrador changes them). */
    async settings(session: RequestSession): Promise<ConfiguracionHorasExtra> {
      requirePerfil(session, ...ACCESS.overtime);
      const row = await repo.reviewSettings(db, session.companyId);
      return {
        umbralRevisionMinutos: row ? Math.round(row.reviewThresholdSeconds / 60) : UMBRAL_REVISION_MINUTOS_OMISION,
        actualizadoPor: row?.updatedBy ?? null,
        actualizadoEn: row?.updatedAt.toISOString() ?? null,
      };
    },

    async updateSettings(session: RequestSession, body: Input<typeof actualizarConfiguracionHorasExtraBodySchema>, now: Date): Promise<ConfiguracionHorasExtra> {
      requirePerfil(session, 'administrador');
      await repo.saveReviewSettings(db, session.companyId, body.umbralRevisionMinutos * 60, session.userId, now);
      return this.settings(session);
    },
  };
}

export type OvertimeService = ReturnType<typeof createOvertimeService>;
