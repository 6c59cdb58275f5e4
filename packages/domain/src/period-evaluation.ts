/**
 * Period evaluation: a worker's week, fortnight or month. Places the plan's shifts, attributes the
 * marks, evaluates each day, then applies the weekly rules: lateness and early leave made up within
 * the same Monday-to-Sunday week are not a shortfall (the compensating time is not overtime either),
 * and the plan itself is checked against the legal limits in force on its dates.
 *
 * Weeks are settled whole: the evaluation widens the period to the Monday before `from` and the
 * Sunday after `to`, and a week's compensation, shortfall and net overtime count in the totals of
 * the period in which the week ends (its Sunday). `evaluationLoadRange` says what to load for that.
 */
import { holidayLookup, type HolidayLookup } from './calendar/holidays';
import { fromDayNumber, toDayNumber, weekdayOfDayNumber, type LocalDate } from './calendar/local-date';
import { attributeMarks, type AttributionOptions, type MarkAttribution } from './attribution';
import { evaluateDay, type DayResult, type DayStatus, type EvaluationOptions, type PlanKind } from './day-evaluation';
import { DAILY_ORDINARY_LIMIT_SECONDS, DAILY_OVERTIME_LIMIT_SECONDS, MIN_BREAK_SECONDS, allowedDaysPerWeek, isPartTime, weeklyHoursLimit } from './law';
import { formatDurationEs, type Mark } from './marks';
import { isBusinessDay, type Permission, type PermissionUnit } from './permissions';
import { placeShift, type ShiftInstance, type ShiftTemplate } from './shift-instance';
import { DEFAULT_TIME_ZONE, localDayNumberOf, startOfLocalDayNumber } from './time-zone';

/** `aaaa-mm-dd` as the product writes dates in text: dd-mm-aaaa. */
const dayMonthYear = (date: string): string => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/** What the plan assigns to a date: a shift or a rest day (a date absent from the plan has nothing planned). */
export type PlanEntry = { kind: 'turno'; shift: ShiftTemplate } | { kind: 'libre' };

/** A plan by date, as a Map or a plain object. */
export type PlanByDate = ReadonlyMap<LocalDate, PlanEntry> | Readonly<Record<LocalDate, PlanEntry>>;

/** Options of a period evaluation: the company's rules plus attribution windows and plan checks. */
export interface PeriodEvaluationOptions extends EvaluationOptions {
  attribution?: AttributionOptions;
  /** Commerce worker: planning hours on an irrenunciable holiday (by the clock) raises an alert. */
  commerce?: boolean;
  /** Continuous-process work (art. 34 inciso 2): shifts need not be divided by a colación. */
  continuousProcess?: boolean;
}

/** One step of a contract's agreed weekly hours: from this date on (until the next step). */
export interface AgreedWeeklyHoursStep {
  from: LocalDate;
  hours: number;
}

/** Agreed weekly hours of the worker's contract: one figure, or steps by date (none before the first step). */
export type AgreedWeeklyHours = number | readonly AgreedWeeklyHoursStep[];

/** Agreed weekly hours in force on a date, or null when the contract says none for that date. */
export function agreedWeeklyHoursOn(agreed: AgreedWeeklyHours | null | undefined, date: LocalDate): number | null {
  if (agreed === null || agreed === undefined) return null;
  if (typeof agreed === 'number') return agreed;
  // The step with the latest start on or before the date (steps may come in any order).
  let best: AgreedWeeklyHoursStep | null = null;
  for (const step of agreed) if (step.from <= date && (best === null || step.from > best.from)) best = step;
  return best === null ? null : best.hours;
}

/** A worker and a period to evaluate. */
export interface PeriodEvaluationInput {
  from: LocalDate;
  to: LocalDate;
  /** IANA zone of the worker's site (America/Santiago by default). */
  zone?: string;
  /** The plan; include the day before `from` so its night shift keeps its morning marks. */
  plan: PlanByDate;
  /** Marks from the day before `from` to the day after `to`; marks of other days are attributed but not reported. */
  marks: readonly Mark[];
  /** Whole-day and hour permissions; an hour permission covers its range on each of its dates. */
  permissions?: readonly Permission[];
  /** Holiday calendar of the site (national holidays by default). */
  holidays?: HolidayLookup;
  /** The contract's agreed weekly hours: the plan is checked against them and against the legal limit. */
  agreedWeeklyHours?: AgreedWeeklyHours | null;
  options?: PeriodEvaluationOptions;
}

