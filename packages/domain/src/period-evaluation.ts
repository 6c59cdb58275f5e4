/**
 * Period evaluation: a worker's week, fortnight or month. Places the plan's shifts, attributes the
 * marks, evaluates each day, then applies the weekly rules (settlement.ts): lateness and early leave
 * made up within the same Monday-to-Sunday week are not a shortfall (the compensating time is not
 * overtime either), and the plan itself is checked against the legal limits in force on its dates.
 * Under an averaged distribution pact (art. 22 bis) the unit settled is the pact's cycle, not the week.
 *
 * Units are settled whole: the evaluation widens the period to the Monday before `from` (or the first
 * day of its cycle) and the Sunday after `to` (or the last day of its cycle), and a unit's compensation,
 * shortfall and net overtime count in the totals of the period in which it ends. `evaluationLoadRange`
 * says what to load for that.
 */
import { holidayLookup, type HolidayLookup } from './calendar/holidays';
import { fromDayNumber, toDayNumber, type LocalDate } from './calendar/local-date';
import { attributeMarks, type AttributionOptions, type MarkAttribution } from './attribution';
import { evaluateDay } from './day-evaluation';
import type { DayResult, EvaluationOptions, PlanKind } from './day-result';
import type { Mark } from './marks';
import { periodTotalsOf, type PeriodTotals } from './period-totals';
import { planAlerts, type PlanAlert } from './plan-alerts';
import type { Permission } from './permissions';
import { settlementUnitOf, settleUnits } from './settlement';
import { placeShift, type ShiftInstance, type ShiftTemplate } from './shift-instance';
import type { SundayRestException } from './sunday-rest';
import { DEFAULT_TIME_ZONE, startOfLocalDayNumber } from './time-zone';

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
  /**
   * Worker excepted from Sunday rest (art. 38), with their contract's bounds: each calendar month needs two
   * Sundays of rest in the plan (art. 38 inc. 4) unless `sundayRestExclusion` leaves the worker out. With
   * `excepted` (the exception's dates), only the months with a day in it are checked.
   */
  sundayRest?: { contractFrom: LocalDate; contractTo: LocalDate | null; excepted?: SundayRestException };
  /**
   * Averaged distribution pact (art. 22 bis): from `from` (a Monday, the first cycle's start) to `to` (a Sunday;
   * null: open), cycles of `cycleWeeks` whole weeks. The plan alerts judge each cycle's average instead of each week,
   * and the worked time is settled by cycle (settlement.ts). Ignored under an exceptional schedule or without a jornada.
   */
  averagedDistribution?: AveragedDistribution;
}

