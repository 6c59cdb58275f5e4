/**
 * The totals of an evaluated period: the one definition of "a period's figures". `periodTotalsOf`
 * adds them up from the engine's days and settled weeks; `SUMMED_TOTAL_KEYS` names those that are
 * plain sums over the period's days (a week's settlement counted on its Sunday), which is what the
 * API adds up in SQL from its stored days, under the same names. A test in the API checks that the
 * stored sums equal these totals for the same inputs.
 */
import type { HolidayLookup } from './calendar/holidays';
import type { LocalDate } from './calendar/local-date';
import type { DayResult, DayStatus } from './day-result';
import { DAILY_OVERTIME_LIMIT_SECONDS } from './law';
import type { WeekSummary } from './period-evaluation';
import { isBusinessDay, type PermissionUnit } from './permissions';

/** Every status a day can end in, in the order reports list them. */
export const DAY_STATUSES = ['presente', 'ausente', 'justificado', 'libre', 'feriado', 'incompleto'] as const satisfies readonly DayStatus[];

/** The weekly figures a period's totals take from the weeks it settles (those whose Sunday lies in it). */
type SettledWeekFigures = Pick<
  WeekSummary,
  | 'settledInPeriod'
  | 'compensatedSeconds'
  | 'shortfallSeconds'
  | 'lateAfterCompensationSeconds'
  | 'earlyLeaveAfterCompensationSeconds'
  | 'netOvertimeSeconds'
  | 'netOvertimeWithinLimitSeconds'
  | 'netOvertimeBeyondLimitSeconds'
  | 'pendingSeconds'
>;

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
  /** Worked seconds beyond each day's plan. */
  overtimeSeconds: number;
  /** Planned seconds over the week's agreed hours given to the period's days (art. 30). */
  overtimeOverAgreedSeconds: number;
  /**
   * The overtime found on the days, before the week's compensation: beyond the plan plus over the
   * agreed hours; and its split, day by day, by the 2-hour daily limit (art. 31).
   */
  foundOvertimeSeconds: number;
  foundOvertimeWithinDailyLimitSeconds: number;
  foundOvertimeBeyondDailyLimitSeconds: number;
  /** Missing seconds of unjustified absences ('ausente' days). */
  absenceMissingSeconds: number;
  compensatedSeconds: number;
  shortfallSeconds: number;
  lateAfterCompensationSeconds: number;
  earlyLeaveAfterCompensationSeconds: number;
  netOvertimeSeconds: number;
  netOvertimeWithinLimitSeconds: number;
  netOvertimeBeyondLimitSeconds: number;
  pendingSeconds: number;
  /** The days' own Sunday and holiday seconds (a Saturday night shift into Sunday brings them on its Saturday). */
  sundaySeconds: number;
  holidaySeconds: number;
  /** Worked seconds that fell on Sundays and on holidays of the period, by the clock. */
  sundayWorkedSeconds: number;
  holidayWorkedSeconds: number;
  daysByStatus: Record<DayStatus, number>;
  /** Days attended: 'presente' or 'incompleto' (a forgotten exit does not unmake the day). */
  daysWorked: number;
  /** Days with a planned shift that no holiday lifted. */
  plannedDays: number;
  lateDays: number;
  earlyLeaveDays: number;
  /** Days with overtime found (`foundOvertimeSeconds` > 0). */
  overtimeDays: number;
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

/**
 * The totals that are sums over the period's days (each day's figure, or its week's settlement on
 * the week's Sunday), by name; `daysByStatus.<status>` counts the days ending in that status.
 * The by-the-clock Sunday and holiday figures are not among them: they depend on the days around.
 */
export const SUMMED_TOTAL_KEYS = [
  'plannedSeconds',
  'workedSeconds',
  'ordinarySeconds',
  'missingSeconds',
  'justifiedSeconds',
  'lateSeconds',
  'earlyLeaveSeconds',
  'breakSeconds',
  'overtimeSeconds',
  'overtimeOverAgreedSeconds',
  'foundOvertimeSeconds',
  'foundOvertimeWithinDailyLimitSeconds',
  'foundOvertimeBeyondDailyLimitSeconds',
  'absenceMissingSeconds',
  'compensatedSeconds',
  'shortfallSeconds',
  'lateAfterCompensationSeconds',
  'earlyLeaveAfterCompensationSeconds',
  'netOvertimeSeconds',
  'netOvertimeWithinLimitSeconds',
  'netOvertimeBeyondLimitSeconds',
  'pendingSeconds',
  'sundaySeconds',
  'holidaySeconds',
  'daysWorked',
  'plannedDays',
  'lateDays',
  'earlyLeaveDays',
  'overtimeDays',
  'inconsistentDays',
  ...DAY_STATUSES.map((s) => `daysByStatus.${s}` as const),
] as const;