/** Codes of the legal-limit alerts raised by a plan, in the order screens list them. */
export const PLAN_ALERT_CODES = [
  'jornada_semanal_sobre_limite',
  'jornada_semanal_sobre_pactada',
  'jornada_pactada_sobre_limite_legal',
  'jornada_diaria_sobre_limite',
  'dias_por_semana_fuera_de_rango',
  'colacion_bajo_minimo',
  'colacion_no_planificada',
  'turno_en_feriado_irrenunciable',
] as const;

/** Codes of the legal-limit alerts raised by a plan. */
export type PlanAlertCode = (typeof PLAN_ALERT_CODES)[number];

/** Spanish labels of the plan alerts. */
export const PLAN_ALERT_LABELS: Readonly<Record<PlanAlertCode, string>> = {
  jornada_semanal_sobre_limite: 'Semana sobre el máximo legal',
  jornada_semanal_sobre_pactada: 'Semana sobre la jornada pactada',
  jornada_pactada_sobre_limite_legal: 'Jornada pactada sobre el máximo legal',
  jornada_diaria_sobre_limite: 'Día sobre el máximo legal',
  dias_por_semana_fuera_de_rango: 'Días por semana fuera de rango',
  colacion_bajo_minimo: 'Colación bajo el mínimo',
  colacion_no_planificada: 'Turno sin colación',
  turno_en_feriado_irrenunciable: 'Turno en feriado irrenunciable',
};

/** A legal-limit alert of the plan, with a Spanish message. */
export interface PlanAlert {
  code: PlanAlertCode;
  /** The day concerned, or the Monday of the week concerned. */
  date: LocalDate;
  message: string;
  /** The planned figure and the legal limit it was compared with (seconds, days). */
  value: number;
  limit: number;
}

/** One whole Monday-to-Sunday week touching the period, after the weekly compensation. */
export interface WeekSummary {
  weekStart: LocalDate;
  /** The week's Monday and Sunday: weeks are evaluated whole, days outside the period included. */
  from: LocalDate;
  to: LocalDate;
  /** The whole week lies inside the period. */
  complete: boolean;
  /** The week ends (its Sunday) inside the period, so its compensation, shortfall and net overtime count in this period's totals. */
  settledInPeriod: boolean;
  /**
   * Ordinary weekly limit in seconds: the one in force on the week's last day with a planned shift
   * (its Sunday when none), since hours accumulate day by day against the limit of each day.
   */
  weeklyLimitSeconds: number;
  /**
   * Ordinary weekly hours the week's work is measured against, in seconds (art. 30): the contract's
   * agreed hours on the week's last planned day, or the legal limit when lower or when the contract
   * says none; null under an exceptional schedule (art. 38), whose cycles are not weekly.
   */
  agreedLimitSeconds: number | null;
  plannedSeconds: number;
  workedSeconds: number;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  /** Missing seconds of attended ('presente') days before compensation. */
  missingSeconds: number;
  /** Overtime of attended days before compensation. */
  overtimeSeconds: number;
  /** Missing time made up by extra time within the week. */
  compensatedSeconds: number;
  /** Missing seconds after compensation: what may be deducted. */
  shortfallSeconds: number;
  /** Of the shortfall, the part due to lateness and to early leave. */
  lateAfterCompensationSeconds: number;
  earlyLeaveAfterCompensationSeconds: number;
  /**
   * Ordinary seconds worked beyond `agreedLimitSeconds` (after compensation): overtime even though
   * the plan had them (art. 30: "la que excede ... de la pactada contractualmente, si fuese menor").
   * Part of `netOvertimeSeconds`. The night the clocks go back, the extra real hour counts here.
   */
  overtimeOverAgreedSeconds: number;
  /** Overtime left after compensation plus the ordinary time over the agreed hours, and its split by the 2-hour daily limit. */
  netOvertimeSeconds: number;
  netOvertimeWithinLimitSeconds: number;
  netOvertimeBeyondLimitSeconds: number;
  /** Missing seconds of 'incompleto' days: unknown until the marks are corrected, never deducted meanwhile. */
  pendingSeconds: number;
}

