import {
  ACCESS,
  ASISTENCIA_MAX_DIAS,
  type AsistenciaDiaResponse,
  type AsistenciaTrabajadorResponse,
  type asistenciaDiaQuerySchema,
  type EstadoAsistencia,
  type FilaAsistenciaDia,
  type periodoAsistenciaQuerySchema,
  type resumenAsistenciaQuerySchema,
  type ResumenAsistenciaResponse,
  type SemanaAsistencia,
} from '@jornada/contracts';
import {
  addDays,
  diffDays,
  evaluatePeriod,
  formatRut,
  evaluationLoadRange,
  exceptionalScheduleOver,
  localClockOf,
  normalizeRut,
  startOfLocalDay,
  settlementRange,
  weekStart,
  zeroSummedTotals,
  type AveragedDistribution,
  type Mark,
  type PeriodEvaluationOptions,
  type PeriodResult,
  type ShiftTemplate,
  sundayRestExceptionOf,
} from '@jornada/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { fieldError, notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { isUuid } from '../../lib/ids';
import { inPageRead } from '../../lib/page-reads';
import type { RequestSession } from '../../plugins/types';
import type { LedGroupsPort } from '../groups/index';
import type { PermissionReads } from '../permissions/index';
import type { PlanReader } from '../planning/index';
import type { Perfil } from '@jornada/contracts';
import { createBoardCounts } from './attendance.board';
import { createAttendanceCalculations } from './attendance.calculations';
import { averagedPactOf, boardStatus, dayRow, explanationAt, totalsOf, zeroCounts, type DayRowValues } from './attendance.model';
import * as repo from './attendance.repository';

type AsistenciaDiaInput = z.output<typeof asistenciaDiaQuerySchema>;
type PeriodoAsistenciaInput = z.output<typeof periodoAsistenciaQuerySchema>;
type ResumenAsistenciaInput = z.output<typeof resumenAsistenciaQuerySchema>;

/** The job that recomputes a company's stale days (queued by the invalidation triggers of attendance_days). */
export const ATTENDANCE_RECOMPUTE_JOB = 'asistencia-recalcular';

const ATTENDANCE_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  range: 'La fecha de inicio no puede ser posterior a la de término.',
  tooLong: `El periodo no puede superar ${ASISTENCIA_MAX_DIAS} días.`,
} as const;

/**
 * Workers evaluated at a time: bounds the memory an evaluation keeps alive (the server's heap grows with
 * it, docs/performance.md «Memoria del servidor»).
 */
const EVALUATION_CHUNK = 200;
/**
 * Worker-days evaluated at a time, the same bound for a long period: 200 workers for a month, a few for
 * five years (57 workers' five unevaluated years were one evaluation of 104,000 days that held the
 * event loop 47 s on PGlite).
 */
const EVALUATION_DAYS = 7_000;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Stale worker-weeks the recompute job takes per batch. */
const RECOMPUTE_BATCH = 2000;

const sundayOf = (date: string) => addDays(weekStart(date), 6);