/** An averaged distribution pact (art. 22 bis): cycles of 2 to 4 weeks following one another from `from`. */
export interface AveragedDistribution {
  cycleWeeks: number;
  from: LocalDate;
  to: LocalDate | null;
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

/**
 * One whole settlement unit touching the period, after its compensation: a Monday-to-Sunday week, or under an
 * averaged distribution pact (art. 22 bis) one cycle of the pact, whose figures are the whole cycle's.
 */
export interface WeekSummary {
  weekStart: LocalDate;
  /** The unit's first day (a Monday) and last (a Sunday, or `to` of the period when it ends later): units are evaluated whole, days outside the period included. */
  from: LocalDate;
  to: LocalDate;
  /** Weeks of the pact's cycle when the unit is one (art. 22 bis); null for a week settled alone. */
  cycleWeeks: number | null;
  /** The whole unit lies inside the period. */
  complete: boolean;
  /** The unit ends inside the period, so its compensation, shortfall and net overtime count in this period's totals. */
  settledInPeriod: boolean;
  /**
   * Ordinary weekly limit in seconds: the one in force on the week's last day with a planned shift
   * (its Sunday when none), since hours accumulate day by day against the limit of each day; for a
   * cycle, the average of its weeks' limits.
   */
  weeklyLimitSeconds: number;
  /**
   * Ordinary weekly hours the unit's work is measured against, in seconds (art. 30): the contract's
   * agreed hours on the unit's last planned day, or the legal limit when lower or when the contract
   * says none (for a cycle, the weekly average: the agreed hours, or its weeks' legal limits averaged
   * when lower); null under an exceptional schedule (art. 38), whose cycles are not weekly, and for a
   * worker excluded from the hours limit (art. 22 inc. 2), who has no ordinary hours to pass.
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
   * Ordinary seconds worked beyond `agreedLimitSeconds` (after compensation; a cycle's over its weeks
   * times it, or over 45 hours in one of its weeks): overtime even though the plan had them (art. 30:
   * "la que excede ... de la pactada contractualmente, si fuese menor"). Part of `netOvertimeSeconds`.
   * The night the clocks go back, the extra real hour counts here.
   */
  overtimeOverAgreedSeconds: number;
  /** Overtime left after compensation plus the ordinary time over the agreed hours, and its split by the 2-hour daily limit. */
  netOvertimeSeconds: number;
  netOvertimeWithinLimitSeconds: number;
  netOvertimeBeyondLimitSeconds: number;
  /** Missing seconds of 'incompleto' days: unknown until the marks are corrected, never deducted meanwhile. */
  pendingSeconds: number;
}

/** The evaluation of a worker's period. */
export interface PeriodResult {
  from: LocalDate;
  to: LocalDate;
  zone: string;
  /** The period's days, `from` to `to`. */
  days: DayResult[];
  /** Days outside the period evaluated only to settle its weeks (or cycles) whole, and the day before `from`; not in the day totals. */
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

/** The plan of the evaluated span, by index (day number - base): dates, entries and placed shifts (the plan alerts read it too). */
export interface PlacedPlan {
  base: number;
  dates: readonly LocalDate[];
  entries: readonly (PlanEntry | undefined)[];
  placed: readonly (ShiftInstance | null)[];
}

/**
 * Day numbers around a period: `start` is the first evaluated day (the Monday of `from`'s week or the
 * first day of its pact cycle, or the day before `from` when that is `from`), `end` the Sunday of `to`'s
 * week or the last day of its cycle (the plan is checked over whole units). Days are evaluated from
 * `start` to `to`: a unit that ends after `to` settles in the next period, so its later days add
 * nothing to this one.
 */
function evaluationSpan(first: number, last: number, pact?: AveragedDistribution): { start: number; end: number; weekFirst: number } {
  const weekFirst = settlementUnitOf(first, pact).start;
  return { start: Math.min(weekFirst, first - 1), end: settlementUnitOf(last, pact).end, weekFirst };
}

/** The pact the settlement applies: none under an exceptional schedule (it averages its own cycle) or without a jornada (art. 22 inc. 2). */
function settledPact(options: PeriodEvaluationOptions): AveragedDistribution | undefined {
  return options.exceptionalSchedule || options.excludedFromHoursLimit ? undefined : options.averagedDistribution;
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
  const pact = settledPact(options);
  const span = evaluationSpan(first, last, pact);

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
  // No weekly bound under an exceptional schedule (its cycles are averaged) nor without a jornada (art. 22 inc. 2).
  const terms = options.exceptionalSchedule || options.excludedFromHoursLimit ? null : { agreed: input.agreedWeeklyHours };
  const weeks = settleUnits(evaluated, plan, span.start, span.weekFirst, first, last, terms, pact);
  return {
    from: input.from,
    to: input.to,
    zone,
    days,
    adjacentDays,
    weeks,
    totals: periodTotalsOf(days, evaluated, weeks, input.from, input.to, holidays),
    planAlerts: planAlerts(first, last, plan, zone, holidays, options, input.agreedWeeklyHours ?? null, getPlan),
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

/** What to load for a period: the plan over `from`..`to`, the marks over `marks`. */
interface EvaluationLoadRange {
  /** The plan (and anything by date: permissions, holidays) from the day before the first unit's first day to the day after the last unit's last day. */
  from: LocalDate;
  to: LocalDate;
  /** Marks are needed only up to the day after the period: the unit that ends later settles in the next period. */
  marks: { from: LocalDate; to: LocalDate };
}

/**
 * The range of plan and marks a caller must load to evaluate a period: the plan over the whole
 * Monday-to-Sunday weeks it touches (whole cycles under an averaged distribution pact, `pact`), and the
 * marks from the first unit's first day (at least the day before `from`) to the period's end, each with
 * one day more on each side so night shifts keep their marks. The single place callers learn what to
 * load; loading marks over the plan's range also works (the later ones are left out).
 */
export function evaluationLoadRange(from: LocalDate, to: LocalDate, pact?: AveragedDistribution | null): EvaluationLoadRange {
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  const span = evaluationSpan(first, last, pact ?? undefined);
  const start = fromDayNumber(span.start - 1);
  return { from: start, to: fromDayNumber(span.end + 1), marks: { from: start, to: fromDayNumber(last + 1) } };
}
