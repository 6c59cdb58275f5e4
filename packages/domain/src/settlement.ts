/**
 * The settlement of worked time: lateness and early leave made up by extra time, the shortfall that
 * may be deducted and the net overtime, unit by unit. A unit is a Monday-to-Sunday week, or, under an
 * averaged distribution pact (art. 22 bis, Ley 21.561), the pact's whole cycle of up to four weeks:
 * the law sets the limit «en base a un promedio semanal» over the cycle (DT, Dictamen 82/3 de
 * 01-02-2024), so the cycle's hours are measured against the agreed hours times its weeks (or the sum
 * of its weeks' legal maxima when lower), lateness is made up within the cycle, and only what passes
 * 45 ordinary hours in one week is overtime whatever the cycle's total. The daily caps (10 ordinary
 * hours, 2 overtime hours) are the days' own and do not change.
 */
import { cycleOf } from './averaged-cycles';
import { fromDayNumber, toDayNumber, weekdayOfDayNumber, type LocalDate } from './calendar/local-date';
import type { DayResult } from './day-result';
import { AVERAGED_WEEK_CEILING_HOURS, DAILY_OVERTIME_LIMIT_SECONDS, weeklyHoursLimit } from './law';
import { agreedWeeklyHoursOn, type AgreedWeeklyHours, type AveragedDistribution, type PlacedPlan, type WeekSummary } from './period-evaluation';

/** The settlement unit holding a day (a day number): the pact's cycle, or the Monday-to-Sunday week. */
export function settlementUnitOf(day: number, pact?: AveragedDistribution | null): { start: number; end: number; cycleWeeks: number | null } {
  const cycle = pact ? cycleOf(pact, day) : null;
  if (cycle) return { start: cycle.start, end: cycle.end, cycleWeeks: cycle.weeks };
  const monday = day - (weekdayOfDayNumber(day) - 1);
  return { start: monday, end: monday + 6, cycleWeeks: null };
}

/**
 * `from`..`to` widened to the whole settlement units it touches: the Monday of `from`'s week (or the first
 * day of its pact cycle) to the Sunday of `to`'s week (or the last day of its cycle). What the API evaluates
 * and stores at a time, so that every stored day comes from a whole unit.
 */
export function settlementRange(from: LocalDate, to: LocalDate, pact?: AveragedDistribution | null): { from: LocalDate; to: LocalDate } {
  return { from: fromDayNumber(settlementUnitOf(toDayNumber(from), pact).start), to: fromDayNumber(settlementUnitOf(toDayNumber(to), pact).end) };
}

/** What a unit's ordinary time is measured against (art. 30): its bound in seconds, per week, and where it comes from. */
interface SettlementBound {
  /** Per week (a cycle's bound divided by its weeks). */
  weeklySeconds: number;
  source: 'pactada' | 'legal';
  /** Weeks of the pact's cycle (art. 22 bis); absent for a week settled alone. */
  cycleWeeks?: number;
}

/** The contract's agreed hours, or null when there is no weekly bound (exceptional schedule, art. 38; excluded from the limit, art. 22 inc. 2). */
type SettlementTerms = { agreed: AgreedWeeklyHours | null | undefined } | null;

/**
 * Settles each unit touching `weekFirst`..`last` (units start at `weekFirst`, a Monday or a cycle's first day):
 * compensation, shortfall and net overtime; then the ordinary time worked beyond the unit's bound, which is
 * overtime too and belongs to the unit's last hours (and, in a cycle, a week's hours past 45 to that week's).
 * `start` is the day number of `evaluated[0]`. A unit that ends after `last` is summarised up to it and settles
 * in the next period.
 */
export function settleUnits(
  evaluated: readonly DayResult[],
  plan: PlacedPlan,
  start: number,
  weekFirst: number,
  first: number,
  last: number,
  terms: SettlementTerms,
  pact: AveragedDistribution | undefined,
): WeekSummary[] {
  const units: WeekSummary[] = [];
  for (let unitStart = weekFirst; unitStart <= last; ) {
    const unit = settlementUnitOf(unitStart, pact);
    units.push(settleUnit(evaluated, plan, start, unitStart, unit.end, unit.cycleWeeks, first, last, terms));
    unitStart = unit.end + 1;
  }
  return units;
}