/** Totals of a period. */
export interface PeriodTotals {
  plannedSeconds: number;
  workedSeconds: number;
  ordinarySeconds: number;
  missingSeconds: number;
  justifiedSeconds: number;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  breakSeconds: number;
  overtimeSeconds: number;
  compensatedSeconds: number;
  shortfallSeconds: number;
  lateAfterCompensationSeconds: number;
  earlyLeaveAfterCompensationSeconds: number;
  netOvertimeSeconds: number;
  netOvertimeWithinLimitSeconds: number;
  netOvertimeBeyondLimitSeconds: number;
  pendingSeconds: number;
  /** Worked seconds that fell on Sundays and on holidays of the period, by the clock. */
  sundayWorkedSeconds: number;
  holidayWorkedSeconds: number;
  daysByStatus: Record<DayStatus, number>;
  /** Days attended: 'presente' or 'incompleto' (a forgotten exit does not unmake the day). */
  daysWorked: number;
  /** Sundays and holidays of the period with worked time by the clock (a night shift into one counts). */
  sundaysWorked: number;
  holidaysWorked: number;
  /** Distinct dates of the period that were a Sunday or a holiday and had worked time. */
  sundaysOrHolidaysWorked: number;
  inconsistentDays: number;
  /** Justified days by permission type, counted in its unit: business days for vacaciones (art. 69), calendar days otherwise. */
  permissionDays: { type: string; paid: boolean; unit: PermissionUnit; days: number }[];
  /** Seconds justified by hour permissions, by type. */
  permissionHours: { type: string; paid: boolean; seconds: number }[];
}

/** The evaluation of a worker's period. */
export interface PeriodResult {
  from: LocalDate;
  to: LocalDate;
  zone: string;
  /** The period's days, `from` to `to`. */
  days: DayResult[];
  /** Days outside the period evaluated only to settle its weeks whole (and the day before `from`); not in the day totals. */
  adjacentDays: DayResult[];
  weeks: WeekSummary[];
  totals: PeriodTotals;
  planAlerts: PlanAlert[];
  /** Marks that could not be read (no day), returned so they can be logged as attempts. */
  unreadableMarks: MarkAttribution[];
}

function planGetter(plan: PlanByDate): (date: LocalDate) => PlanEntry | undefined {
  if (plan instanceof Map) return (date) => plan.get(date);
  const record = plan as Readonly<Record<LocalDate, PlanEntry>>;
  return (date) => (Object.prototype.hasOwnProperty.call(record, date) ? record[date] : undefined);
}

const nationalHolidays = holidayLookup();
const NO_ATTRIBUTIONS: readonly MarkAttribution[] = [];

/** The plan of the evaluated span, by index (day number - base): dates, entries and placed shifts. */
interface PlacedPlan {
  base: number;
  dates: readonly LocalDate[];
  entries: readonly (PlanEntry | undefined)[];
  placed: readonly (ShiftInstance | null)[];
}

/**
 * Day numbers around a period: `start` is the first evaluated day (the Monday of `from`'s week, or
 * the day before `from` when it is a Monday), `end` the Sunday of `to`'s week (the plan is checked
 * over whole weeks). Days are evaluated from `start` to `to`: a week that ends after `to` settles in
 * the next period, so its later days add nothing to this one.
 */
function evaluationSpan(first: number, last: number): { start: number; end: number; weekFirst: number } {
  const weekFirst = first - (weekdayOfDayNumber(first) - 1);
  return { start: Math.min(weekFirst, first - 1), end: last + (7 - weekdayOfDayNumber(last)), weekFirst };
}

