/**
 * Everything the model and the explanations need, computed once from the input: the period's days, each
 * shift placed on each day with the domain (real instants, DST included), the demand bands with the shifts
 * that cover them, and each worker's static eligibility with the reason a shift is closed on a day.
 * What a single shift on a single day breaks is asked to the domain's own `planAlerts`, so no legal
 * constant is restated here.
 */
import {
  addDays,
  agreedWeeklyHoursOn,
  fromDayNumber,
  isPartTime,
  localToInstant,
  parseClockTime,
  placeShift,
  planAlerts,
  sundayRestExclusion,
  toDayNumber,
  type HolidayLookup,
  type LocalDate,
  type PeriodEvaluationOptions,
  type PlanAlertCode,
  type ShiftInstance,
} from '@jornada/domain';
import { reasonClause } from './reasons';
import type { RosterInput, RosterShift, RosterWeights, RosterWorker } from './types';

/** The longest period a roster covers, in days (six weeks). */
const MAX_ROSTER_DAYS = 42;

const DEFAULT_WEIGHTS: Readonly<RosterWeights> = {
  shortfall: 1000,
  overCoverage: 1,
  fairness: 2,
  preferredDayOff: 10,
  change: 5,
};
const DEFAULT_MIN_REST_HOURS = 12;

/** Why a shift is closed to a worker on a day before anything is planned. */
export type StaticReason =
  | 'no_disponible'
  | 'fuera_de_contrato'
  | 'turno_no_permitido'
  | 'dia_fijo'
  | 'descanso_previo'
  | PlanAlertCode;

export interface PreparedBand {
  /** Index in `input.demand`. */
  index: number;
  day: number;
  date: LocalDate;
  start: string;
  end: string;
  required: number;
  hours: number;
  /** Placed shifts (day index, shift index) that cover the band, inside the period. */
  covers: { day: number; shift: number }[];
}

export interface PreparedWorker {
  worker: RosterWorker;
  /** Options the domain's plan alerts judge this worker with. */
  options: PeriodEvaluationOptions;
  agreed: number;
  /** Per day: null when the worker may be planned (shift or rest), else why not. */
  unavailable: ('no_disponible' | 'fuera_de_contrato' | null)[];
  /** Per day and shift: null when the shift may be assigned. */
  blocked: (StaticReason | null)[][];
  /** Per day: the fixed shift index, -1 for a fixed day off, undefined when free. */
  fixed: (number | undefined)[];
  /** Two Sundays off per calendar month apply (art. 38 inc. 4 and not excluded by hours or contract). */
  sundayRule: boolean;
  /** Weekly hours and days are checked (not art. 22 excluded, not an exceptional schedule). */
  weeklyRules: boolean;
  /**
   * Per day: hours of commerce's declared December extension (art. 24) that do not count against the week, 0
   * elsewhere (and under an exceptional schedule, whose resolution sets the day).
   */
  extensionHours: number[];
  partTime: boolean;
  issues: { date: LocalDate; message: string }[];
}

export interface Prepared {
  input: RosterInput;
  zone: string;
  holidays: HolidayLookup;
  first: number;
  days: LocalDate[];
  shifts: readonly RosterShift[];
  /** Placed instance of shift s on day d: `instances[s][d]`. */
  instances: ShiftInstance[][];
  night: boolean[];
  bands: PreparedBand[];
  workers: PreparedWorker[];
  minRestMs: number;
  weights: RosterWeights;
}

/** Day numbers of the first and last day, validated. */
function periodDays(input: Pick<RosterInput, 'from' | 'to'>): { first: number; count: number } {
  const first = toDayNumber(input.from);
  const count = toDayNumber(input.to) - first + 1;
  if (count < 1 || count > MAX_ROSTER_DAYS) throw new RangeError(`El período debe tener entre 1 y ${MAX_ROSTER_DAYS} días: ${input.from} a ${input.to}.`);
  return { first, count };
}

/** Instants a demand band spans on its date (end at or before start: the next day). */
function bandInstants(zone: string, date: LocalDate, start: string, end: string): { from: number; to: number } {
  const s = parseClockTime(start);
  const e = parseClockTime(end);
  if (s === null || e === null) throw new RangeError(`Banda de demanda inválida: ${start}–${end}.`);
  return { from: localToInstant(zone, date, s), to: localToInstant(zone, date, e > s ? e : e + 86_400) };
}

/**
 * The placed shifts covering a demand entry: a shift on the entry's date or on the day before (a night shift
 * covers the small hours) whose instants span the whole band. `dayOffset` is 0 or −1.
 */
