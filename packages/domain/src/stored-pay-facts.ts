/**
 * The payroll facts of a worker's stored days: what `remunerationFactsOf` reads from a fresh
 * `evaluatePeriod`, read instead from the days the API stores per worker and date (each day's
 * figures, and on each Sunday the settlement of the week it ends). The two must agree: a property
 * test evaluates random periods and compares them.
 */
import type { LocalDate } from './calendar/local-date';
import { addDays, diffDays, fromDayNumber, isoWeekday, toDayNumber, weekStart } from './calendar/local-date';
import type { DayResult, DayStatus, PlanKind } from './day-result';
import type { AveragedDistribution, WeekSummary } from './period-evaluation';
import { byTypeAndPay } from './period-totals';
import type { PermissionUnit } from './permissions';
import { settlementUnitOf } from './settlement';
import { settledWeekLimitSeconds, sundayOrdinaryWorkIn, type PayrollDay, type PayrollWeek, type RemunerationFacts } from './remuneration';

/** One stored day, reduced to what the pay variables count. */
export interface StoredPayDay {
  date: LocalDate;
  status: DayStatus;
  planKind: PlanKind;
  workedSeconds: number;
  ordinarySeconds: number;
  /** Worked beyond the plan. */
  overtimeSeconds: number;
  /** Planned time over the week's agreed hours given to the day (art. 30). */
  overAgreedSeconds: number;
  /** Worked seconds that fell on a Sunday by the clock. */
  sundaySeconds: number;
  /** The day is a holiday of the worker's calendar. */
  holiday: boolean;
  /** A whole-day permission that justified the day. */
  permission: { type: string; paid: boolean; unit: PermissionUnit } | null;
  hourPermissions: readonly { type: string; paid: boolean; seconds: number }[];
  /** The Sundays and holidays the day's work touched by the clock (dates), and whether each was a Sunday or a holiday. */
  sundayHolidayWork: readonly { date: LocalDate; sunday: boolean; holiday: boolean }[];
  /**
   * On a Sunday: the settlement of the week it ends, or of the cycle of an averaged distribution pact (art. 22 bis)
   * it ends, from `from` (the unit's first day; absent: the week's Monday).
   */
  week: { from?: LocalDate; shortfallSeconds: number; lateAfterCompensationSeconds: number; earlyLeaveAfterCompensationSeconds: number; netOvertimeSeconds: number; netOvertimeWithinLimitSeconds: number; overAgreedSeconds: number } | null;
}

/**
 * The first date whose stored day the facts of a period starting on `from` read: its week's Monday (the first day
 * of its cycle under an averaged distribution pact, `pact`), or the day before when that is `from`.
 */
export function payFactsLoadFrom(from: LocalDate, pact?: AveragedDistribution | null): LocalDate {
  const first = fromDayNumber(settlementUnitOf(toDayNumber(from), pact).start);
  const before = addDays(from, -1);
  return first < before ? first : before;
}

/** A day of the engine as the API stores it for pay (its week's settlement when it is the week's Sunday). */
export function storedPayDayOf(d: DayResult, week: WeekSummary | null): StoredPayDay {
  return {
    date: d.date,
    status: d.status,
    planKind: d.planKind,
    workedSeconds: d.workedSeconds,
    ordinarySeconds: d.ordinarySeconds,
    overtimeSeconds: d.overtimeSeconds,
    overAgreedSeconds: d.overtimeOverAgreedSeconds,
    sundaySeconds: d.sundaySeconds,
    holiday: d.holiday !== null,
    permission: d.permission && d.permission.hours === null ? { type: d.permission.type, paid: d.permission.paid, unit: d.permission.unit } : null,
    hourPermissions: d.hourPermissions.map((h) => ({ type: h.type, paid: h.paid, seconds: h.seconds })),
    sundayHolidayWork: d.sundayHolidayWork.map((w) => ({ date: w.date, sunday: w.sunday, holiday: w.holiday !== null })),
    week:
      week && week.to === d.date
        ? {
            from: week.from,
            shortfallSeconds: week.shortfallSeconds,
            lateAfterCompensationSeconds: week.lateAfterCompensationSeconds,
            earlyLeaveAfterCompensationSeconds: week.earlyLeaveAfterCompensationSeconds,
            netOvertimeSeconds: week.netOvertimeSeconds,
            netOvertimeWithinLimitSeconds: week.netOvertimeWithinLimitSeconds,
            overAgreedSeconds: week.overtimeOverAgreedSeconds,
          }
        : null,
  };
}

type Totals = RemunerationFacts['totals'];

/**
 * The facts of `from`..`to` from one worker's stored days in date order, read from `payFactsLoadFrom(from, pact)`
 * (days after `to` are ignored, and earlier ones add nothing). Weeks (or cycles of an averaged distribution pact)
 * count in the period that holds their last day; Sundays and holidays count by the clock, once per date, whichever
 * day's shift reached them.
 */