/** Evaluates a worker's period: days, whole weeks with the weekly compensation, totals and the plan's legal alerts. */
export function evaluatePeriod(input: PeriodEvaluationInput): PeriodResult {
  const zone = input.zone ?? DEFAULT_TIME_ZONE;
  const options = input.options ?? {};
  const holidays = input.holidays ?? nationalHolidays;
  const getPlan = planGetter(input.plan);
  const first = toDayNumber(input.from);
  const last = toDayNumber(input.to);
  if (last < first) throw new RangeError(`Periodo inválido: ${input.from} a ${input.to}`);
  const span = evaluationSpan(first, last);

  // Place the shifts of the evaluated span plus one day each side, so boundary marks find their
  // shift. Arrays indexed by day number - base hold each date's plan and instance for every later pass.
  const base = span.start - 1;
  const size = span.end + 2 - base;
  const dates: LocalDate[] = new Array<LocalDate>(size);
  const entries: (PlanEntry | undefined)[] = new Array<PlanEntry | undefined>(size);
  const placed: (ShiftInstance | null)[] = new Array<ShiftInstance | null>(size);
  const instances: ShiftInstance[] = [];
  for (let i = 0; i < size; i++) {
    const date = fromDayNumber(base + i);
    const entry = getPlan(date);
    dates[i] = date;
    entries[i] = entry;
    if (entry?.kind === 'turno') {
      const instance = placeShift(entry.shift, date, zone);
      instances.push(instance);
      placed[i] = instance;
    } else {
      placed[i] = null;
    }
  }
  const plan: PlacedPlan = { base, dates, entries, placed };

  // Marks from the day after `to + 1` on cannot change a day of the period: leave them out.
  const attributions = attributeMarks(marksBefore(input.marks, startOfLocalDayNumber(zone, last + 2)), instances, zone, options.attribution);
  const byDate = new Map<LocalDate, MarkAttribution[]>();
  const unreadableMarks: MarkAttribution[] = [];
  for (const a of attributions) {
    if (a.date === null) {
      unreadableMarks.push(a);
      continue;
    }
    const list = byDate.get(a.date);
    if (list) list.push(a);
    else byDate.set(a.date, [a]);
  }

  const permissions = input.permissions ?? [];
  const evaluated: DayResult[] = [];
  for (let n = span.start; n <= last; n++) {
    const i = n - base;
    const date = dates[i]!;
    const entry = entries[i];
    const planKind: PlanKind = entry ? entry.kind : 'sin_planificacion';
    let permission: Permission | null = null;
    let hourPermissions: Permission[] | undefined;
    for (const p of permissions) {
      if (p.from <= date && date <= p.to) {
        if (p.hours) (hourPermissions ??= []).push(p);
        else permission ??= p;
      }
    }
    evaluated.push(
      evaluateDay({
        date,
        planKind,
        instance: placed[i],
        attributions: byDate.get(date) ?? NO_ATTRIBUTIONS,
        holiday: holidays(date) ?? null,
        permission,
        hourPermissions,
        zone,
        holidays,
        options,
      }),
    );
  }

  const days = evaluated.slice(first - span.start, last - span.start + 1);
  const adjacentDays = evaluated.slice(0, first - span.start);
  const agreedLimit = options.exceptionalSchedule
    ? null
    : (date: LocalDate): WeeklyBound => {
        const legal = weeklyHoursLimit(date);
        const agreed = agreedWeeklyHoursOn(input.agreedWeeklyHours, date);
        return agreed !== null && agreed < legal ? { weeklySeconds: agreed * 3600, source: 'pactada' } : { weeklySeconds: legal * 3600, source: 'legal' };
      };
  const weeks = summariseWeeks(evaluated, plan, span.start, span.weekFirst, first, last, agreedLimit);
  return {
    from: input.from,
    to: input.to,
    zone,
    days,
    adjacentDays,
    weeks,
    totals: totalsOf(days, evaluated, weeks, input.from, input.to, holidays),
    planAlerts: planAlerts(first, last, plan, zone, holidays, options, input.agreedWeeklyHours ?? null),
    unreadableMarks,
  };
}

/** True for a mark at or after an instant; unreadable values are kept for attribution to report them. */
function isAtOrAfter(mark: Mark, bound: number): boolean {
  const at = (mark as Partial<Mark> | null)?.at;
  return typeof at === 'number' && at >= bound;
}

/** Marks before an instant (the same array when all are: callers usually load exactly the range asked for). */
function marksBefore(marks: readonly Mark[], bound: number): readonly Mark[] {
  let i = 0;
  while (i < marks.length && !isAtOrAfter(marks[i]!, bound)) i++;
  if (i === marks.length) return marks;
  const kept = marks.slice(0, i);
  for (i++; i < marks.length; i++) if (!isAtOrAfter(marks[i]!, bound)) kept.push(marks[i]!);
  return kept;
}

/** The ordinary weekly hours a week is measured against (art. 30), and where they come from. */
interface WeeklyBound {
  weeklySeconds: number;
  source: 'pactada' | 'legal';
}

/**
 * Settles each Monday-to-Sunday week: compensation, shortfall and net overtime; then the ordinary
 * time worked beyond the agreed (or legal) weekly hours, which is overtime too and belongs to the
 * week's last hours (`agreedLimit`: the bound in force on a date, in seconds; null: no weekly bound).
 */