export function coveringShifts(input: Pick<RosterInput, 'zone' | 'shifts'>, band: RosterInput['demand'][number]): { shiftId: string; dayOffset: number }[] {
  if ('shiftId' in band) return input.shifts.some((s) => s.id === band.shiftId) ? [{ shiftId: band.shiftId, dayOffset: 0 }] : [];
  const { from, to } = bandInstants(input.zone, band.date, band.start, band.end);
  const out: { shiftId: string; dayOffset: number }[] = [];
  for (const dayOffset of [-1, 0]) {
    const date = addDays(band.date, dayOffset);
    for (const shift of input.shifts) {
      if (band.shiftIds && !band.shiftIds.includes(shift.id)) continue;
      const instance = placeShift(shift.template, date, input.zone);
      if (instance.start <= from && instance.end >= to) out.push({ shiftId: shift.id, dayOffset });
    }
  }
  return out;
}

const SINGLE_SHIFT_IGNORED: ReadonlySet<PlanAlertCode> = new Set(['jornada_pactada_sobre_limite_legal', 'domingos_de_descanso_insuficientes']);

/**
 * Codes of the plan alerts a single shift on a single day raises for a worker, asked to the domain with a
 * one-day plan: daily limit, colación, irrenunciable holidays and December hours for commerce, a shift longer
 * than the agreed week. Cached by the worker's regime, shift and date.
 */
function singleShiftAlerts(cache: Map<string, PlanAlertCode[]>, regimeKey: string, pw: Pick<PreparedWorker, 'options' | 'agreed'>, shift: RosterShift, instance: ShiftInstance, zone: string, holidays: HolidayLookup): PlanAlertCode[] {
  const key = `${regimeKey}|${shift.id}|${instance.date}|${pw.options.decemberExtensions?.get(instance.date) ?? 0}`;
  let codes = cache.get(key);
  if (!codes) {
    const n = toDayNumber(instance.date);
    const plan = { base: n, dates: [instance.date], entries: [{ kind: 'turno' as const, shift: shift.template }], placed: [instance] };
    const { sundayRest: _ignored, ...options } = pw.options;
    codes = planAlerts(n, n, plan, zone, holidays, options, pw.agreed, () => undefined)
      .map((a) => a.code)
      .filter((c) => !SINGLE_SHIFT_IGNORED.has(c));
    cache.set(key, codes);
  }
  return codes;
}

/** The domain's evaluation options for a roster worker (what `planAlerts` must judge the proposal with). */
export function workerEvaluationOptions(worker: RosterWorker): PeriodEvaluationOptions {
  const options: PeriodEvaluationOptions = {};
  if (worker.excludedFromHoursLimit) options.excludedFromHoursLimit = true;
  if (worker.exceptionalSchedule) options.exceptionalSchedule = worker.exceptionalSchedule;
  if (worker.commerce) options.commerce = true;
  if (worker.continuousProcess) options.continuousProcess = true;
  if (worker.sundayRest) options.sundayRest = worker.sundayRest;
  if (worker.averagedDistribution) options.averagedDistribution = worker.averagedDistribution;
  const extensions = worker.commerce && worker.decemberExtensions ? Object.entries(worker.decemberExtensions) : [];
  if (extensions.length > 0) options.decemberExtensions = new Map(extensions);
  return options;
}

export function prepare(input: RosterInput): Prepared {
  const { first, count } = periodDays(input);
  const zone = input.zone;
  const days = Array.from({ length: count }, (_, i) => fromDayNumber(first + i));
  const shifts = input.shifts;
  const shiftIndex = new Map(shifts.map((s, i) => [s.id, i]));
  if (shiftIndex.size !== shifts.length) throw new RangeError('Hay turnos con el mismo identificador.');
  const instances = shifts.map((s) => days.map((d) => placeShift(s.template, d, zone)));
  const night = shifts.map((s, i) => s.night ?? instances[i]!.some((inst) => inst.overnight));
  const minRestMs = (input.options?.minRestHours ?? DEFAULT_MIN_REST_HOURS) * 3_600_000;

  const bands: PreparedBand[] = [];
  input.demand.forEach((band, index) => {
    const day = toDayNumber(band.date) - first;
    if (day < 0 || day >= count || !(band.required > 0)) return;
    const covers = coveringShifts(input, band)
      .map((c) => ({ day: day + c.dayOffset, shift: shiftIndex.get(c.shiftId)! }))
      .filter((c) => c.day >= 0);
    if ('shiftId' in band) {
      const inst = instances[covers[0]?.shift ?? -1]?.[day];
      const label = inst?.label ?? '00:00–00:00';
      bands.push({ index, day, date: band.date, start: label.slice(0, 5), end: label.slice(6, 11), required: band.required, hours: inst ? inst.plannedSeconds / 3600 : 1, covers });
    } else {
      const { from, to } = bandInstants(zone, band.date, band.start, band.end);
      bands.push({ index, day, date: band.date, start: band.start, end: band.end, required: band.required, hours: (to - from) / 3_600_000, covers });
    }
  });

  const alertCache = new Map<string, PlanAlertCode[]>();
  const workers = input.workers.map((worker) => prepareWorker(worker, input, days, first, shifts, shiftIndex, instances, minRestMs, alertCache));
  return {
    input,
    zone,
    holidays: input.holidays,
    first,
    days,
    shifts,
    instances,
    night,
    bands,
    workers,
    minRestMs,
    weights: { ...DEFAULT_WEIGHTS, ...input.options?.weights },
  };
}