/** The current month of a date: its first and last days. */
function monthOf(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 8)}01`;
  const next = addDays(`${date.slice(0, 8)}28`, 4);
  return { from, to: addDays(`${next.slice(0, 8)}01`, -1) };
}

interface AttendanceServiceDeps {
  db: Db;
  log?: FastifyBaseLogger;
  /** The plan the engine evaluates (modules/planning's `app.plan`). */
  plan: PlanReader;
  /** A supervisor's groups (modules/groups' `app.ledGroups`). */
  ledGroups: LedGroupsPort;
  /** The approved permissions the engine evaluates with (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'approvedPermissions'>;
  /** Wakes this process's job loop when a page read queues a period's first evaluation (attendance.calculations.ts). */
  kickJobs?: () => void;
  /** Worker-days a page read evaluates inline before it queues the evaluation (INLINE_EVALUATION_DAYS by default). */
  inlineDays?: number;
}

export function createAttendanceService({ db, plan: planReader, ledGroups, permissions: permissionReads, kickJobs = () => {}, inlineDays }: AttendanceServiceDeps) {
  /**
   * The engine's evaluation of `from`..`to` for some workers, from their marks, plan, permissions and
   * contract as stored now (not stored itself). Templates are shared per shift version within one
   * evaluation (placeShift caches per template object). `pacts`: the workers' averaged distribution
   * pacts (art. 22 bis), whose whole cycles are loaded.
   */
  async function evaluateFresh(companyId: string, ids: readonly string[], from: string, to: string, pacts: ReadonlyMap<string, AveragedDistribution>, executor: DbOrTx = db) {
    const range = evaluationLoadRange(from, to);
    // A worker under an averaged distribution pact settles whole cycles: what is loaded reaches them.
    for (const id of ids) {
      const pact = pacts.get(id);
      if (!pact) continue;
      const own = evaluationLoadRange(from, to, pact);
      if (own.from < range.from) range.from = own.from;
      if (own.to > range.to) range.to = own.to;
      if (own.marks.from < range.marks.from) range.marks.from = own.marks.from;
    }
    // Few round trips and no transaction: after a mark this runs while the server is busy with requests,
    // and each round trip waits its turn; upsertDays keeps a day stale if a mark or a change came meanwhile.
    // UTC bounds a day wider than any Chilean zone; each worker's own bounds are applied below.
    const { loadedAt, chainSeq, workers, marks } = await repo.loadEvaluationInputs(
      executor,
      companyId,
      ids,
      new Date(`${addDays(range.marks.from, -1)}T00:00:00Z`),
      new Date(`${addDays(range.marks.to, 2)}T00:00:00Z`),
    );
    // Read after `loadedAt`, as permissions are: a plan day or a permission changed since then leaves its day stale (upsertDays).
    // The plan comes from the planning (contract bounds, holidays); approved permissions justify the absence, lateness
    // or early leave they cover (engine input).
    const [plans, permissions, extensions] = await Promise.all([
      planReader.planFor(companyId, ids, range, executor),
      permissionReads.approvedPermissions(executor, companyId, [...ids], range.from, range.to),
      // Art. 24: on a December day commerce declared as extended, the extension is ordinary time.
      planReader.decemberExtensions(companyId, range, executor),
    ]);
    // The stored day finds its shift version's timing by the template's id.
    const templates = new Map<string, ShiftTemplate>();
    for (const { plan } of plans.values()) for (const entry of plan.values()) if (entry.kind === 'turno' && entry.shift.id !== undefined) templates.set(entry.shift.id, entry.shift);
    // A consolidated correction that names the mark it corrects supersedes it (marks are never deleted).
    const superseded = new Set<string>();
    for (const m of marks) if (m.correctsMarkId) superseded.add(m.correctsMarkId);
    const marksOf = new Map<string, Mark[]>();
    for (const m of marks) {
      if (superseded.has(m.id)) continue;
      let list = marksOf.get(m.userId);
      if (!list) marksOf.set(m.userId, (list = []));
      list.push({ id: m.id, kind: m.kind, at: m.at });
    }
    const results: { userId: string; zone: string; result: PeriodResult; excluded: boolean }[] = [];
    // Workers whose pact changed between `pacts` and this snapshot: what was loaded may not reach their new cycles.
    const pactMoved = new Set<string>();
    for (const w of workers) {
      const zone = w.zone;
      const own = plans.get(w.id);
      // A worker removed after the inputs were read: nothing to store.
      if (!own) continue;
      const lo = startOfLocalDay(zone, range.marks.from);
      const hi = startOfLocalDay(zone, addDays(range.marks.to, 1));
      const ownMarks = (marksOf.get(w.id) ?? []).filter((m) => m.at >= lo && m.at < hi);
      // Art. 38 exceptions (commerce, continuous processes...): a planned holiday shift is ordinary time, not lifted by the holiday.
      // Art. 22 inc. 2 (managers, no immediate supervision): no jornada to measure, so no lateness, overtime nor absences.
      const workerOptions: PeriodEvaluationOptions = {};
      // Art. 38 inc. final: the DT resolution the worker is under, if in force in the period.
      const exceptional = exceptionalScheduleOver(w.jornadaExcepcional, from, to);
      if (exceptional) workerOptions.exceptionalSchedule = exceptional;
      if (extensions.size > 0) workerOptions.decemberExtensions = extensions;
      // The art. 38 exception is read on each day: a holiday outside its dates lifts the shift as for anyone (art. 35).
      const exception = sundayRestExceptionOf(w.exceptuadoDescansoDominical, w.exceptuadoDescansoDominicalDesde, w.exceptuadoDescansoDominicalHasta);
      if (exception) workerOptions.worksOnHolidays = exception;
      if (w.excluidoLimiteJornada) workerOptions.excludedFromHoursLimit = true;
      // Parents' rights (art. 27 band, Ley 21.561; art. 206 feeding hour until the child turns two): they move what a day expects.
      if (w.bandaInicioFlexibleMinutos) workerOptions.flexibleStartBandSeconds = w.bandaInicioFlexibleMinutos * 60;
      if (w.derechoAlimentacionHasta) workerOptions.feedingRight = { until: w.derechoAlimentacionHasta, mode: w.derechoAlimentacionModo };
      // Art. 22 bis: an averaged distribution pact settles the worked time by cycle, not by week.
      const pact = averagedPactOf(w);
      if (pact) workerOptions.averagedDistribution = pact;
      const read = pacts.get(w.id) ?? null;
      if (read?.cycleWeeks !== pact?.cycleWeeks || read?.from !== pact?.from || read?.to !== pact?.to) pactMoved.add(w.id);
      const result = evaluatePeriod({
        from,
        to,
        zone,
        plan: own.plan,
        marks: ownMarks,
        holidays: own.holidays,
        agreedWeeklyHours: w.horasSemanales,
        permissions: permissions.get(w.id) ?? [],
        options: workerOptions,
      });
      results.push({ userId: w.id, zone, result, excluded: w.excluidoLimiteJornada });
    }
    // Their days are stored stale (as after a mark the snapshot missed), to be evaluated again with the new cycles.
    for (const id of pactMoved) chainSeq.set(id, -1);
    return { results, templates, loadedAt, chainSeq };
  }

  /** Evaluates `from`..`to` (whole weeks, or whole cycles for a pact's workers) for some workers and stores its days. */
  async function evaluateChunk(companyId: string, ids: readonly string[], from: string, to: string, now: Date, pacts: ReadonlyMap<string, AveragedDistribution>, executor: DbOrTx = db): Promise<number> {
    if (ids.length === 0) return 0;
    const { results, templates, loadedAt, chainSeq } = await evaluateFresh(companyId, ids, from, to, pacts, executor);
    const items: { userId: string; day: DayRowValues }[] = [];
    for (const { userId, zone, result, excluded } of results) {
      // A week's (or a cycle's) settlement is stored on its last day, so the period that holds that day counts it.
      const weekBySunday = new Map(result.weeks.filter((week) => week.settledInPeriod).map((week) => [week.to, week]));
      const cycles = result.weeks.filter((week) => week.cycleWeeks !== null);
      for (const day of result.days) {
        const inCycle = cycles.some((c) => c.from <= day.date && day.date <= c.to);
        items.push({ userId, day: dayRow(day, zone, templates, weekBySunday.get(day.date) ?? null, excluded, inCycle) });
      }
    }
    await repo.upsertDays(executor, companyId, items, now, loadedAt, chainSeq);
    return items.length;
  }

  /**
   * Evaluates with the engine and stores the given weeks of the given workers (each item a worker and
   * a Monday). Workers are grouped by the span of their weeks and evaluated in chunks. Under an averaged
   * distribution pact (art. 22 bis) a week is part of its cycle: the whole cycle is evaluated and stored,
   * since every day of it carries figures that depend on the others (the cycle's overtime over its bound).
   */
  async function evaluateWeeks(companyId: string, weeks: readonly { userId: string; monday: string }[], now: Date, executor: DbOrTx = db): Promise<number> {
    if (weeks.length === 0) return 0;
    const spans = new Map<string, { from: string; to: string }>();
    for (const { userId, monday } of weeks) {
      const span = spans.get(userId);
      if (!span) spans.set(userId, { from: monday, to: addDays(monday, 6) });
      else {
        if (monday < span.from) span.from = monday;
        if (addDays(monday, 6) > span.to) span.to = addDays(monday, 6);
      }
    }
    const pacts = await repo.averagedPacts(executor, companyId, [...spans.keys()]);
    for (const [userId, pact] of pacts) spans.set(userId, settlementRange(spans.get(userId)!.from, spans.get(userId)!.to, pact));
    const bySpan = new Map<string, string[]>();
    for (const [userId, span] of spans) {
      const key = `${span.from}|${span.to}`;
      const list = bySpan.get(key);
      if (list) list.push(userId);
      else bySpan.set(key, [userId]);
    }
    let stored = 0;
    for (const [key, userIds] of bySpan) {
      const [from, to] = key.split('|') as [string, string];
      const size = Math.max(1, Math.min(EVALUATION_CHUNK, Math.floor(EVALUATION_DAYS / (diffDays(from, to) + 1))));
      for (let i = 0; i < userIds.length; i += size) {
        stored += await evaluateChunk(companyId, userIds.slice(i, i + size), from, to, now, pacts, executor);
        // On PGlite each statement runs in the server's thread and resolves without a turn of the loop: let requests in.
        if (i + size < userIds.length) await yieldToLoop();
      }
    }
    return stored;
  }

  const calculations = createAttendanceCalculations({ db, kick: kickJobs, evaluateWeeks, ...(inlineDays === undefined ? {} : { inlineDays }) });

  /**
   * Brings the stored days of these workers over `from`..`to` (whole weeks) up to date. In a page read
   * (lib/page-reads.ts) with more missing or stale worker-days than a request evaluates, the evaluation
   * is queued instead and the 202 answer thrown (attendance.calculations.ts); `wholeCompany` says the
   * workers are all of the company's in the range, so the job serves any filter of it.
   */
  async function freshen(companyId: string, userIds: readonly string[], from: string, to: string, now: Date, wholeCompany: boolean): Promise<void> {
    const monday = weekStart(from);
    const sunday = sundayOf(to);
    const missing = await repo.weeksToEvaluate(db, companyId, userIds, monday, sunday);
    if (missing.length * 7 > calculations.inlineDays && inPageRead()) {
      await calculations.defer(companyId, wholeCompany ? null : userIds, monday, sunday, missing.length * 7, now);
    }
    await evaluateWeeks(companyId, missing, now);
  }

  /** Brings the stored days of these workers over `from`..`to` (whole weeks) up to date (see `freshen`). */
  function ensureFresh(companyId: string, userIds: readonly string[], from: string, to: string, now: Date): Promise<void> {
    return freshen(companyId, userIds, from, to, now, false);
  }

  /**
   * Brings the stored days of a filter's workers over `from`..`to` (whole weeks) up to date. For a filter
   * the rollups serve, their count of stored days and the stale days settle it in one statement over
   * the rollup rows; only when something is missing or stale are the workers listed and their weeks
   * checked one by one.
   */
  async function ensureFreshFilter(companyId: string, filter: repo.WorkerFilter, from: string, to: string, now: Date): Promise<void> {
    const monday = weekStart(from);
    const sunday = sundayOf(to);
    const narrowed = filter.scopeGroupIds !== undefined || filter.userId !== undefined || filter.grupoId !== undefined || filter.sedeId !== undefined || !!filter.cargo || !!filter.q;
    if (repo.rollupServes(filter)) {
      const { workers, storedDays, staleDays } = await repo.rollupFreshness(db, companyId, filter, monday, sunday);
      const expected = workers * (diffDays(monday, sunday) + 1);
      if (staleDays === 0 && storedDays === expected) return;
      const missingDays = expected - storedDays + staleDays;
      // The same statement says how much is missing: a whole company's first read is queued without listing its workers.
      if (!narrowed && missingDays > calculations.inlineDays && inPageRead()) await calculations.defer(companyId, null, monday, sunday, missingDays, now);
    }
    await freshen(companyId, await repo.workerIds(db, companyId, filter), from, to, now, !narrowed);
  }

  /**
   * Evaluates again and stores every day of these workers over `from`..`to` (whole weeks), stale or
   * not, in the caller's transaction: what a payroll close reads, so that it never rests on a day
   * whose invalidation raced its first evaluation.
   */
  async function reevaluate(tx: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string, now: Date): Promise<void> {
    const weeks: { userId: string; monday: string }[] = [];
    for (const userId of userIds) for (let monday = weekStart(from); monday <= to; monday = addDays(monday, 7)) weeks.push({ userId, monday });
    await evaluateWeeks(companyId, weeks, now, tx);
  }

  /**
   * Who the caller may see, for a capability's perfiles (403 for any other): everyone (administrador),
   * their led groups (supervisor) or themselves (trabajador).
   */
  async function scopeWithin(session: RequestSession, perfiles: readonly Perfil[]): Promise<repo.WorkerFilter> {
    requirePerfil(session, ...perfiles);
    if (session.perfil === 'administrador') return {};
    if (session.perfil === 'supervisor') return { scopeGroupIds: await ledGroups.ledGroupIds(session.companyId, session.userId) };
    return { userId: session.userId };
  }

  /** Who the caller may see on the attendance pages. */
  const scopeOf = (session: RequestSession): Promise<repo.WorkerFilter> => scopeWithin(session, ACCESS.attendance);

  /** A filter's group and site must exist in the caller's scope: 404 otherwise (never someone else's data). */
  async function checkFilterIds(session: RequestSession, scope: repo.WorkerFilter, grupoId?: string, sedeId?: string): Promise<void> {
    if (grupoId !== undefined) {
      const visible = isUuid(grupoId) && (await repo.groupExists(db, session.companyId, grupoId)) && (scope.scopeGroupIds === undefined || scope.scopeGroupIds.includes(grupoId));
      if (!visible) throw notFound(ATTENDANCE_MESSAGES.groupNotFound);
    }
    if (sedeId !== undefined && !(isUuid(sedeId) && (await repo.siteExists(db, session.companyId, sedeId)))) throw notFound(ATTENDANCE_MESSAGES.siteNotFound);
  }

  function period(query: { desde?: string | undefined; hasta?: string | undefined }, today: string): { desde: string; hasta: string } {
    const month = monthOf(today);
    const desde = query.desde ?? (query.hasta ? monthOf(query.hasta).from : month.from);
    const hasta = query.hasta ?? (query.desde ? monthOf(query.desde).to : month.to);
    if (hasta < desde) throw fieldError('hasta', ATTENDANCE_MESSAGES.range);
    if (diffDays(desde, hasta) + 1 > ASISTENCIA_MAX_DIAS) throw fieldError('hasta', ATTENDANCE_MESSAGES.tooLong);
    return { desde, hasta };
  }

  /** The last day a total includes: `hasta`, or the day before today when the period reaches today. */
  const closedUntil = (hasta: string, today: string) => (hasta < today ? hasta : addDays(today, -1));

  const { boardGroupsOf, rollupDayCounts, arrivalsOfGroups } = createBoardCounts(db);

  return {
    evaluateWeeks,
    calculations,
    ensureFresh,
    ensureFreshFilter,
    boardGroupsOf,
    reevaluate,
    checkFilterIds,
    period,

    scopeOf,
    scopeWithin,

    /** Marks stale a worker's stored days from `from` to the Sunday after `to`, in the caller's transaction (write paths without a trigger). */
    invalidate(tx: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<void> {
      return repo.invalidate(tx, companyId, userIds, from, to);
    },

    /** Recomputes a company's stale days, a batch at a time, until none is left (the job; idempotent). */
    async recomputeStale(companyId: string, now: Date, maxBatches = 50): Promise<number> {
      let stored = 0;
      for (let i = 0; i < maxBatches; i++) {
        const weeks = await repo.staleWeeks(db, companyId, RECOMPUTE_BATCH);
        stored += await evaluateWeeks(companyId, weeks, now);
        // A short batch was the last: days made stale from now on queue another job (the triggers).
        if (weeks.length < RECOMPUTE_BATCH) break;
      }
      return stored;
    },

    /** The companies a rebuild covers: one by id or RUT, or all of them. */
    async companiesToRebuild(idOrRut: string | null): Promise<{ id: string; razonSocial: string }[]> {
      if (idOrRut === null) return repo.companyIds(db);
      const found = await repo.findCompany(db, normalizeRut(idOrRut) ?? idOrRut);
      return found ? [found] : [];
    },

    /**
     * The engine's fresh evaluation of `from`..`to` for some workers, nothing stored: what the stored
     * days and every figure summed from them must equal (apps/api/src/demo/evaluation-consistency.test.ts).
     */
    async evaluate(companyId: string, ids: readonly string[], from: string, to: string): Promise<Map<string, PeriodResult>> {
      if (ids.length === 0) return new Map();
      const { results } = await evaluateFresh(companyId, ids, from, to, await repo.averagedPacts(db, companyId, ids));
      return new Map(results.map((r) => [r.userId, r.result]));
    },

    /** Rebuilds a company's rollups from its stored days, nothing evaluated (the rebuild command's `--rollups`); returns the dates rolled up. */
    rebuildRollups(companyId: string): Promise<number> {
      return repo.rebuildRollups(db, companyId);
    },

    /** Evaluates and stores every worker's days of a company over whole weeks covering `from`..`to` (the rebuild command). */
    async rebuild(companyId: string, from: string, to: string, now: Date): Promise<{ trabajadores: number; dias: number }> {
      const ids = await repo.companyWorkerIds(db, companyId);
      const weeks: { userId: string; monday: string }[] = [];
      for (let monday = weekStart(from); monday <= to; monday = addDays(monday, 7)) for (const userId of ids) weeks.push({ userId, monday });
      return { trabajadores: ids.length, dias: await evaluateWeeks(companyId, weeks, now) };
    },

    /**
     * Today's counts per board status in the caller's scope, how many days they cover and the oldest
     * computation among them (the home's card): the day's board without its page and its arrivals.
     */
    async dayCounts(session: RequestSession, now: Date): Promise<Pick<AsistenciaDiaResponse, 'fecha' | 'conteos' | 'trabajadores' | 'calculadoEn'>> {
      const scope = await scopeOf(session);
      const fecha = localDate(now);
      const filter: repo.WorkerFilter = { ...scope, activeFrom: fecha, activeTo: fecha };
      await ensureFreshFilter(session.companyId, filter, fecha, fecha, now);
      if (repo.rollupServes(filter)) {
        const { conteos, trabajadores, oldest } = await rollupDayCounts(session.companyId, filter, fecha, now);
        return { fecha, conteos, trabajadores, calculadoEn: oldest?.toISOString() ?? null };
      }
      const conteos = zeroCounts();
      let trabajadores = 0;
      let oldest: Date | null = null;
      for (const g of await repo.boardGroups(db, session.companyId, filter, fecha, fecha)) {
        conteos[boardStatus({ status: g.status, lateSeconds: g.late ? 1 : 0, shiftEnd: g.shiftEnd, firstEntry: g.firstEntry, codes: g.codes }, now).estado] += g.n;
        trabajadores += g.n;
        if (oldest === null || g.computedAt < oldest) oldest = g.computedAt;
      }
      return { fecha, conteos, trabajadores, calculadoEn: oldest?.toISOString() ?? null };
    },

    async day(session: RequestSession, query: AsistenciaDiaInput, now: Date): Promise<AsistenciaDiaResponse> {
      const scope = await scopeOf(session);
      await checkFilterIds(session, scope, query.grupoId, query.sedeId);
      const fecha = query.fecha ?? localDate(now);
      const filter: repo.WorkerFilter = { ...scope, grupoId: query.grupoId, sedeId: query.sedeId, cargo: query.cargo || undefined, q: query.q, activeFrom: fecha, activeTo: fecha };
      await ensureFreshFilter(session.companyId, filter, fecha, fecha, now);
      const conteos = zeroCounts();
      const arrivals = new Array<number>(24).fill(0);
      let oldest: Date | null = null;
      const offset = (query.page - 1) * query.pageSize;
      let page: { w: repo.WorkerRow; d: repo.BoardRow; estado: EstadoAsistencia; enJornada: boolean }[];
      let matchingCount: number;
      let classifiedCount = 0;
      if (!query.estado && repo.rollupServes(filter)) {
        // The whole company: the counts from the stored counts per board group, the arrivals counted by hour, the page its own 50 rows.
        const [counts, rowsOfPage] = await Promise.all([
          rollupDayCounts(session.companyId, filter, fecha, now),
          repo.boardPage(db, session.companyId, filter, fecha, { limit: query.pageSize, offset }),
        ]);
        Object.assign(conteos, counts.conteos);
        const fromGroups = await arrivalsOfGroups(session.companyId, counts.groups);
        if (fromGroups) fromGroups.forEach((n, hour) => (arrivals[hour] = n));
        else for (const h of await repo.arrivalsByHour(db, session.companyId, filter, fecha)) arrivals[h.hour]! += h.n;
        oldest = counts.oldest;
        classifiedCount = counts.trabajadores;
        matchingCount = classifiedCount;
        page = rowsOfPage.map(({ w, d }) => ({ w, d, ...boardStatus({ status: d.status, lateSeconds: d.lateSeconds, shiftEnd: d.shiftEnd, firstEntry: d.firstEntry, codes: d.inconsistencyCodes }, now) }));
      } else if (!query.estado) {
        // Counted by groups of days that share what the board's status depends on; the page is its own 50 rows.
        const [groups, rowsOfPage] = await Promise.all([
          repo.boardGroups(db, session.companyId, filter, fecha, fecha),
          repo.boardPage(db, session.companyId, filter, fecha, { limit: query.pageSize, offset }),
        ]);
        for (const g of groups) {
          const { estado } = boardStatus({ status: g.status, lateSeconds: g.late ? 1 : 0, shiftEnd: g.shiftEnd, firstEntry: g.firstEntry, codes: g.codes }, now);
          conteos[estado] += g.n;
          if (g.hour !== null) arrivals[g.hour]! += g.n;
          if (oldest === null || g.computedAt < oldest) oldest = g.computedAt;
          classifiedCount += g.n;
        }
        matchingCount = classifiedCount;
        page = rowsOfPage.map(({ w, d }) => ({ w, d, ...boardStatus({ status: d.status, lateSeconds: d.lateSeconds, shiftEnd: d.shiftEnd, firstEntry: d.firstEntry, codes: d.inconsistencyCodes }, now) }));
      } else {
        const workers = await repo.listWorkers(db, session.companyId, filter);
        const ids = workers.map((w) => w.id);
        const stored = new Map((await repo.boardDays(db, session.companyId, ids, fecha)).map((d) => [d.userId, d]));
        const classified: { w: repo.WorkerRow; d: repo.BoardRow; estado: EstadoAsistencia; enJornada: boolean }[] = [];
        for (const w of workers) {
          const d = stored.get(w.id);
          if (!d) continue;
          const { estado, enJornada } = boardStatus({ status: d.status, lateSeconds: d.lateSeconds, shiftEnd: d.shiftEnd, firstEntry: d.firstEntry, codes: d.inconsistencyCodes }, now);
          conteos[estado]++;
          if (d.firstEntry) arrivals[Number(localClockOf(w.zone, d.firstEntry.getTime()).slice(0, 2))]!++;
          if (oldest === null || d.computedAt < oldest) oldest = d.computedAt;
          classified.push({ w, d, estado, enJornada });
        }
        const matching = classified.filter((r) => r.estado === query.estado);
        classifiedCount = classified.length;
        matchingCount = matching.length;
        page = matching.slice(offset, offset + query.pageSize);
      }
      const details = await repo.boardDetails(db, session.companyId, page.map((r) => r.w.id), fecha);
      const items: FilaAsistenciaDia[] = page.map(({ w, d, estado, enJornada }) => {
        const detail = details.get(w.id);
        return {
          usuarioId: w.id,
          nombre: w.nombre,
          apellidos: w.apellidos,
          rut: formatRut(w.rut) ?? w.rut,
          cargo: w.cargo,
          grupo: w.groupId ? { id: w.groupId, nombre: w.groupNombre ?? '' } : null,
          sede: w.siteId ? { id: w.siteId, nombre: w.siteNombre ?? '' } : null,
          zonaHoraria: w.zone,
          estado,
          estadoDia: d.status,
          enJornada,
          turno: detail?.turno ?? null,
          feriado: detail?.feriado ?? null,
          permiso: detail?.permiso ?? null,
          primeraEntrada: d.firstEntry?.toISOString() ?? null,
          ultimaSalida: d.lastExit?.toISOString() ?? null,
          horaEntrada: detail?.horaEntrada ?? null,
          horaSalida: detail?.horaSalida ?? null,
          atrasoSegundos: d.lateSeconds,
          salidaAnticipadaSegundos: d.earlyLeaveSeconds,
          trabajadoSegundos: d.workedSeconds,
          planificadoSegundos: d.plannedSeconds,
          extraSegundos: d.overtimeSeconds,
          inconsistencias: detail?.inconsistencias ?? [],
        };
      });
      return {
        fecha,
        items,
        total: matchingCount,
        page: query.page,
        pageSize: query.pageSize,
        conteos,
        trabajadores: classifiedCount,
        llegadasPorHora: arrivals.map((cantidad, hora) => ({ hora, cantidad })),
        calculadoEn: oldest?.toISOString() ?? null,
      };
    },

    async worker(session: RequestSession, id: string, query: PeriodoAsistenciaInput, now: Date): Promise<AsistenciaTrabajadorResponse> {
      const scope = await scopeOf(session);
      // One's own month is always in reach: a supervisor is a worker too, whether or not in a group they lead.
      if (id === session.userId) scope.scopeGroupIds = undefined;
      requireId(id, ATTENDANCE_MESSAGES.workerNotFound);
      // A trabajador reads only themselves; anyone else's id is as unknown as another company's.
      if (scope.userId !== undefined && scope.userId !== id) throw notFound(ATTENDANCE_MESSAGES.workerNotFound);
      const [w] = await repo.listWorkers(db, session.companyId, { ...scope, userId: id });
      if (!w) throw notFound(ATTENDANCE_MESSAGES.workerNotFound);
      const today = localDate(now, w.zone);
      const { desde, hasta } = period(query, today);
      const closed = closedUntil(hasta, today);
      await ensureFresh(session.companyId, [w.id], desde, hasta, now);
      const stored = await repo.periodDays(db, session.companyId, w.id, weekStart(desde), sundayOf(hasta));
      const dias = stored
        .filter((d) => d.fecha >= desde && d.fecha <= hasta)
        .map((d) => {
          const { estado } = boardStatus(
            { status: d.status, lateSeconds: d.lateSeconds, shiftEnd: d.shiftEnd, firstEntry: d.firstEntry, codes: d.result.inconsistencias.map((i) => i.codigo) },
            now,
          );
          return { ...d.result, explicacion: explanationAt(d.result.explicacion, estado), estado: estado as EstadoAsistencia, calculadoEn: d.computedAt.toISOString() };
        });
      const semanas: SemanaAsistencia[] = stored
        .filter((d) => d.week !== null)
        .map((d) => ({ ...d.week!, liquidadaEnPeriodo: d.week!.domingo >= desde && d.week!.domingo <= closed }));
      const sums = (await repo.totalsByWorker(db, session.companyId, [w.id], desde, closed)).get(w.id) ?? zeroSummedTotals();
      return {
        trabajador: {
          id: w.id,
          nombre: w.nombre,
          apellidos: w.apellidos,
          rut: formatRut(w.rut) ?? w.rut,
          cargo: w.cargo,
          grupo: w.groupId ? { id: w.groupId, nombre: w.groupNombre ?? '' } : null,
          sede: w.siteId ? { id: w.siteId, nombre: w.siteNombre ?? '' } : null,
          zonaHoraria: w.zone,
          horasSemanales: w.horasSemanales,
          inicioContrato: w.inicioContrato,
          finContrato: w.finContrato,
        },
        desde,
        hasta,
        hastaCerrado: closed,
        dias,
        semanas,
        totales: totalsOf(sums),
      };
    },

    async summary(session: RequestSession, query: ResumenAsistenciaInput, now: Date): Promise<ResumenAsistenciaResponse> {
      const scope = await scopeOf(session);
      await checkFilterIds(session, scope, query.grupoId, query.sedeId);
      const today = localDate(now);
      const { desde, hasta } = period(query, today);
      const closed = closedUntil(hasta, today);
      const filter: repo.WorkerFilter = { ...scope, grupoId: query.grupoId, sedeId: query.sedeId, q: query.q, activeFrom: desde, activeTo: hasta };
      const [total, pageWorkers] = await Promise.all([
        repo.countWorkers(db, session.companyId, filter),
        repo.listWorkers(db, session.companyId, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
      ]);
      // The totals of the whole filter add stored rows: every worker of the filter must be up to date
      // (one statement over the rollups when they are, as the recompute job keeps them).
      if (closed >= desde) await ensureFreshFilter(session.companyId, filter, desde, closed, now);
      const [sums, all] = await Promise.all([
        repo.totalsByWorker(db, session.companyId, pageWorkers.map((w) => w.id), desde, closed),
        repo.rollupServes(filter) ? repo.rollupTotals(db, session.companyId, filter, desde, closed) : repo.totalsOfFilter(db, session.companyId, filter, desde, closed),
      ]);
      return {
        desde,
        hasta,
        hastaCerrado: closed,
        items: pageWorkers.map((w) => ({
          usuarioId: w.id,
          nombre: w.nombre,
          apellidos: w.apellidos,
          rut: formatRut(w.rut) ?? w.rut,
          cargo: w.cargo,
          grupo: w.groupId ? { id: w.groupId, nombre: w.groupNombre ?? '' } : null,
          sede: w.siteId ? { id: w.siteId, nombre: w.siteNombre ?? '' } : null,
          totales: totalsOf(sums.get(w.id) ?? zeroSummedTotals()),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
        totalGeneral: totalsOf(all),
      };
    },
  };
}

export type AttendanceService = ReturnType<typeof createAttendanceService>;