function summariseWeeks(
  evaluated: readonly DayResult[],
  plan: PlacedPlan,
  start: number,
  weekFirst: number,
  first: number,
  last: number,
  agreedLimit: ((date: LocalDate) => WeeklyBound) | null,
): WeekSummary[] {
  const weeks: WeekSummary[] = [];
  for (let monday = weekFirst; monday <= last; monday += 7) {
    const sunday = monday + 6;
    // The week that ends after the period is summarised up to `to`; it settles in the next period.
    const end = sunday < last ? sunday : last;
    let lastPlanned = sunday;
    for (let n = sunday; n >= monday; n--) {
      if (plan.placed[n - plan.base]) {
        lastPlanned = n;
        break;
      }
    }
    const bound = agreedLimit ? agreedLimit(fromDayNumber(lastPlanned)) : null;
    const week: WeekSummary = {
      weekStart: fromDayNumber(monday),
      from: fromDayNumber(monday),
      to: fromDayNumber(end),
      complete: monday >= first && sunday <= last,
      settledInPeriod: sunday <= last,
      weeklyLimitSeconds: weeklyHoursLimit(fromDayNumber(lastPlanned)) * 3600,
      agreedLimitSeconds: bound ? bound.weeklySeconds : null,
      plannedSeconds: 0,
      workedSeconds: 0,
      lateSeconds: 0,
      earlyLeaveSeconds: 0,
      missingSeconds: 0,
      overtimeSeconds: 0,
      compensatedSeconds: 0,
      shortfallSeconds: 0,
      lateAfterCompensationSeconds: 0,
      earlyLeaveAfterCompensationSeconds: 0,
      overtimeOverAgreedSeconds: 0,
      netOvertimeSeconds: 0,
      netOvertimeWithinLimitSeconds: 0,
      netOvertimeBeyondLimitSeconds: 0,
      pendingSeconds: 0,
    };
    let within = 0;
    let beyond = 0;
    let ordinary = 0;
    for (let n = monday; n <= end; n++) {
      const d = evaluated[n - start]!;
      week.plannedSeconds += d.plannedSeconds;
      week.workedSeconds += d.workedSeconds;
      if (d.status === 'presente') {
        ordinary += d.ordinarySeconds;
        week.missingSeconds += d.missingSeconds;
        week.overtimeSeconds += d.overtimeSeconds;
        week.lateSeconds += d.lateSeconds;
        week.earlyLeaveSeconds += d.earlyLeaveSeconds;
        within += d.overtimeWithinLimitSeconds;
        beyond += d.overtimeBeyondLimitSeconds;
      } else if (d.status === 'incompleto') {
        week.pendingSeconds += d.missingSeconds;
        week.lateSeconds += d.lateSeconds;
        week.earlyLeaveSeconds += d.earlyLeaveSeconds;
      }
    }
    const compensated = Math.min(week.missingSeconds, week.overtimeSeconds);
    week.compensatedSeconds = compensated;
    week.shortfallSeconds = week.missingSeconds - compensated;
    // Extra time that made up missing time is not overtime; it is taken first from what broke the daily limit.
    const fromBeyond = Math.min(beyond, compensated);
    week.netOvertimeBeyondLimitSeconds = beyond - fromBeyond;
    week.netOvertimeWithinLimitSeconds = within - (compensated - fromBeyond);
    // Compensating time is ordinary time: what the week worked within the plan, beyond the agreed hours, is overtime.
    if (bound) {
      const over = Math.max(0, ordinary + compensated - bound.weeklySeconds);
      const split = attributeOverAgreed(evaluated, start, monday, end, over, bound);
      week.overtimeOverAgreedSeconds = over;
      week.netOvertimeWithinLimitSeconds += split.within;
      week.netOvertimeBeyondLimitSeconds += split.beyond;
    }
    week.netOvertimeSeconds = week.netOvertimeWithinLimitSeconds + week.netOvertimeBeyondLimitSeconds;
    week.lateAfterCompensationSeconds = Math.min(week.lateSeconds, week.shortfallSeconds);
    week.earlyLeaveAfterCompensationSeconds = Math.min(week.earlyLeaveSeconds, week.shortfallSeconds - week.lateAfterCompensationSeconds);
    weeks.push(week);
  }
  return weeks;
}

/**
 * Gives the week's ordinary time over the agreed hours to its attended days, from the last one back
 * (hours accumulate from Monday, so the last ones pass the bound), and splits it by the 2-hour daily
 * overtime limit each day has left after its own overtime.
 */
function attributeOverAgreed(
  evaluated: readonly DayResult[],
  start: number,
  monday: number,
  end: number,
  over: number,
  bound: WeeklyBound,
): { within: number; beyond: number } {
  let left = over;
  let within = 0;
  let lastAttended: DayResult | null = null;
  for (let n = end; n >= monday && left > 0; n--) {
    const d = evaluated[n - start]!;
    if (d.status !== 'presente') continue;
    lastAttended ??= d;
    const part = Math.min(left, d.ordinarySeconds);
    if (part <= 0) continue;
    d.overtimeOverAgreedSeconds = part;
    d.overAgreedBasis = bound;
    within += Math.min(part, Math.max(0, DAILY_OVERTIME_LIMIT_SECONDS - d.overtimeSeconds));
    left -= part;
  }
  // Compensation counted as ordinary can leave a remainder beyond the days' own ordinary time: the last attended day takes it.
  if (left > 0 && lastAttended) {
    lastAttended.overtimeOverAgreedSeconds += left;
    lastAttended.overAgreedBasis = bound;
    within += Math.min(left, Math.max(0, DAILY_OVERTIME_LIMIT_SECONDS - lastAttended.overtimeSeconds - (lastAttended.overtimeOverAgreedSeconds - left)));
  }
  return { within, beyond: over - within };
}