function prepareWorker(
  worker: RosterWorker,
  input: RosterInput,
  days: LocalDate[],
  first: number,
  shifts: readonly RosterShift[],
  shiftIndex: Map<string, number>,
  instances: ShiftInstance[][],
  minRestMs: number,
  alertCache: Map<string, PlanAlertCode[]>,
): PreparedWorker {
  const options = workerEvaluationOptions(worker);
  const agreed = worker.agreedWeeklyHours;
  const regimeKey = JSON.stringify([options.excludedFromHoursLimit, options.exceptionalSchedule, options.commerce, options.continuousProcess, options.averagedDistribution, agreed]);
  const unavailableSet = new Set(worker.unavailableDates ?? []);
  const allowed = worker.allowedShiftIds ? new Set(worker.allowedShiftIds) : null;
  const issues: PreparedWorker['issues'] = [];
  const unavailable = days.map((date) => {
    if ((worker.contractFrom && date < worker.contractFrom) || (worker.contractTo && date > worker.contractTo)) return 'fuera_de_contrato' as const;
    return unavailableSet.has(date) ? ('no_disponible' as const) : null;
  });
  const pw = { options, agreed };
  const blocked = days.map((date, d) =>
    shifts.map((shift, s): StaticReason | null => {
      const off = unavailable[d];
      if (off) return off;
      if (allowed && !allowed.has(shift.id)) return 'turno_no_permitido';
      const instance = instances[s]![d]!;
      const last = worker.history?.lastShiftEnd;
      if (last !== undefined && instance.start - last < minRestMs) return 'descanso_previo';
      const codes = singleShiftAlerts(alertCache, regimeKey, pw, shift, instance, input.zone, input.holidays);
      return codes[0] ?? null;
    }),
  );

  const fixed: (number | undefined)[] = days.map(() => undefined);
  for (const f of worker.fixed ?? []) {
    const d = toDayNumber(f.date) - first;
    if (d < 0 || d >= days.length) continue;
    if (f.shiftId === null) {
      if (!unavailable[d]) fixed[d] = -1;
      continue;
    }
    const s = shiftIndex.get(f.shiftId);
    if (s === undefined) {
      issues.push({ date: f.date, message: `El turno fijo «${f.shiftId}» del ${dayMonth(f.date)} no existe entre los turnos de la planificación.` });
      continue;
    }
    const reason = blocked[d]![s];
    if (reason) {
      issues.push({ date: f.date, message: `No se respetó el turno fijo ${shifts[s]!.name} del ${dayMonth(f.date)}: ${reasonClause(reason, 1)}.` });
      continue;
    }
    fixed[d] = s;
  }
  // A fixed day closes every other shift that day.
  fixed.forEach((f, d) => {
    if (f === undefined) return;
    blocked[d]!.forEach((reason, s) => {
      if (reason === null && s !== f) blocked[d]![s] = 'dia_fijo';
    });
  });

  const lastDate = days[days.length - 1]!;
  const partTime = isPartTime(agreed, lastDate);
  const exclusion = worker.sundayRest
    ? sundayRestExclusion({
        agreedWeeklyHours: agreedWeeklyHoursOn(agreed, lastDate),
        contractFrom: worker.sundayRest.contractFrom,
        contractTo: worker.sundayRest.contractTo,
        workDates: [],
        isHoliday: (date) => input.holidays(date) !== undefined,
      })
    : null;
  return {
    worker,
    options,
    agreed,
    unavailable,
    blocked,
    fixed,
    sundayRule: Boolean(worker.sundayRest) && exclusion === null,
    weeklyRules: !options.excludedFromHoursLimit && !options.exceptionalSchedule,
    extensionHours: days.map((date) => (options.commerce && !options.exceptionalSchedule ? (options.decemberExtensions?.get(date) ?? 0) / 3600 : 0)),
    partTime,
    issues,
  };
}

/** `dd-mm` of a date, as the explanations write it. */
function dayMonth(date: LocalDate): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}`;
}
