import {
  ACCESS,
  CALCULANDO_ASISTENCIA_MENSAJE,
  type CalculandoAsistencia,
  COLUMNAS_EXPORTACION_REMUNERACIONES,
  type DetalleRemuneracion,
  type EstadoPeriodo,
  type exportarRemuneracionesQuerySchema,
  type PendientesPeriodo,
  type ReabrirPeriodoBody,
  type RemuneracionesResponse,
  type RemuneracionTrabajador,
  type remuneracionesQuerySchema,
  type SemanaRemuneracion,
  type TotalesRemuneraciones,
} from '@jornada/contracts';
import { addDays, AVERAGED_CYCLE_MAX_WEEKS, exceptedFromSundayRestWithin, remunerationFromFacts, sundayRestExceptionOf, weeklyHoursLimit } from '@jornada/domain';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { notFound, requireId, requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import { Accepted, AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { enqueueUnlessCovered } from '../../lib/jobs';
import { inPageRead } from '../../lib/page-reads';
import { csvCellText, writeXlsx } from '../../lib/spreadsheet/index';
import type { RequestSession } from '../../plugins/types';
import type { AttendanceService } from '../attendance/index';
import type { OvertimeCompliance } from '../overtime/index';
import type { PermissionReads } from '../permissions/index';
import type { PayrollPeriodsPort } from '../payroll-periods/index';
import {
  addTotals,
  emptyTotals,
  exportRecord,
  identityOf,
  monthBounds,
  rowSums,
  storedRow,
  totalsOf,
  weekRows,
  workerRow,
  type ExportRecord,
  type StoredRemuneracion,
} from './remunerations.model';
import type { PayrollAttendance } from './remunerations.attendance';
import * as repo from './remunerations.repository';
import * as stored from './remunerations.stored.repository';

type RemuneracionesInput = z.output<typeof remuneracionesQuerySchema>;
type ExportarRemuneracionesInput = z.output<typeof exportarRemuneracionesQuerySchema>;

/** Workers whose pay is computed at a time (docs/performance.md, «Remuneraciones»): bounds the stored days held in memory. */
const PAY_CHUNK = 2000;

/** Whether a filter narrows the month's workers (the whole company's freshness is settled by attendance's rollups otherwise). */
function narrowedFilter(filter: Omit<repo.PayWorkerFilter, 'from' | 'to'>): boolean {
  return filter.userId !== undefined || filter.userIds !== undefined || filter.grupoId !== undefined || filter.sedeId !== undefined || (filter.cargo ?? '') !== '' || (filter.q ?? '') !== '';
}

const REMUNERATION_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  groupNotFound: 'El grupo no existe.',
  siteNotFound: 'La sede no existe.',
  notEnded: 'El mes aún no termina: se puede cerrar desde su último día.',
  alreadyClosed: 'El mes ya está cerrado.',
  notClosed: 'El mes no está cerrado.',
} as const;

/**
 * Approved overtime per worker and date, in seconds (the overtime module's approvals). Given to the
 * service so remunerations do not depend on how approvals are stored.
 */
export type ApprovedOvertimeReader = (db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string) => Promise<Map<string, Map<string, number>>>;

/**
 * What other modules still have open in a month, each counted by its own module (its repository holds
 * the query), given at assembly (remunerations.module.ts). The days are brought up to date once, by
 * this service, before any of them reads: none evaluates again.
 */
interface PendingReaders {
  /** Incomplete days of these workers per date (attendance). */
  incompleteDays(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<{ fecha: string; cantidad: number }[]>;
  /** Inconsistencies neither dismissed nor in correction (inconsistencies). */
  openInconsistencies(companyId: string, from: string, to: string, now: Date): Promise<number>;
  /** Corrections of marks waiting for the worker (corrections). */
  correctionsAwaitingWorker(db: DbOrTx, companyId: string, from: string, to: string, now: Date): Promise<number>;
  /** Worker-days with overtime found and no decision (overtime). */
  overtimeToReview(db: DbOrTx, companyId: string, from: string, to: string): Promise<number>;
  /** Permission requests waiting for a decision that touch the month (permissions). */
  pendingPermissionRequests(db: DbOrTx, companyId: string, from: string, to: string): Promise<number>;
}

interface RemunerationsDeps {
  db: Db;
  attendance: AttendanceService;
  /** What payroll takes from attendance (remunerations.attendance.ts). */
  payroll: PayrollAttendance;
  approvedOvertime: ApprovedOvertimeReader;
  /** The employer's overtime compliance problems by worker (modules/overtime), flagged beside the pay. */
  overtimeCompliance: (db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string) => Promise<Map<string, OvertimeCompliance>>;
  pending: PendingReaders;
  /** The names of the permission types (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'permissionTypeNames'>;
  /** Closed payroll months (modules/payroll-periods' `app.payrollPeriods`): taking a month to close or reopen it. */
  payrollPeriods: PayrollPeriodsPort;
  /**
   * Per worker with a «feriado» pact, the month's overtime compensated with vacation days (not paid) and the
   * overtime whose rest expired unused, paid in this 7th month (art. 32 inc. 4): assembled from modules/overtime
   * and modules/permissions (remunerations.module.ts).
   */
  overtimeRest: OvertimeRestReader;
  /** Wakes this process's job loop when a page read queues the month's pay (the job is due at once). */
  kickJobs?: () => void;
  /** Workers whose pay a page read computes inline before it queues the computation (PAY_INLINE_WORKERS unless told). */
  payInlineWorkers?: number;
}

/** The job kind of a month's pay computed for a page read that would compute too much of it (deferPay). */
export const PAY_CALCULATION_JOB = 'remuneraciones-calcular';

/**
 * Workers whose pay a page read still computes inside the request. At 10,000 workers computing and storing every
 * worker's pay took 29 s under load 15–20 (about 3 ms a worker; docs/performance.md, «Remuneraciones con la paga
 * guardada»), so 1,000 keeps a read within a few seconds on a loaded machine and near 1 s on a quiet one.
 */
const PAY_INLINE_WORKERS = 1_000;

/** What the pay job's payload holds: the company's month and its last included day, and how far it is (`hechos` of `total` workers). */
interface PayCalculationPayload {
  companyId: string;
  periodo: string;
  closed: string;
  /** The month's bounds, as a calculation's progress shows them. */
  desde: string;
  hasta: string;
  hechos: number;
  total: number;
}

/** See `RemunerationsDeps.overtimeRest`; `month` is `aaaa-mm`, `to` its last day read. */
export type OvertimeRestReader = (
  companyId: string,
  userIds: readonly string[],
  month: string,
  to: string,
  now: Date,
  options: { executor: DbOrTx; fresh: boolean },
) => Promise<Map<string, { compensatedSeconds: number; payoutSeconds: number }>>;

export function createRemunerationsService({
  db,
  attendance,
  payroll,
  approvedOvertime,
  overtimeCompliance,
  pending,
  permissions,
  payrollPeriods,
  overtimeRest,
  kickJobs = () => {},
  payInlineWorkers = PAY_INLINE_WORKERS,
}: RemunerationsDeps) {
  async function checkFilterIds(companyId: string, grupoId?: string, sedeId?: string): Promise<void> {
    if (grupoId !== undefined && !(isUuid(grupoId) && (await repo.groupExists(db, companyId, grupoId)))) throw notFound(REMUNERATION_MESSAGES.groupNotFound);
    if (sedeId !== undefined && !(isUuid(sedeId) && (await repo.siteExists(db, companyId, sedeId)))) throw notFound(REMUNERATION_MESSAGES.siteNotFound);
  }

  /** The month's bounds and the last day its figures include: its last day, or yesterday while it runs. */
  function monthOf(periodo: string, now: Date): { from: string; to: string; closed: string; today: string } {
    const { from, to } = monthBounds(periodo);
    const today = localDate(now);
    return { from, to, today, closed: to < today ? to : addDays(today, -1) };
  }

  async function periodState(companyId: string, periodo: string, today: string): Promise<EstadoPeriodo> {
    const [row, events] = await Promise.all([repo.findPeriod(db, companyId, periodo), repo.periodEvents(db, companyId, periodo)]);
    const closed = row?.closedAt ?? null;
    return {
      periodo,
      cerrado: closed !== null,
      cerradoEn: closed?.toISOString() ?? null,
      cerradoPor: closed && row?.closedBy ? { id: row.closedBy, nombre: row.closedByNombre ?? '' } : null,
      puedeCerrarse: monthBounds(periodo).to < today,
      historial: events.map((e) => ({ accion: e.accion, en: e.at.toISOString(), por: { id: e.userId, nombre: e.userNombre }, motivo: e.motivo })),
    };
  }

  /**
   * Brings the month's stored days of the filter's workers (`ids`) up to date. The whole company's month
   * (no narrowing filter: the same workers as attendance's filter of the month) is settled by its
   * rollups in one statement when it already is.
   */
  async function freshen(companyId: string, filter: Omit<repo.PayWorkerFilter, 'from' | 'to'>, ids: readonly string[], month: { from: string; to: string; closed: string }, now: Date) {
    if (narrowedFilter(filter)) await attendance.ensureFresh(companyId, ids, month.from, month.closed, now);
    else await attendance.ensureFreshFilter(companyId, { activeFrom: month.from, activeTo: month.to }, month.from, month.closed, now);
  }

  /** A chunk of workers with their rows (and weeks and approved overtime when asked), and whether each may be stored. */
  interface PayChunk {
    workers: repo.PayWorkerRow[];
    rows: RemuneracionTrabajador[];
    weeks: SemanaRemuneracion[][];
    approved: Map<string, Map<string, number>>;
    /** False for a worker with an overtime pact compensated with vacation days (art. 32 inc. 4): their pay depends on earlier months. */
    storable: boolean[];
  }

  /**
   * The pay of `workers` from their stored days (brought up to date by the caller), a chunk at a time in id
   * order: each chunk's days are a stretch of the primary key, and they are let go once `onChunk` has the
   * chunk's rows, so the memory a month takes is a chunk's, not the company's. `fresh`: whether the overtime
   * rest ledger may bring earlier days up to date (not in the closing transaction, which re-evaluated them).
   */
  async function payOf(
    companyId: string,
    periodo: string,
    workers: readonly repo.PayWorkerRow[],
    month: { from: string; to: string; closed: string },
    now: Date,
    { reader, fresh, withWeeks }: { reader: DbOrTx; fresh: boolean; withWeeks: boolean },
    onChunk: (chunk: PayChunk) => Promise<void>,
  ): Promise<void> {
    if (workers.length === 0) return;
    // The confirmed overtime of the weeks settled in the month: from the Monday of its first day, or the first day of a
    // cycle of an averaged distribution pact (art. 22 bis) ending in it, up to four weeks before.
    const weekFrom = addDays(month.from, workers.some((w) => w.jornadaPromedio !== null) ? -7 * AVERAGED_CYCLE_MAX_WEEKS + 1 : -6);
    const [typeNames, sundayPercent] = await Promise.all([permissions.permissionTypeNames(reader, companyId), repo.sundaySurchargePercent(reader, companyId)]);
    // Overtime compensated with vacation days and the expired rest paid now (art. 32 inc. 4), from the stored days.
    const rest = await overtimeRest(
      companyId,
      workers.map((w) => w.id),
      month.from.slice(0, 7),
      month.to,
      now,
      { executor: reader, fresh },
    );
    const byId = [...workers].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (let i = 0; i < byId.length; i += PAY_CHUNK) {
      const chunk = byId.slice(i, i + PAY_CHUNK);
      const chunkIds = chunk.map((w) => w.id);
      const [facts, chunkApproved, compliance] = await Promise.all([
        payroll.facts(companyId, chunkIds, month.from, month.closed, reader, new Map(chunk.map((w) => [w.id, w.jornadaPromedio]))),
        month.closed >= month.from ? approvedOvertime(reader, companyId, chunkIds, weekFrom, month.closed) : Promise.resolve(new Map<string, Map<string, number>>()),
        month.closed >= month.from ? overtimeCompliance(reader, companyId, chunkIds, month.from, month.closed) : Promise.resolve(new Map<string, OvertimeCompliance>()),
      ]);
      const rows: RemuneracionTrabajador[] = [];
      const weeks: SemanaRemuneracion[][] = [];
      for (const w of chunk) {
        // Art. 38 inc. 2 (Ley 20.823): the Sunday surcharge on the Sundays the exception is in force.
        const exception = sundayRestExceptionOf(w.exceptuadoDescansoDominical, w.exceptuadoDescansoDominicalDesde, w.exceptuadoDescansoDominicalHasta);
        const excepted = exceptedFromSundayRestWithin(exception, month.from, month.to);
        const variables = remunerationFromFacts(facts.get(w.id)!, {
          salary: w.sueldoBase ?? 0,
          weeklyHours: w.horasSemanales ?? weeklyHoursLimit(month.closed >= month.from ? month.closed : month.from),
          period: periodo,
          // Confirmed in review, reported beside the paid overtime (never a cap).
          approvedOvertime: chunkApproved.get(w.id) ?? new Map<string, number>(),
          sundaySurchargePercent: excepted ? sundayPercent : null,
          ...(typeof exception === 'object' ? { sundaySurchargeDates: exception } : {}),
          overtimeRest: rest.get(w.id),
        });
        const row = workerRow({ ...w, exceptuadoDescansoDominical: excepted }, variables, typeNames, compliance.get(w.id));
        rows.push(row);
        if (withWeeks) weeks.push(weekRows(variables, row.sueldoBase !== null));
      }
      await onChunk({ workers: chunk, rows, weeks, approved: chunkApproved, storable: chunk.map((w) => !rest.has(w.id)) });
      if (i + PAY_CHUNK < byId.length) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Every worker of the filter with their pay variables, computed from the stored evaluation (brought up to
   * date first unless `current` says it already is, as in the closing transaction, which reads with `reader`).
   * The exports, the worker's drill-down and the close read this; the page reads the stored rows (storedPage).
   */
  async function computeLive(
    companyId: string,
    periodo: string,
    filter: Omit<repo.PayWorkerFilter, 'from' | 'to'>,
    now: Date,
    { reader = db, current = false, withWeeks = true }: { reader?: DbOrTx; current?: boolean; withWeeks?: boolean } = {},
  ): Promise<{ rows: RemuneracionTrabajador[]; weeks: SemanaRemuneracion[][]; approved: Map<string, Map<string, number>>; from: string; to: string; closed: string; today: string }> {
    const month = monthOf(periodo, now);
    const workers = await repo.payWorkers(reader, companyId, { ...filter, from: month.from, to: month.to });
    const ids = workers.map((w) => w.id);
    if (!current && month.closed >= month.from) await freshen(companyId, filter, ids, month, now);
    const rowOf = new Map<string, RemuneracionTrabajador>();
    const weeksOf = new Map<string, SemanaRemuneracion[]>();
    const approved = new Map<string, Map<string, number>>();
    await payOf(companyId, periodo, workers, month, now, { reader, fresh: !current, withWeeks }, async (chunk) => {
      chunk.workers.forEach((w, i) => {
        rowOf.set(w.id, chunk.rows[i]!);
        if (!withWeeks) return;
        weeksOf.set(w.id, chunk.weeks[i]!);
        const own = chunk.approved.get(w.id);
        if (own) approved.set(w.id, own);
      });
    });
    // The page's order is the workers' (payWorkers).
    const rows = workers.map((w) => rowOf.get(w.id)!);
    const weeks = withWeeks ? workers.map((w) => weeksOf.get(w.id)!) : [];
    return { rows, weeks, approved, ...month };
  }

  /**
   * Computes the pay of `ids` (the filter's workers without a stored row for `month.closed`) from their days,
   * brought up to date first, and stores it under a claim: a change committed while it computes deletes the
   * claim, so figures computed without that change are given to `onChunk` but never stored. `everyone`: the ids
   * are every worker of the filter (the whole company's month is settled by its rollups in one statement).
   */
  async function computeAndStore(
    companyId: string,
    periodo: string,
    filter: Omit<repo.PayWorkerFilter, 'from' | 'to'>,
    month: { from: string; to: string; closed: string },
    ids: readonly string[],
    everyone: boolean,
    now: Date,
    onChunk: (rows: RemuneracionTrabajador[]) => Promise<void>,
  ): Promise<void> {
    const freshen = async () => {
      if (month.closed < month.from) return;
      if (everyone && !narrowedFilter(filter)) await attendance.ensureFreshFilter(companyId, { activeFrom: month.from, activeTo: month.to }, month.from, month.closed, now);
      else await attendance.ensureFresh(companyId, ids, month.from, month.closed, now);
    };
    await freshen();
    const claim = randomUUID();
    await stored.claimRows(db, companyId, periodo, month.closed, ids, claim);
    try {
      // Again, now that the claims are there: nothing to do unless a mark or a change came after the first
      // pass (a day it left stale); the days it evaluates again delete their workers' claims.
      await freshen();
      const workers = await repo.payWorkers(db, companyId, { from: month.from, to: month.to, userIds: ids });
      await payOf(companyId, periodo, workers, month, now, { reader: db, fresh: true, withWeeks: false }, async (chunk) => {
        await stored.storeRows(db, companyId, periodo, claim, chunk.rows.flatMap((row, i) => (chunk.storable[i] ? [{ userId: row.usuarioId, row, sums: rowSums(row) }] : [])));
        await onChunk(chunk.rows);
      });
    } finally {
      await stored.releaseClaim(db, companyId, periodo, claim);
    }
  }

  /**
   * A page read that would compute more workers' pay than a request should (the first read of a month, or of a
   * running month each day, when `closed` moves) queues the computation for the whole company instead, or joins
   * the open one for the same month and day, and answers 202 with its progress: the page follows it as it follows
   * a first evaluation (modules/attendance, attendance.calculations.ts) and reads again when it is done.
   */
  async function deferPay(companyId: string, periodo: string, month: { from: string; to: string; closed: string }, missing: number, now: Date): Promise<never> {
    const payload: PayCalculationPayload = { companyId, periodo, closed: month.closed, desde: month.from, hasta: month.to, hechos: 0, total: missing };
    const job = await enqueueUnlessCovered(db, PAY_CALCULATION_JOB, { ...payload }, now, (open) => open.periodo === periodo && open.closed === month.closed);
    if (!job.joined) kickJobs();
    const p = job.payload as unknown as PayCalculationPayload;
    const body: CalculandoAsistencia = {
      estado: 'calculando',
      mensaje: CALCULANDO_ASISTENCIA_MENSAJE,
      calculo: { id: String(job.id), estado: 'calculando', hechos: p.hechos ?? 0, total: p.total ?? missing, desde: p.desde, hasta: p.hasta },
    };
    throw new Accepted(body, { location: `/api/v1/asistencia/calculos/${job.id}` });
  }

  /**
   * A page of an open month and the totals of its filter from the stored pay (remuneration_rows): the rows
   * stored for this `closed` day are added up in SQL; only the workers without one are computed (their days
   * brought up to date first), and stored under a claim a change made meanwhile deletes. A stored row needs
   * no freshening: it exists only while none of its days, approvals, pacts, permissions or contract terms
   * changed since it was computed from fresh days (the triggers of migration 0049). Workers with an overtime
   * pact compensated with vacation days are computed on each read and never stored.
   */
  async function storedPage(
    companyId: string,
    periodo: string,
    filter: Omit<repo.PayWorkerFilter, 'from' | 'to'>,
    page: { offset: number; limit: number },
    now: Date,
  ): Promise<{ items: RemuneracionTrabajador[]; total: number; totales: TotalesRemuneraciones; from: string; to: string; closed: string; today: string }> {
    const month = monthOf(periodo, now);
    const f: repo.PayWorkerFilter = { ...filter, from: month.from, to: month.to };
    const [found, pageWorkers] = await Promise.all([stored.storedPay(db, companyId, periodo, month.closed, f), repo.payWorkers(db, companyId, f, page)]);
    const totales: TotalesRemuneraciones = { ...emptyTotals(), ...found.sums, trabajadores: found.stored, sinSueldo: found.storedWithoutSalary };
    const pageIds = new Set(pageWorkers.map((w) => w.id));
    const rowOf = new Map<string, RemuneracionTrabajador>();
    if (found.missing.length > payInlineWorkers && inPageRead()) await deferPay(companyId, periodo, month, found.missing.length, now);
    if (found.missing.length > 0) {
      await computeAndStore(companyId, periodo, filter, month, found.missing, found.missing.length === found.workers, now, async (rows) => {
        addTotals(totales, totalsOf(rows));
        for (const row of rows) if (pageIds.has(row.usuarioId)) rowOf.set(row.usuarioId, row);
      });
    }
    // The page's rows: computed now, or stored (served with who the worker is now, identityOf).
    const rest = pageWorkers.filter((w) => !rowOf.has(w.id)).map((w) => w.id);
    const kept = await stored.storedRows(db, companyId, periodo, month.closed, rest);
    for (const [id, row] of kept) rowOf.set(id, storedRow(row as StoredRemuneracion));
    // A row deleted by a change since the totals were read: computed for the page (the totals are the snapshot's).
    const gone = rest.filter((id) => !rowOf.has(id));
    if (gone.length > 0) {
      const workers = await repo.payWorkers(db, companyId, { from: month.from, to: month.to, userIds: gone });
      if (month.closed >= month.from) await attendance.ensureFresh(companyId, gone, month.from, month.closed, now);
      await payOf(companyId, periodo, workers, month, now, { reader: db, fresh: true, withWeeks: false }, async (chunk) => {
        for (const row of chunk.rows) rowOf.set(row.usuarioId, row);
      });
    }
    const items = pageWorkers.flatMap((w) => {
      const row = rowOf.get(w.id);
      return row ? [{ ...row, ...identityOf(w) }] : [];
    });
    return { items, total: found.workers, totales, ...month };
  }

  /**
   * Stores what a month reports, in the closing transaction. The month is taken first (changes that
   * found it open have committed; new ones wait), then every day of the month is evaluated again in
   * the transaction, so the stored figures rest on exactly what was committed before the close.
   */
  async function freezeMonth(tx: DbOrTx, companyId: string, periodo: string, now: Date): Promise<void> {
    await payrollPeriods.takeMonth(tx, companyId, periodo);
    const month = monthOf(periodo, now);
    const everyone = await repo.payWorkers(tx, companyId, { from: month.from, to: month.to });
    if (month.closed >= month.from) await attendance.reevaluate(tx, companyId, everyone.map((w) => w.id), month.from, month.closed, now);
    const { rows, weeks } = await computeLive(companyId, periodo, {}, now, { reader: tx, current: true });
    await repo.freezeRows(tx, companyId, periodo, rows.map((row, i) => ({ userId: row.usuarioId, row, weeks: weeks[i]! })));
  }

  /**
   * The workers of the filter with their figures: live while the month is open; as stored at the close
   * once it is closed (a month closed before figures were stored has them stored on its first read).
   */
  async function compute(
    companyId: string,
    periodo: string,
    filter: Omit<repo.PayWorkerFilter, 'from' | 'to'>,
    now: Date,
    withWeeks = true,
  ): Promise<{ rows: RemuneracionTrabajador[]; weeks: SemanaRemuneracion[][]; approved: Map<string, Map<string, number>>; from: string; to: string; closed: string; today: string; frozen: boolean }> {
    const period = await repo.findPeriod(db, companyId, periodo);
    if (!period?.closedAt) return { ...(await computeLive(companyId, periodo, filter, now, { withWeeks })), frozen: false };
    if (!(await repo.hasFrozenRows(db, companyId, periodo))) {
      await db.transaction(async (tx) => {
        const again = await repo.findPeriod(tx, companyId, periodo, true);
        if (again?.closedAt && !(await repo.hasFrozenRows(tx, companyId, periodo))) await freezeMonth(tx, companyId, periodo, now);
      });
    }
    const month = monthOf(periodo, now);
    const workers = await repo.payWorkers(db, companyId, { ...filter, from: month.from, to: month.to });
    const stored = await repo.frozenRows<StoredRemuneracion, SemanaRemuneracion>(db, companyId, periodo, workers.map((w) => w.id));
    // Rows stored before a field existed read it as its neutral value (storedRow).
    const kept = workers.flatMap((w) => stored.get(w.id) ?? []).map((f) => ({ ...f, row: storedRow(f.row) }));
    const approved = new Map<string, Map<string, number>>();
    return { rows: kept.map((f) => f.row), weeks: kept.map((f) => f.weeks), approved, ...month, frozen: true };
  }

  return {
    assertMonthsOpen: payrollPeriods.assertMonthsOpen,

    /**
     * The pay job (deferPay): computes and stores the pay of every worker of the company's month still without a
     * stored row for the day it was queued for, a chunk at a time, reporting how many are done.
     */
    async calculatePay(raw: unknown, now: Date, report: (fields: Record<string, unknown>) => Promise<void>): Promise<void> {
      const { companyId, periodo, closed } = raw as PayCalculationPayload;
      const month = monthOf(periodo, now);
      // The day rolled over since the page queued it: the page reads again and queues the new day if it needs to.
      if (month.closed !== closed) return;
      const found = await stored.storedPay(db, companyId, periodo, month.closed, { from: month.from, to: month.to });
      let done = 0;
      await report({ hechos: 0, total: found.missing.length });
      if (found.missing.length === 0) return;
      await computeAndStore(companyId, periodo, {}, month, found.missing, found.missing.length === found.workers, now, async (rows) => {
        done += rows.length;
        await report({ hechos: done, total: found.missing.length });
      });
    },

    async month(session: RequestSession, periodo: string, query: RemuneracionesInput, now: Date): Promise<RemuneracionesResponse> {
      requirePerfil(session, ...ACCESS.remunerations);
      await checkFilterIds(session.companyId, query.grupoId, query.sedeId);
      // The page and the totals need every worker's row, not their weeks.
      const filter = { grupoId: query.grupoId, sedeId: query.sedeId, cargo: query.cargo, q: query.q };
      const offset = (query.page - 1) * query.pageSize;
      const period = await repo.findPeriod(db, session.companyId, periodo);
      // A closed month is served as stored at its close (compute); an open one from the stored pay.
      const read = period?.closedAt
        ? await compute(session.companyId, periodo, filter, now, false).then(({ rows, ...month }) => ({ ...month, items: rows.slice(offset, offset + query.pageSize), total: rows.length, totales: totalsOf(rows) }))
        : await storedPage(session.companyId, periodo, filter, { offset, limit: query.pageSize }, now);
      return {
        periodo,
        desde: read.from,
        hasta: read.to,
        hastaCerrado: read.closed,
        estado: await periodState(session.companyId, periodo, read.today),
        items: read.items,
        total: read.total,
        page: query.page,
        pageSize: query.pageSize,
        totales: read.totales,
      };
    },

    async worker(session: RequestSession, periodo: string, id: string, now: Date): Promise<DetalleRemuneracion> {
      requirePerfil(session, ...ACCESS.remunerations);
      requireId(id, REMUNERATION_MESSAGES.workerNotFound);
      const { rows, weeks, approved, from, closed, frozen } = await compute(session.companyId, periodo, { userId: id }, now);
      const row = rows[0];
      if (!row) throw notFound(REMUNERATION_MESSAGES.workerNotFound);
      // The days are the stored evaluation as it is now (a closed month's row and weeks are those of its close).
      const stored = await payroll.storedDays(session.companyId, id, from, closed);
      const approvedOf = frozen ? (await approvedOvertime(db, session.companyId, [id], addDays(from, -6), closed)).get(id) : approved.get(id);
      return {
        periodo,
        desde: from,
        hastaCerrado: closed,
        trabajador: row,
        dias: stored.map((d) => ({ ...d, extraAprobadaSegundos: Math.min(approvedOf?.get(d.fecha) ?? 0, d.segundos.extra + d.segundos.extraSobrePactada), enPeriodo: d.fecha >= from })),
        semanas: weeks[0]!,
      };
    },

    async state(session: RequestSession, periodo: string, now: Date): Promise<EstadoPeriodo> {
      requirePerfil(session, ...ACCESS.remunerations);
      return periodState(session.companyId, periodo, localDate(now));
    },

    /**
     * What is still open in the month, asked before closing it (the web shows it and asks to confirm;
     * closing stays allowed: the administrador decides). The month's workers' days are brought up to
     * date here once, as the figures are, and every module counts on what is stored.
     */
    async pending(session: RequestSession, periodo: string, now: Date): Promise<PendientesPeriodo> {
      requirePerfil(session, ...ACCESS.remunerations);
      const { companyId } = session;
      const { from, to, closed } = monthOf(periodo, now);
      const evaluated = closed >= from;
      const ids = (await repo.payWorkers(db, companyId, { from, to })).map((w) => w.id);
      if (evaluated) await freshen(companyId, {}, ids, { from, to, closed }, now);
      const [fechas, inconsistencias, correcciones, horasExtra, permisos] = await Promise.all([
        evaluated ? pending.incompleteDays(db, companyId, ids, from, closed) : Promise.resolve([]),
        pending.openInconsistencies(companyId, from, to, now),
        pending.correctionsAwaitingWorker(db, companyId, from, to, now),
        pending.overtimeToReview(db, companyId, from, to),
        pending.pendingPermissionRequests(db, companyId, from, to),
      ]);
      const incompletos = fechas.reduce((sum, f) => sum + f.cantidad, 0);
      return {
        periodo,
        desde: from,
        hasta: to,
        hastaCerrado: closed,
        marcasIncompletas: { cantidad: incompletos, fechas },
        inconsistenciasAbiertas: { cantidad: inconsistencias },
        correccionesPendientes: { cantidad: correcciones },
        horasExtraPorRevisar: { cantidad: horasExtra },
        permisosPendientes: { cantidad: permisos },
        total: incompletos + inconsistencias + correcciones + horasExtra + permisos,
      };
    },

    async close(session: RequestSession, periodo: string, now: Date): Promise<EstadoPeriodo> {
      requirePerfil(session, ...ACCESS.remunerations);
      const today = localDate(now);
      if (!(monthBounds(periodo).to < today)) throw new AppError('CONFLICT', REMUNERATION_MESSAGES.notEnded, { periodo: REMUNERATION_MESSAGES.notEnded });
      await db.transaction(async (tx) => {
        const row = await repo.lockPeriod(tx, session.companyId, periodo, now);
        if (row.closedAt !== null) throw new AppError('CONFLICT', REMUNERATION_MESSAGES.alreadyClosed, { periodo: REMUNERATION_MESSAGES.alreadyClosed });
        await freezeMonth(tx, session.companyId, periodo, now);
        await repo.closePeriod(tx, session.companyId, periodo, session.userId, now);
        await repo.insertEvent(tx, { companyId: session.companyId, periodo, accion: 'cierre', userId: session.userId, motivo: null, at: now });
      });
      return periodState(session.companyId, periodo, today);
    },

    async reopen(session: RequestSession, periodo: string, body: ReabrirPeriodoBody, now: Date): Promise<EstadoPeriodo> {
      requirePerfil(session, ...ACCESS.remunerations);
      await db.transaction(async (tx) => {
        const row = await repo.lockPeriod(tx, session.companyId, periodo, now);
        if (row.closedAt === null) throw new AppError('CONFLICT', REMUNERATION_MESSAGES.notClosed, { periodo: REMUNERATION_MESSAGES.notClosed });
        await payrollPeriods.takeMonth(tx, session.companyId, periodo);
        await repo.thawRows(tx, session.companyId, periodo);
        // Rows stored before the close were deleted by its evaluation of the month; none is kept across it.
        await stored.forgetRows(tx, session.companyId, periodo);
        await repo.reopenPeriod(tx, session.companyId, periodo, session.userId, body.motivo, now);
        await repo.insertEvent(tx, { companyId: session.companyId, periodo, accion: 'reapertura', userId: session.userId, motivo: body.motivo, at: now });
      });
      return periodState(session.companyId, periodo, localDate(now));
    },

    /** Every worker of the filter as the payroll export's records (`proceso` = the month). */
    async exportRecords(session: RequestSession, periodo: string, query: ExportarRemuneracionesInput, now: Date): Promise<{ records: ExportRecord[]; rows: RemuneracionTrabajador[] }> {
      requirePerfil(session, ...ACCESS.remunerations);
      await checkFilterIds(session.companyId, query.grupoId, query.sedeId);
      const { rows } = await compute(session.companyId, periodo, { grupoId: query.grupoId, sedeId: query.sedeId, cargo: query.cargo, q: query.q }, now, false);
      return { records: rows.map((r) => exportRecord(r, periodo)), rows };
    },
  };
}

export type RemunerationsService = ReturnType<typeof createRemunerationsService>;

/** A CSV cell: numbers with a decimal comma (the `;`-separated CSV of Chile), text guarded against formulas. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', ',');
  const text = csvCellText(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The payroll CSV: UTF-8 with a BOM (so Excel shows «Cortés» on a double click, as the marks CSV
 * does; payroll importers skip it and read the first header as `id_empleado`), `;`, CRLF.
 */
export function payrollCsv(records: readonly ExportRecord[]): string {
  const lines = [COLUMNAS_EXPORTACION_REMUNERACIONES.join(';')];
  for (const r of records) lines.push(COLUMNAS_EXPORTACION_REMUNERACIONES.map((c) => csvField(r[c])).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function payrollXlsx(records: readonly ExportRecord[], periodo: string): Promise<Buffer> {
  return writeXlsx({
    sheetName: `Remuneraciones ${periodo}`,
    columns: COLUMNAS_EXPORTACION_REMUNERACIONES.map((c) => ({
      header: c,
      width: Math.max(12, c.length + 2),
      value: (r: ExportRecord) => r[c],
      ...(c.startsWith('valor') || c === 'sueldo_base' || c === 'descuento_permisos' ? { numFmt: '#,##0' } : {}),
    })),
    rows: records,
  });
}