function totalsOf(
  days: readonly DayResult[],
  evaluated: readonly DayResult[],
  weeks: readonly WeekSummary[],
  from: LocalDate,
  to: LocalDate,
  holidays: HolidayLookup,
): PeriodTotals {
  const totals: PeriodTotals = {
    plannedSeconds: 0,
    workedSeconds: 0,
    ordinarySeconds: 0,
    missingSeconds: 0,
    justifiedSeconds: 0,
    lateSeconds: 0,
    earlyLeaveSeconds: 0,
    breakSeconds: 0,
    overtimeSeconds: 0,
    compensatedSeconds: 0,
    shortfallSeconds: 0,
    lateAfterCompensationSeconds: 0,
    earlyLeaveAfterCompensationSeconds: 0,
    netOvertimeSeconds: 0,
    netOvertimeWithinLimitSeconds: 0,
    netOvertimeBeyondLimitSeconds: 0,
    pendingSeconds: 0,
    sundayWorkedSeconds: 0,
    holidayWorkedSeconds: 0,
    daysByStatus: { presente: 0, ausente: 0, justificado: 0, libre: 0, feriado: 0, incompleto: 0 },
    daysWorked: 0,
    sundaysWorked: 0,
    holidaysWorked: 0,
    sundaysOrHolidaysWorked: 0,
    inconsistentDays: 0,
    permissionDays: [],
    permissionHours: [],
  };
  const permissionDays = new Map<string, { type: string; paid: boolean; unit: PermissionUnit; days: number }>();
  const permissionHours = new Map<string, { type: string; paid: boolean; seconds: number }>();
  for (const d of days) {
    totals.plannedSeconds += d.plannedSeconds;
    totals.workedSeconds += d.workedSeconds;
    totals.ordinarySeconds += d.ordinarySeconds;
    totals.missingSeconds += d.missingSeconds;
    totals.justifiedSeconds += d.justifiedSeconds;
    totals.lateSeconds += d.lateSeconds;
    totals.earlyLeaveSeconds += d.earlyLeaveSeconds;
    totals.breakSeconds += d.breakSeconds;
    totals.overtimeSeconds += d.overtimeSeconds;
    totals.daysByStatus[d.status]++;
    if (d.status === 'presente' || d.status === 'incompleto') totals.daysWorked++;
    if (d.inconsistencies.length > 0) totals.inconsistentDays++;
    const p = d.permission;
    if (p && p.hours === null) {
      const key = `${p.type}\u0000${p.paid}`;
      let entry = permissionDays.get(key);
      if (!entry) {
        entry = { type: p.type, paid: p.paid, unit: p.unit, days: 0 };
        permissionDays.set(key, entry);
      }
      // Feriado anual is counted in business days (art. 69); a Saturday, Sunday or holiday within it is not a day of it.
      if (p.unit !== 'dias_habiles' || isBusinessDay(d.date, holidays)) entry.days++;
    }
    for (const h of d.hourPermissions) {
      const key = `${h.type}\u0000${h.paid}`;
      const entry = permissionHours.get(key);
      if (entry) entry.seconds += h.seconds;
      else permissionHours.set(key, { type: h.type, paid: h.paid, seconds: h.seconds });
    }
  }
  // Sundays and holidays by the clock: a date counts in the period it belongs to, whichever day's
  // shift reached it (a night shift from the 31st into a holiday on the 1st counts in the new month).
  let restDates: Set<LocalDate> | null = null;
  for (const d of evaluated) {
    for (const w of d.sundayHolidayWork) {
      if (w.date < from || w.date > to) continue;
      restDates ??= new Set();
      if (w.sunday) totals.sundayWorkedSeconds += w.seconds;
      if (w.holiday) totals.holidayWorkedSeconds += w.seconds;
      if (restDates.has(w.date)) continue;
      restDates.add(w.date);
      totals.sundaysOrHolidaysWorked++;
      if (w.sunday) totals.sundaysWorked++;
      if (w.holiday) totals.holidaysWorked++;
    }
  }
  for (const w of weeks) {
    if (!w.settledInPeriod) continue;
    totals.compensatedSeconds += w.compensatedSeconds;
    totals.shortfallSeconds += w.shortfallSeconds;
    totals.lateAfterCompensationSeconds += w.lateAfterCompensationSeconds;
    totals.earlyLeaveAfterCompensationSeconds += w.earlyLeaveAfterCompensationSeconds;
    totals.netOvertimeSeconds += w.netOvertimeSeconds;
    totals.netOvertimeWithinLimitSeconds += w.netOvertimeWithinLimitSeconds;
    totals.netOvertimeBeyondLimitSeconds += w.netOvertimeBeyondLimitSeconds;
    totals.pendingSeconds += w.pendingSeconds;
  }
  const byTypeAndPay = (a: { type: string; paid: boolean }, b: { type: string; paid: boolean }) =>
    a.type < b.type ? -1 : a.type > b.type ? 1 : Number(a.paid) - Number(b.paid);
  totals.permissionDays = [...permissionDays.values()].sort(byTypeAndPay);
  totals.permissionHours = [...permissionHours.values()].sort(byTypeAndPay);
  return totals;
}

