import type { AccionDia, AlertaPlan, Conflictos, DiaPlan, Ocurrencia, OrigenCambio, SemanaPlan, SolicitadoPor, UsuarioPlan } from '@jornada/contracts';
import {
  addDays,
  daysInMonth,
  evaluatePeriod,
  formatLocalDate,
  placeShift,
  resolveLocalTime,
  weekStart,
  type AgreedWeeklyHours,
  type HolidayLookup,
  type PeriodEvaluationOptions,
  type PlanEntry,
  type ShiftTemplate,
} from '@jornada/domain';
import { AVERAGED_CYCLE_MAX_WEEKS, exceptionalScheduleOver, formatRut, sundayRestExceptionOf, weeklyHoursLimit } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import type { PayrollPeriodsPort } from '../payroll-periods/index';
import { templateOf, toTurnoPlanificado, type ShiftReads, type ShiftRow, type ShiftVersionRow } from '../shifts/index';
import { deleteDays, insertChanges, upsertDays, type PlanningDayRow, type Worker } from './planning.repository';

/**
 * The engine's template of a shift version (the one `templateOf` of modules/shifts), its id
 * `shiftId:version`: a stored day finds the timing of its version by it. Build it once per version
 * and share it (placeShift caches per template object).
 */
export function versionTemplate(row: ShiftVersionRow): ShiftTemplate {
  return templateOf(row, `${row.shiftId}:${row.version}`);
}

/** Every shift of a company with its versions and their domain templates, loaded once per request. */
export interface ShiftCatalog {
  byId: Map<string, ShiftRow>;
  byCode: Map<string, ShiftRow>;
  version(shiftId: string, version: number): { row: ShiftVersionRow; template: ShiftTemplate } | undefined;
}

export async function loadCatalog(reads: ShiftReads, db: DbOrTx, companyId: string): Promise<ShiftCatalog> {
  const { shifts, versions } = await reads.catalog(db, companyId);
  const templates = new Map<string, { row: ShiftVersionRow; template: ShiftTemplate }>();
  for (const [key, row] of versions) templates.set(key, { row, template: versionTemplate(row) });
  return {
    byId: new Map(shifts.map((s) => [s.id, s])),
    byCode: new Map(shifts.map((s) => [s.codigo, s])),
    version: (shiftId, version) => templates.get(`${shiftId}:${version}`),
  };
}

/** `dd-mm-aaaa`, as screens and messages write dates. */
function screenDate(date: string): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