export type SummedTotalKey = (typeof SUMMED_TOTAL_KEYS)[number];

/** The summed totals as a flat record (what a stored-days query returns). */
export type SummedTotals = Record<SummedTotalKey, number>;

/** The summed totals of a period's totals, flat. */
export function summedTotalsOf(t: PeriodTotals): SummedTotals {
  const out = {} as SummedTotals;
  for (const key of SUMMED_TOTAL_KEYS) {
    out[key] = key.startsWith('daysByStatus.') ? t.daysByStatus[key.slice('daysByStatus.'.length) as DayStatus] : (t[key as Exclude<SummedTotalKey, `daysByStatus.${string}`>] as number);
  }
  return out;
}

/** Every summed total at zero. */
export function zeroSummedTotals(): SummedTotals {
  return Object.fromEntries(SUMMED_TOTAL_KEYS.map((k) => [k, 0])) as SummedTotals;
}

/** The overtime found on a day: beyond its plan plus its planned time over the week's agreed hours (art. 30). */
const foundOvertimeOfDay = (d: Pick<DayResult, 'overtimeSeconds' | 'overtimeOverAgreedSeconds'>): number => d.overtimeSeconds + d.overtimeOverAgreedSeconds;

/**
 * Adds up a period's totals: its days (`days`), the Sunday and holiday work by the clock of every
 * evaluated day (`evaluated`, the days around included) that fell within `from`..`to`, and the
 * weeks settled in the period.
 */
export function periodTotalsOf(
  days: readonly DayResult[],
  evaluated: readonly DayResult[],
  weeks: readonly SettledWeekFigures[],
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
    overtimeOverAgreedSeconds: 0,
    foundOvertimeSeconds: 0,
    foundOvertimeWithinDailyLimitSeconds: 0,
    foundOvertimeBeyondDailyLimitSeconds: 0,
    absenceMissingSeconds: 0,
    compensatedSeconds: 0,
    shortfallSeconds: 0,
    lateAfterCompensationSeconds: 0,
    earlyLeaveAfterCompensationSeconds: 0,
    netOvertimeSeconds: 0,
    netOvertimeWithinLimitSeconds: 0,
    netOvertimeBeyondLimitSeconds: 0,
    pendingSeconds: 0,
    sundaySeconds: 0,
    holidaySeconds: 0,
    sundayWorkedSeconds: 0,
    holidayWorkedSeconds: 0,
    daysByStatus: { presente: 0, ausente: 0, justificado: 0, libre: 0, feriado: 0, incompleto: 0 },
    daysWorked: 0,
    plannedDays: 0,
    lateDays: 0,
    earlyLeaveDays: 0,
    overtimeDays: 0,
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
    totals.overtimeOverAgreedSeconds += d.overtimeOverAgreedSeconds;
    const found = foundOvertimeOfDay(d);
    totals.foundOvertimeSeconds += found;
    totals.foundOvertimeWithinDailyLimitSeconds += Math.min(found, DAILY_OVERTIME_LIMIT_SECONDS);
    totals.foundOvertimeBeyondDailyLimitSeconds += Math.max(found - DAILY_OVERTIME_LIMIT_SECONDS, 0);
    if (found > 0) totals.overtimeDays++;
    if (d.status === 'ausente') totals.absenceMissingSeconds += d.missingSeconds;
    totals.sundaySeconds += d.sundaySeconds;
    totals.holidaySeconds += d.holidaySeconds;
    totals.daysByStatus[d.status]++;
    if (d.status === 'presente' || d.status === 'incompleto') totals.daysWorked++;
    if (d.planKind === 'turno' && d.status !== 'feriado') totals.plannedDays++;
    if (d.lateSeconds > 0) totals.lateDays++;
    if (d.earlyLeaveSeconds > 0) totals.earlyLeaveDays++;
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
  totals.permissionDays = [...permissionDays.values()].sort(byTypeAndPay);
  totals.permissionHours = [...permissionHours.values()].sort(byTypeAndPay);
  return totals;
}

/** Permission entries by type, then unpaid before paid. */
export const byTypeAndPay = (a: { type: string; paid: boolean }, b: { type: string; paid: boolean }): number =>
  a.type < b.type ? -1 : a.type > b.type ? 1 : Number(a.paid) - Number(b.paid);