function hours(seconds: number): string {
  return formatDurationEs(seconds);
}

function dailyLimitOf(options: PeriodEvaluationOptions): { seconds: number; text: string } | null {
  const exceptional = options.exceptionalSchedule;
  if (!exceptional) return { seconds: DAILY_ORDINARY_LIMIT_SECONDS, text: 'el máximo legal de 10 horas diarias' };
  if (exceptional === true || exceptional.dailyOrdinaryHours === undefined) return null;
  const h = exceptional.dailyOrdinaryHours;
  return { seconds: h * 3600, text: `las ${h} horas diarias que autoriza la resolución de jornada excepcional${exceptional.resolution ? ` ${exceptional.resolution}` : ''}` };
}

/**
 * Legal-limit alerts of a plan over the whole weeks touching [first, last]: weekly hours against the
 * limit in force day by day (the last planned day's) and against the contract's agreed hours; agreed
 * hours above the legal limit; 10 ordinary hours a day (or the exceptional schedule's); 5-6 days a
 * week (4 with 40 hours or fewer; part time exempt); a colación of at least 30 minutes on every shift
 * (part time and continuous process may go without); hours on irrenunciable holidays for commerce.
 */
function planAlerts(
  first: number,
  last: number,
  plan: PlacedPlan,
  zone: string,
  holidays: HolidayLookup,
  options: PeriodEvaluationOptions,
  agreed: AgreedWeeklyHours | null,
): PlanAlert[] {
  const alerts: PlanAlert[] = [];
  const dailyLimit = dailyLimitOf(options);
  const exceptional = Boolean(options.exceptionalSchedule);
  const start = first - (weekdayOfDayNumber(first) - 1);
  const week: (ShiftInstance | null)[] = new Array<ShiftInstance | null>(7);
  for (let monday = start; monday <= last; monday += 7) {
    let weekSeconds = 0;
    let weekDays = 0;
    let lastPlanned = monday + 6;
    for (let i = 0; i < 7; i++) {
      const instance = plan.placed[monday + i - plan.base]!;
      week[i] = instance;
      if (!instance) continue;
      weekSeconds += instance.plannedSeconds;
      weekDays++;
      lastPlanned = monday + i;
    }
    // Hours accumulate day by day against the limit in force that day; the limit only falls, so the
    // last planned day's limit binds (the week of 2028-04-24 answers to 40 h from its Wednesday on).
    const limitDate = fromDayNumber(lastPlanned);
    const limitHours = weeklyHoursLimit(limitDate);
    const agreedHours = agreedWeeklyHoursOn(agreed, limitDate);
    const partTime = isPartTime(agreedHours ?? weekSeconds / 3600, limitDate);

    for (let i = 0; i < 7; i++) {
      const instance = week[i];
      const n = monday + i;
      if (!instance || n < first || n > last) continue;
      const date = instance.date;
      if (dailyLimit && instance.plannedSeconds > dailyLimit.seconds) {
        alerts.push({
          code: 'jornada_diaria_sobre_limite',
          date,
          message: `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours(instance.plannedSeconds)} ordinarias: supera ${dailyLimit.text}.`,
          value: instance.plannedSeconds,
          limit: dailyLimit.seconds,
        });
      }
      if (instance.breakSeconds > 0 && instance.breakSeconds < MIN_BREAK_SECONDS) {
        alerts.push({
          code: 'colacion_bajo_minimo',
          date,
          message: `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours(instance.breakSeconds)} de colación: la ley exige al menos 30 minutos.`,
          value: instance.breakSeconds,
          limit: MIN_BREAK_SECONDS,
        });
      } else if (instance.breakSeconds === 0 && !partTime && !options.continuousProcess) {
        alerts.push({
          code: 'colacion_no_planificada',
          date,
          message: `Turno ${instance.label} del ${dayMonthYear(date)} sin colación: la jornada debe dividirse con al menos 30 minutos de colación (art. 34).`,
          value: 0,
          limit: MIN_BREAK_SECONDS,
        });
      }
    }

    const weekStart = fromDayNumber(monday);
    if (agreedHours !== null && agreedHours > limitHours) {
      alerts.push({
        code: 'jornada_pactada_sobre_limite_legal',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: la jornada pactada de ${agreedHours} horas supera el máximo legal de ${limitHours} horas semanales; rige el máximo legal y las horas extra se valoran con ${limitHours} horas.`,
        value: agreedHours * 3600,
        limit: limitHours * 3600,
      });
    }
    if (exceptional) continue;
    if (weekSeconds > limitHours * 3600) {
      alerts.push({
        code: 'jornada_semanal_sobre_limite',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: ${hours(weekSeconds)} planificadas superan el máximo legal de ${limitHours} horas semanales.`,
        value: weekSeconds,
        limit: limitHours * 3600,
      });
    }
    if (agreedHours !== null && weekSeconds > agreedHours * 3600) {
      alerts.push({
        code: 'jornada_semanal_sobre_pactada',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: ${hours(weekSeconds)} planificadas superan las ${agreedHours} horas semanales pactadas en el contrato.`,
        value: weekSeconds,
        limit: agreedHours * 3600,
      });
    }
    const allowed = allowedDaysPerWeek(weekSeconds / 3600);
    if (!partTime && (weekDays > allowed.max || weekDays < allowed.min)) {
      alerts.push({
        code: 'dias_por_semana_fuera_de_rango',
        date: weekStart,
        message: `Semana del ${dayMonthYear(weekStart)}: ${weekDays} días de trabajo planificados; la jornada debe distribuirse en ${allowed.min === 4 ? '4 (con 40 horas o menos), ' : ''}5 o 6 días.`,
        value: weekDays,
        limit: weekDays > allowed.max ? allowed.max : allowed.min,
      });
    }
  }
  if (options.commerce) irrenunciableAlerts(alerts, first, last, plan, zone, holidays);
  return alerts;
}

/**
 * Shifts with hours on an irrenunciable holiday (by the clock, the local day 00:00-24:00), for
 * commerce workers: a night shift from 31 December into 1 January works on one.
 */
function irrenunciableAlerts(
  alerts: PlanAlert[],
  first: number,
  last: number,
  plan: PlacedPlan,
  zone: string,
  holidays: HolidayLookup,
): void {
  for (let n = first - 1; n <= last; n++) {
    const instance = plan.placed[n - plan.base];
    if (!instance) continue;
    const date = instance.date;
    const lastDay = localDayNumberOf(zone, instance.end - 1);
    for (let d = localDayNumberOf(zone, instance.start); d <= lastDay; d++) {
      if (d < first || d > last) continue;
      const holidayDate = fromDayNumber(d);
      const holiday = holidays(holidayDate);
      if (!holiday?.irrenunciable) continue;
      const from = Math.max(instance.start, startOfLocalDayNumber(zone, d));
      const to = Math.min(instance.end, startOfLocalDayNumber(zone, d + 1));
      if (to <= from) continue;
      alerts.push({
        code: 'turno_en_feriado_irrenunciable',
        date: holidayDate,
        message:
          d === n
            ? `Turno planificado el ${dayMonthYear(holidayDate)} (${holiday.name}), feriado irrenunciable para trabajadores del comercio.`
            : `Turno ${instance.label} del ${dayMonthYear(date)} con ${hours((to - from) / 1000)} el ${dayMonthYear(holidayDate)} (${holiday.name}), feriado irrenunciable para trabajadores del comercio.`,
        value: (to - from) / 1000,
        limit: 0,
      });
    }
  }
}

/** What to load for a period: the plan over `from`..`to`, the marks over `marks`. */
interface EvaluationLoadRange {
  /** The plan (and anything by date: permissions, holidays) from the day before the first week's Monday to the day after the last week's Sunday. */
  from: LocalDate;
  to: LocalDate;
  /** Marks are needed only up to the day after the period: the week that ends later settles in the next period. */
  marks: { from: LocalDate; to: LocalDate };
}

/**
 * The range of plan and marks a caller must load to evaluate a period: the plan over the whole
 * Monday-to-Sunday weeks it touches, and the marks from the first week's Monday (at least the day
 * before `from`) to the period's end, each with one day more on each side so night shifts keep
 * their marks. The single place callers learn what to load; loading marks over the plan's range
 * also works (the later ones are left out).
 */
export function evaluationLoadRange(from: LocalDate, to: LocalDate): EvaluationLoadRange {
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  const span = evaluationSpan(first, last);
  const start = fromDayNumber(span.start - 1);
  return { from: start, to: fromDayNumber(span.end + 1), marks: { from: start, to: fromDayNumber(last + 1) } };
}