/** `UTC-3` of an offset in minutes. */
function utcText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${Math.floor(abs / 60)}${abs % 60 ? `:${String(abs % 60).padStart(2, '0')}` : ''}`;
}

/** Why a shift cannot start as planned on a date: its start does not exist there, or happens twice and needs the occurrence. */
export interface ShiftStartProblem {
  /** `turno`: choose another shift (the start is in the spring-forward gap); `ocurrencia`: say which occurrence. */
  field: 'turno' | 'ocurrencia';
  message: string;
}

/**
 * Checks the start of a planned shift on a date in the worker's zone, as a time a person chose: a
 * start the spring-forward gap skips is refused (the engine would move it an hour later, silently);
 * a start the fall-back hour repeats needs `ocurrencia`. A plan places such a shift at the first
 * occurrence (planning_days stores no occurrence), so `primera` is accepted and `segunda` refused
 * with the reason. Null when the start is an ordinary time (almost always).
 */
export function shiftStartProblem(catalog: ShiftCatalog, target: Assignment, date: string, zone: string, ocurrencia: Ocurrencia | null | undefined): ShiftStartProblem | null {
  if (target.kind !== 'turno') return null;
  const version = catalog.version(target.shiftId!, target.shiftVersion!);
  if (!version) return null;
  const start = version.template.start;
  const resolution = resolveLocalTime(date, start, zone);
  if (resolution.kind === 'exact') return null;
  const shift = `El turno ${catalog.byId.get(target.shiftId!)?.codigo ?? ''} empieza a las ${start} del ${screenDate(date)}`;
  if (resolution.kind === 'gap') {
    return {
      field: 'turno',
      message: `${shift}, hora que no existe en ${zone}: ese día el reloj salta de las ${resolution.jumpsFrom} a las ${resolution.jumpsTo} por el cambio de horario. Elige otro turno para ese día.`,
    };
  }
  const twice = `${shift}, hora que ocurre dos veces en ${zone} por el cambio de horario (primero en ${utcText(resolution.earlierOffsetMinutes)} y luego en ${utcText(resolution.laterOffsetMinutes)})`;
  if (ocurrencia === 'primera') return null;
  if (ocurrencia === 'segunda') {
    return { field: 'ocurrencia', message: `${twice}: la planificación ubica el turno la primera vez (${utcText(resolution.earlierOffsetMinutes)}); no puede empezar la segunda. Elige «primera» u otro turno.` };
  }
  return { field: 'ocurrencia', message: `${twice}: indica la ocurrencia «primera» (la planificación ubica el turno la primera vez, en ${utcText(resolution.earlierOffsetMinutes)}).` };
}

/** What a date gets: a shift version, a rest day, or nothing (`kind: null`, sin planificar). */
export interface Assignment {
  kind: 'turno' | 'libre' | null;
  shiftId: string | null;
  shiftVersion: number | null;
}

export const UNPLANNED: Assignment = { kind: null, shiftId: null, shiftVersion: null };
export const REST: Assignment = { kind: 'libre', shiftId: null, shiftVersion: null };

export function assignmentOf(row: PlanningDayRow | undefined): Assignment {
  return row ? { kind: row.kind, shiftId: row.shiftId, shiftVersion: row.shiftVersion } : UNPLANNED;
}

function sameAssignment(a: Assignment, b: Assignment): boolean {
  return a.kind === b.kind && a.shiftId === b.shiftId && a.shiftVersion === b.shiftVersion;
}

/** What writing `target` over what a date has does, given the caller's choice about planned dates. */
export function decide(existing: PlanningDayRow | undefined, target: Assignment, conflictos: Conflictos): AccionDia {
  if (!existing) return target.kind === null ? 'sin_cambios' : 'crear';
  if (sameAssignment(assignmentOf(existing), target)) return 'sin_cambios';
  return conflictos === 'conservar' ? 'conservar' : 'reemplazar';
}

function feriadoOf(lookup: HolidayLookup, date: string): DiaPlan['feriado'] {
  const holiday = lookup(date);
  return holiday ? { nombre: holiday.name, irrenunciable: holiday.irrenunciable } : null;
}

/** A date's plan as the API shows it, with its real planned seconds in the worker's zone. */
export function dayView(catalog: ShiftCatalog, assignment: Assignment, date: string, zone: string, holidays: HolidayLookup): DiaPlan {
  const base = { fecha: date, feriado: feriadoOf(holidays, date) };
  if (assignment.kind !== 'turno') {
    return { ...base, tipo: assignment.kind ?? 'sin_planificar', turnoId: null, turno: null, segundosPlanificados: 0 };
  }
  const shift = catalog.byId.get(assignment.shiftId!)!;
  const version = catalog.version(assignment.shiftId!, assignment.shiftVersion!)!;
  return {
    ...base,
    tipo: 'turno',
    turnoId: shift.id,
    turno: toTurnoPlanificado(shift, version.row),
    segundosPlanificados: placeShift(version.template, date, zone).plannedSeconds,
  };
}

export function planEntryOf(catalog: ShiftCatalog, assignment: Assignment): PlanEntry | undefined {
  if (assignment.kind === 'libre') return { kind: 'libre' };
  if (assignment.kind !== 'turno') return undefined;
  return { kind: 'turno', shift: catalog.version(assignment.shiftId!, assignment.shiftVersion!)!.template };
}

/** `42:30` of a number of seconds (minutes truncated). */
export function hhmm(seconds: number): string {
  const minutes = Math.floor(Math.abs(seconds) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The whole Monday-to-Sunday weeks a range touches. */
function weeksRange(from: string, to: string): { from: string; to: string } {
  return { from: weekStart(from), to: addDays(weekStart(to), 6) };
}

/**
 * The plan to load to judge a range: its whole weeks (the weekly alerts) with the whole cycles of an averaged
 * distribution around them (art. 22 bis: up to four weeks), and its whole calendar months (two Sundays of rest a
 * month, art. 38 inc. 4, are judged on the month even when a single week is shown).
 */
export function planRange(from: string, to: string): { from: string; to: string } {
  const whole = weeksRange(from, to);
  // An averaged distribution (art. 22 bis) judges whole cycles of up to four weeks: three more weeks each side.
  const reach = 7 * (AVERAGED_CYCLE_MAX_WEEKS - 1);
  const weeks = { from: addDays(whole.from, -reach), to: addDays(whole.to, reach) };
  const monthStart = `${from.slice(0, 7)}-01`;
  const [y, m] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  const monthEnd = formatLocalDate(y, m, daysInMonth(y, m));
  return { from: monthStart < weeks.from ? monthStart : weeks.from, to: monthEnd > weeks.to ? monthEnd : weeks.to };
}

/**
 * The contract's agreed weekly hours as the engine takes them: from the contract's first day on (the
 * user records one figure; before the contract there is none). Null when the user has none recorded.
 */
function agreedHoursOf(worker: Pick<Worker, 'inicioContrato' | 'horasSemanales'>): AgreedWeeklyHours | null {
  return worker.horasSemanales === null ? null : [{ from: worker.inicioContrato, hours: worker.horasSemanales }];
}

/** The averaged distribution pact's fields of a worker (art. 22 bis). */
type RegimePactFields = 'jornadaPromedioSemanas' | 'jornadaPromedioDesde' | 'jornadaPromedioHasta';
/** The exception from Sunday rest (art. 38) with its dates. */
type SundayRestFields = 'exceptuadoDescansoDominical' | 'exceptuadoDescansoDominicalDesde' | 'exceptuadoDescansoDominicalHasta';

/**
 * The regime a worker's plan is judged under over [from, to]: commerce, excluded from the hours limit (art. 22
 * inc. 2), excepted from Sunday rest (art. 38 inc. 4), an exceptional schedule in force (art. 38 inc. final), an
 * averaged distribution pact (art. 22 bis) and, for commerce, the December days the company declared as extended
 * (art. 24, seconds by date).
 * The plan's alerts and the automatic roster read the same fields through this one function.
 */
export function planRegime(
  worker: Pick<Worker, 'inicioContrato' | 'finContrato' | 'excluidoLimiteJornada' | SundayRestFields | 'jornadaExcepcional' | RegimePactFields>,
  commerce: boolean,
  from: string,
  to: string,
  decemberExtensions?: ReadonlyMap<string, number>,
): Pick<PeriodEvaluationOptions, 'commerce' | 'excludedFromHoursLimit' | 'exceptionalSchedule' | 'sundayRest' | 'averagedDistribution' | 'decemberExtensions'> {
  const exceptional = exceptionalScheduleOver(worker.jornadaExcepcional, from, to);
  const averaged =
    worker.jornadaPromedioSemanas !== null && worker.jornadaPromedioDesde !== null
      ? { cycleWeeks: worker.jornadaPromedioSemanas, from: worker.jornadaPromedioDesde, to: worker.jornadaPromedioHasta }
      : null;
  // Art. 38 inc. 4 in the months the exception reaches (its dates, when it has any).
  const exception = sundayRestExceptionOf(worker.exceptuadoDescansoDominical, worker.exceptuadoDescansoDominicalDesde, worker.exceptuadoDescansoDominicalHasta);
  const sundayRest = exception
    ? { contractFrom: worker.inicioContrato, contractTo: worker.finContrato, ...(exception === true ? {} : { excepted: exception }) }
    : null;
  return {
    commerce,
    ...(commerce && decemberExtensions && decemberExtensions.size > 0 ? { decemberExtensions } : {}),
    excludedFromHoursLimit: worker.excluidoLimiteJornada,
    ...(exceptional ? { exceptionalSchedule: exceptional } : {}),
    ...(averaged ? { averagedDistribution: averaged } : {}),
    ...(sundayRest ? { sundayRest } : {}),
  };
}

/**
 * Weekly totals and the legal flags of a worker's plan over the whole weeks touching [from, to]:
 * the domain's plan alerts (weekly limit by the week's Monday, the contract's agreed weekly hours,
 * 10 hours a day, 5-6 days a week with 4 allowed at 40 hours, colación, irrenunciable holidays for commerce;
 * only the last two for a worker excluded from the hours limit, art. 22 inc. 2; two Sundays of rest a month
 * for a worker excepted from Sunday rest, art. 38 inc. 4, for which `plan` holds `planRange(from, to)`; for a worker under an
 * exceptional schedule in force, its daily hours and the cycle's weekly average instead of the weekly checks, art. 38 inc. final;
 * for commerce, the declared December extension days raise their day's limit, art. 24).
 */
export function weeksView(
  plan: Map<string, PlanEntry>,
  from: string,
  to: string,
  worker: Pick<Worker, 'zone' | 'inicioContrato' | 'finContrato' | 'horasSemanales' | 'excluidoLimiteJornada' | SundayRestFields | 'jornadaExcepcional' | RegimePactFields>,
  holidays: HolidayLookup,
  commerce: boolean,
  decemberExtensions?: ReadonlyMap<string, number>,
): { semanas: SemanaPlan[]; alertas: AlertaPlan[]; segundos: number } {
  const range = weeksRange(from, to);
  const zone = worker.zone;
  const result = evaluatePeriod({
    from: range.from,
    to: range.to,
    zone,
    plan,
    marks: [],
    holidays,
    agreedWeeklyHours: agreedHoursOf(worker),
    options: planRegime(worker, commerce, range.from, range.to, decemberExtensions),
  });
  const alertas: AlertaPlan[] = result.planAlerts.map((a) => ({ codigo: a.code, fecha: a.date, mensaje: a.message, valor: a.value, limite: a.limit }));
  const semanas: SemanaPlan[] = [];
  // Calendar weeks, not the evaluation's settlement units (a cycle of an averaged distribution settles as one).
  for (let monday = range.from; monday <= range.to; monday = addDays(monday, 7)) {
    const sunday = addDays(monday, 6);
    // Planned hours as the plan says them (a shift on a holiday still counts, as in the plan alerts); the
    // evaluation's own planned figure leaves holidays out because it measures what is owed.
    let days = 0;
    let seconds = 0;
    let incompleta = false;
    // The week's legal limit is the one in force on its last planned day (its Sunday when none), as the evaluation's.
    let lastPlanned = sunday;
    for (let date = monday; date <= sunday; date = addDays(date, 1)) {
      const entry = plan.get(date);
      if (entry === undefined) incompleta = true;
      if (entry?.kind !== 'turno') continue;
      lastPlanned = date;
      days++;
      seconds += placeShift(entry.shift, date, zone).plannedSeconds;
    }
    const mine = alertas.filter((a) => a.fecha >= monday && a.fecha <= sunday);
    semanas.push({
      inicio: monday,
      fin: sunday,
      segundosPlanificados: seconds,
      horasPlanificadas: hhmm(seconds),
      diasTrabajo: days,
      limiteHorasSemanales: weeklyHoursLimit(lastPlanned),
      sobreLimiteSemanal: mine.some((a) => a.codigo === 'jornada_semanal_sobre_limite'),
      diaSobreDiezHoras: mine.some((a) => a.codigo === 'jornada_diaria_sobre_limite'),
      diasFueraDeRango: mine.some((a) => a.codigo === 'dias_por_semana_fuera_de_rango'),
      incompleta,
      alertas: mine,
    });
  }
  let segundos = 0;
  for (const [date, entry] of plan) if (entry.kind === 'turno' && date >= from && date <= to) segundos += placeShift(entry.shift, date, zone).plannedSeconds;
  return { semanas, alertas, segundos };
}

export function usuarioPlan(worker: Worker): UsuarioPlan {
  return {
    id: worker.id,
    rut: formatRut(worker.rut) ?? worker.rut,
    nombre: worker.nombre,
    apellidos: worker.apellidos,
    cargo: worker.cargo,
    grupo: worker.groupId && worker.groupNombre ? { id: worker.groupId, nombre: worker.groupNombre } : null,
    zonaHoraria: worker.zone,
  };
}

/** Inside the worker's contract (planning outside it makes no sense). */
export function withinContract(worker: Worker, date: string): boolean {
  return date >= worker.inicioContrato && (worker.finContrato === null || date <= worker.finContrato);
}

export interface WriteContext {
  companyId: string;
  actorId: string | null;
  now: Date;
  origin: OrigenCambio;
}

/** One date to write: its new assignment, what it had, whether it is past, and the request's details for the log. */
export interface DayWrite {
  userId: string;
  date: string;
  target: Assignment;
  existing: PlanningDayRow | undefined;
  past: boolean;
  requestedBy: SolicitadoPor;
  motivo: string | null;
  observacion: string | null;
}

/**
 * Writes dates that change, in multi-row statements, and logs every change of a date planned before
 * and of a past date (legal report d). Returns the change-log ids by `userId:date`. Every planning
 * write (a grid edit, a pattern, the uploads, a shift's retiming) comes through here, so a change
 * touching a closed payroll month is refused here as a whole (409) before anything is written (by the
 * payroll periods' port given at assembly, `app.payrollPeriods`).
 */
export type WriteDays = (tx: DbOrTx, ctx: WriteContext, writes: DayWrite[]) => Promise<Map<string, string>>;

export function createDayWriter(payrollPeriods: PayrollPeriodsPort): WriteDays {
  return (tx, ctx, writes) => writeDays(payrollPeriods, tx, ctx, writes);
}

async function writeDays(payrollPeriods: PayrollPeriodsPort, tx: DbOrTx, ctx: WriteContext, writes: DayWrite[]): Promise<Map<string, string>> {
  await payrollPeriods.assertMonthsOpen(
    tx,
    ctx.companyId,
    writes.filter((w) => w.target.kind !== null || w.existing).map((w) => w.date),
  );
  const upserts = [];
  const deletes = [];
  const changes = [];
  for (const w of writes) {
    if (w.target.kind === null) {
      if (w.existing) deletes.push({ userId: w.userId, date: w.date });
    } else {
      upserts.push({
        companyId: ctx.companyId,
        userId: w.userId,
        date: w.date,
        kind: w.target.kind,
        shiftId: w.target.shiftId,
        shiftVersion: w.target.shiftVersion,
        firstPlannedAt: w.existing?.firstPlannedAt ?? ctx.now,
        assignedAt: ctx.now,
        assignedBy: ctx.actorId,
        origin: ctx.origin,
      });
    }
    if (w.existing || w.past) {
      changes.push({
        companyId: ctx.companyId,
        userId: w.userId,
        date: w.date,
        firstPlannedAt: w.existing?.firstPlannedAt ?? null,
        previousKind: w.existing?.kind ?? null,
        previousShiftId: w.existing?.shiftId ?? null,
        previousShiftVersion: w.existing?.shiftVersion ?? null,
        previousAssignedAt: w.existing?.assignedAt ?? null,
        newKind: w.target.kind,
        newShiftId: w.target.shiftId,
        newShiftVersion: w.target.shiftVersion,
        requestedBy: w.requestedBy,
        motivo: w.motivo,
        observacion: w.observacion,
        pastDay: w.past,
        origin: ctx.origin,
        changedBy: ctx.actorId,
        changedAt: ctx.now,
      });
    }
  }
  await upsertDays(tx, upserts);
  await deleteDays(tx, ctx.companyId, deletes);
  const ids = await insertChanges(tx, changes);
  return new Map(ids.map((row) => [`${row.userId}:${row.date}`, row.id]));
}