export function remunerationFactsOfStoredDays(days: readonly StoredPayDay[], from: LocalDate, to: LocalDate): RemunerationFacts {
  const totals: Totals = {
    daysWorked: 0,
    shortfallSeconds: 0,
    lateAfterCompensationSeconds: 0,
    earlyLeaveAfterCompensationSeconds: 0,
    sundaysWorked: 0,
    holidaysWorked: 0,
    sundaysOrHolidaysWorked: 0,
    permissionDays: [],
    permissionHours: [],
    unjustifiedAbsenceDays: 0,
    pendingDays: 0,
  };
  const weeks: PayrollWeek[] = [];
  const weekDays: PayrollDay[] = [];
  const plannedDates: LocalDate[] = [];
  const restDates = new Map<LocalDate, { sunday: boolean; holiday: boolean }>();
  const permissionDays = new Map<string, Totals['permissionDays'][number]>();
  const permissionHours = new Map<string, Totals['permissionHours'][number]>();
  // The days of the weeks settled in the period start with the first one's (the unit holding `from`: a cycle may start weeks before it).
  const firstSettled = days.find((d) => d.week && d.date >= from && d.date <= to && isoWeekday(d.date) === 7);
  const firstMonday = firstSettled ? (firstSettled.week!.from ?? weekStart(firstSettled.date)) : weekStart(from);
  for (const d of days) {
    if (d.date > to) continue;
    if (d.date >= firstMonday) weekDays.push({ date: d.date, status: d.status, overtimeSeconds: d.overtimeSeconds + d.overAgreedSeconds });
    if (d.planKind === 'turno') plannedDates.push(d.date);
    for (const w of d.sundayHolidayWork) if (w.date >= from && w.date <= to && !restDates.has(w.date)) restDates.set(w.date, w);
    if (d.week && d.date >= from && isoWeekday(d.date) === 7) {
      const unitFrom = d.week.from ?? weekStart(d.date);
      // A cycle's limit is its weeks' limits averaged, each week's as the engine settles it.
      const weekCount = Math.max(1, Math.round((diffDays(unitFrom, d.date) + 1) / 7));
      let limitSeconds = 0;
      for (let w = 0; w < weekCount; w++) {
        const monday = addDays(unitFrom, 7 * w);
        const sunday = addDays(monday, 6);
        limitSeconds += settledWeekLimitSeconds(sunday, plannedDates.filter((p) => p >= monday && p <= sunday));
      }
      weeks.push({
        from: unitFrom,
        to: d.date,
        weeklyLimitSeconds: limitSeconds / weekCount,
        shortfallSeconds: d.week.shortfallSeconds,
        netOvertimeSeconds: d.week.netOvertimeSeconds,
        netOvertimeWithinLimitSeconds: d.week.netOvertimeWithinLimitSeconds,
        overAgreedSeconds: d.week.overAgreedSeconds,
      });
      totals.shortfallSeconds += d.week.shortfallSeconds;
      totals.lateAfterCompensationSeconds += d.week.lateAfterCompensationSeconds;
      totals.earlyLeaveAfterCompensationSeconds += d.week.earlyLeaveAfterCompensationSeconds;
    }
    if (d.date < from) continue;
    if (d.status === 'presente' || d.status === 'incompleto') totals.daysWorked++;
    if (d.status === 'ausente') totals.unjustifiedAbsenceDays++;
    if (d.status === 'incompleto') totals.pendingDays++;
    const p = d.permission;
    if (p) {
      const key = `${p.type}\u0000${p.paid}`;
      let entry = permissionDays.get(key);
      if (!entry) permissionDays.set(key, (entry = { type: p.type, paid: p.paid, unit: p.unit, days: 0 }));
      // Feriado anual counts business days (art. 69): not Saturdays, Sundays nor the worker's holidays.
      if (p.unit !== 'dias_habiles' || (isoWeekday(d.date) <= 5 && !d.holiday)) entry.days++;
    }
    for (const h of d.hourPermissions) {
      const key = `${h.type}\u0000${h.paid}`;
      const entry = permissionHours.get(key);
      if (entry) entry.seconds += h.seconds;
      else permissionHours.set(key, { type: h.type, paid: h.paid, seconds: h.seconds });
    }
  }
  for (const w of restDates.values()) {
    totals.sundaysOrHolidaysWorked++;
    if (w.sunday) totals.sundaysWorked++;
    if (w.holiday) totals.holidaysWorked++;
  }
  totals.permissionDays = [...permissionDays.values()].sort(byTypeAndPay);
  totals.permissionHours = [...permissionHours.values()].sort(byTypeAndPay);
  // Ordinary seconds on each Sunday of the period by the clock (the Sunday surcharge, art. 38 inc. 2).
  const sundayOrdinaryWork = sundayOrdinaryWorkIn(
    days.filter((d) => d.date <= to && d.sundaySeconds > 0),
    from,
    to,
  );
  return { weeks, weekDays, totals, sundayOrdinaryWork };
}