/** The last day with a planned shift in `from`..`to` (day numbers), or `to` when none. */
function lastPlannedDay(plan: PlacedPlan, from: number, to: number): number {
  for (let n = to; n >= from; n--) if (plan.placed[n - plan.base]) return n;
  return to;
}

function settleUnit(
  evaluated: readonly DayResult[],
  plan: PlacedPlan,
  start: number,
  unitStart: number,
  unitEnd: number,
  cycleWeeks: number | null,
  first: number,
  last: number,
  terms: SettlementTerms,
): WeekSummary {
  const end = unitEnd < last ? unitEnd : last;
  const weekCount = Math.max(1, Math.round((unitEnd - unitStart + 1) / 7));
  // Each week's legal maximum is the one in force on its last planned day (hours accumulate day by day).
  let legalSeconds = 0;
  for (let w = 0; w < weekCount; w++) {
    const monday = unitStart + 7 * w;
    legalSeconds += weeklyHoursLimit(fromDayNumber(lastPlannedDay(plan, monday, Math.min(monday + 6, unitEnd)))) * 3600;
  }
  const lastPlanned = lastPlannedDay(plan, unitStart, unitEnd);
  let bound: SettlementBound | null = null;
  if (terms) {
    const agreed = agreedWeeklyHoursOn(terms.agreed, fromDayNumber(lastPlanned));
    const agreedSeconds = agreed === null ? null : agreed * 3600 * weekCount;
    const total = agreedSeconds !== null && agreedSeconds < legalSeconds ? agreedSeconds : legalSeconds;
    bound = { weeklySeconds: total / weekCount, source: agreedSeconds !== null && agreedSeconds < legalSeconds ? 'pactada' : 'legal' };
    if (cycleWeeks !== null) bound.cycleWeeks = cycleWeeks;
  }
  const unit: WeekSummary = {
    weekStart: fromDayNumber(unitStart),
    from: fromDayNumber(unitStart),
    to: fromDayNumber(end),
    cycleWeeks,
    complete: unitStart >= first && unitEnd <= last,
    settledInPeriod: unitEnd <= last,
    weeklyLimitSeconds: legalSeconds / weekCount,
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
  // Per week of a cycle: ordinary time, missing time and extra time, to find what passes 45 hours in one week.
  const weeks = Array.from({ length: weekCount }, () => ({ ordinary: 0, missing: 0, overtime: 0 }));
  for (let n = unitStart; n <= end; n++) {
    const d = evaluated[n - start]!;
    const week = weeks[Math.floor((n - unitStart) / 7)]!;
    unit.plannedSeconds += d.plannedSeconds;
    unit.workedSeconds += d.workedSeconds;
    if (d.status === 'presente') {
      ordinary += d.ordinarySeconds;
      week.ordinary += d.ordinarySeconds;
      week.missing += d.missingSeconds;
      week.overtime += d.overtimeSeconds;
      unit.missingSeconds += d.missingSeconds;
      unit.overtimeSeconds += d.overtimeSeconds;
      unit.lateSeconds += d.lateSeconds;
      unit.earlyLeaveSeconds += d.earlyLeaveSeconds;
      within += d.overtimeWithinLimitSeconds;
      beyond += d.overtimeBeyondLimitSeconds;
    } else if (d.status === 'incompleto') {
      unit.pendingSeconds += d.missingSeconds;
      unit.lateSeconds += d.lateSeconds;
      unit.earlyLeaveSeconds += d.earlyLeaveSeconds;
    }
  }
  const compensated = Math.min(unit.missingSeconds, unit.overtimeSeconds);
  unit.compensatedSeconds = compensated;
  unit.shortfallSeconds = unit.missingSeconds - compensated;
  // Extra time that made up missing time is not overtime; it is taken first from what broke the daily limit.
  const fromBeyond = Math.min(beyond, compensated);
  unit.netOvertimeBeyondLimitSeconds = beyond - fromBeyond;
  unit.netOvertimeWithinLimitSeconds = within - (compensated - fromBeyond);
  // Compensating time is ordinary time: what the unit worked within the plan, beyond its bound, is overtime.
  if (bound) {
    const ceilings = cycleWeeks === null ? [] : weekCeilings(weeks, compensated);
    const passes: OverPass[] = ceilings.map((seconds, w) => ({ from: unitStart + 7 * w, to: Math.min(unitStart + 7 * w + 6, end), seconds, weekCeiling: true }));
    const ceilingTotal = ceilings.reduce((sum, s) => sum + s, 0);
    const over = Math.max(ceilingTotal, ordinary + compensated - bound.weeklySeconds * weekCount);
    passes.push({ from: unitStart, to: end, seconds: over - ceilingTotal, weekCeiling: false });
    const split = attributeOverAgreed(evaluated, start, passes, bound);
    unit.overtimeOverAgreedSeconds = over;
    unit.netOvertimeWithinLimitSeconds += split.within;
    unit.netOvertimeBeyondLimitSeconds += split.beyond;
  }
  unit.netOvertimeSeconds = unit.netOvertimeWithinLimitSeconds + unit.netOvertimeBeyondLimitSeconds;
  unit.lateAfterCompensationSeconds = Math.min(unit.lateSeconds, unit.shortfallSeconds);
  unit.earlyLeaveAfterCompensationSeconds = Math.min(unit.earlyLeaveSeconds, unit.shortfallSeconds - unit.lateAfterCompensationSeconds);
  return unit;
}

/**
 * What each week of a cycle worked past 45 ordinary hours (art. 22 bis: «no podrá exceder de cuarenta y cinco horas
 * ordinarias en cada semana»). The extra time that made up missing time counts as ordinary in the week it was
 * worked: first against the same week's missing time, then, in date order, against the rest of the cycle's.
 */
function weekCeilings(weeks: readonly { ordinary: number; missing: number; overtime: number }[], compensated: number): number[] {
  const own = weeks.map((w) => Math.min(w.missing, w.overtime));
  let across = compensated - own.reduce((sum, s) => sum + s, 0);
  const ceiling = AVERAGED_WEEK_CEILING_HOURS * 3600;
  return weeks.map((w, i) => {
    const taken = Math.min(across, w.overtime - own[i]!);
    across -= taken;
    return Math.max(0, w.ordinary + own[i]! + taken - ceiling);
  });
}

/** Over-bound seconds to give to the attended days of `from`..`to`, from the last one back. */
interface OverPass {
  from: number;
  to: number;
  seconds: number;
  /** The seconds are a week's hours past 45 in a cycle, not the cycle's over its bound. */
  weekCeiling: boolean;
}

/**
 * Gives the unit's ordinary time over its bound to its attended days, pass by pass (a cycle's weeks past 45 hours
 * first, each to its own week, then the rest to the unit), each from its last day back (hours accumulate from
 * the start, so the last ones pass the bound), and splits it by the 2-hour daily overtime limit each day has
 * left after its own overtime.
 */
function attributeOverAgreed(evaluated: readonly DayResult[], start: number, passes: readonly OverPass[], bound: SettlementBound): { within: number; beyond: number } {
  let total = 0;
  let within = 0;
  let lastAttended: DayResult | null = null;
  const give = (d: DayResult, part: number, weekCeiling: boolean) => {
    within += Math.min(part, Math.max(0, DAILY_OVERTIME_LIMIT_SECONDS - d.overtimeSeconds - d.overtimeOverAgreedSeconds));
    d.overtimeOverAgreedSeconds += part;
    d.overAgreedBasis = weekCeiling ? { ...bound, weekCeiling: true } : d.overAgreedBasis?.weekCeiling ? d.overAgreedBasis : bound;
  };
  let left = 0;
  for (const pass of passes) {
    total += pass.seconds;
    left = pass.seconds;
    for (let n = pass.to; n >= pass.from && left > 0; n--) {
      const d = evaluated[n - start]!;
      if (d.status !== 'presente') continue;
      if (lastAttended === null || d.date > lastAttended.date) lastAttended = d;
      const part = Math.min(left, d.ordinarySeconds - d.overtimeOverAgreedSeconds);
      if (part <= 0) continue;
      give(d, part, pass.weekCeiling);
      left -= part;
    }
    // Compensation counted as ordinary can leave a remainder beyond the days' own ordinary time: the last attended day of the pass takes it.
    if (left > 0) {
      let last: DayResult | null = null;
      for (let n = pass.to; n >= pass.from && last === null; n--) if (evaluated[n - start]!.status === 'presente') last = evaluated[n - start]!;
      if (last ?? lastAttended) give((last ?? lastAttended)!, left, pass.weekCeiling);
    }
  }
  return { within, beyond: total - within };
}
