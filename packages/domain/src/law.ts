/**
 * Chilean working-time law as tables by date (Código del Trabajo, Ley 21.561). Money is computed
 * unrounded; only `roundPesos` rounds, at the point a figure leaves as money.
 */
import type { LocalDate } from './calendar/local-date';

/** One row of the weekly-limit table: from this date on, at most `hours` ordinary hours a week. */
interface WeeklyLimitStep {
  from: LocalDate;
  hours: number;
}

/** Ley 21.561's gradual reduction of the ordinary week; before the first step the limit was 45 hours. */
export const WEEKLY_LIMIT_TABLE: readonly WeeklyLimitStep[] = [
  { from: '2024-04-26', hours: 44 },
  { from: '2026-04-26', hours: 42 },
  { from: '2028-04-26', hours: 40 },
];

/** Ordinary weekly hours before Ley 21.561 took its first step. */
const WEEKLY_LIMIT_BEFORE_2024 = 45;

/** At most 10 ordinary hours in a day (art. 28). */
export const DAILY_ORDINARY_LIMIT_SECONDS = 10 * 3600;
/** At most 2 overtime hours in a day (art. 31). */
export const DAILY_OVERTIME_LIMIT_SECONDS = 2 * 3600;
/**
 * Averaged distribution (art. 22 bis, Ley 21.561): the weekly limit in force is an average over a cycle of up
 * to four weeks, but no week passes 45 ordinary hours nor stays over the average limit more than two weeks in a row.
 */
export const AVERAGED_CYCLE_MAX_WEEKS = 4;
export const AVERAGED_WEEK_CEILING_HOURS = 45;
export const AVERAGED_WEEKS_OVER_AVERAGE_MAX = 2;
/**
 * Commerce before Christmas (art. 24 inc. 1, Ley 20.215): the employer may extend the ordinary jornada «hasta en
 * dos horas diarias» on nine days «distribuidos dentro de los últimos quince días previos a esta festividad»,
 * which the DT reads as 10 to 24 December (Ord. 5000/107, 07-12-2007).
 */
export const DECEMBER_EXTENSION_MAX_DAYS = 9;
/** At most 2 hours of extension on a declared day (art. 24 inc. 1). */
export const DECEMBER_EXTENSION_MAX_SECONDS = 2 * 3600;
/** The fifteen days before Christmas: 10 to 24 December of the year. */
export function decemberExtensionWindow(year: number): { from: LocalDate; to: LocalDate } {
  return { from: `${year}-12-10`, to: `${year}-12-24` };
}
/** Colación of at least 30 minutes, not counted as worked time (art. 34). */
export const MIN_BREAK_SECONDS = 30 * 60;
/** Art. 40 bis B: a part-time jornada may be interrupted for colación «por un lapso no inferior a media hora ni superior a una hora». */
export const PART_TIME_MAX_BREAK_SECONDS = 60 * 60;
/** Overtime is paid with a 50 % surcharge over the ordinary hour (art. 32). */
export const OVERTIME_SURCHARGE = 0.5;
/** Part time (art. 40 bis) is at most this fraction of the legal weekly limit in force: two-thirds. */
const PART_TIME_FRACTION = 2 / 3;

/** Maximum ordinary weekly hours in force on a date (45 / 44 / 42 / 40 by Ley 21.561's calendar). */
export function weeklyHoursLimit(date: LocalDate): number {
  let hours = WEEKLY_LIMIT_BEFORE_2024;
  for (const step of WEEKLY_LIMIT_TABLE) if (date >= step.from) hours = step.hours;
  return hours;
}

/** The same limit in seconds, the unit the evaluation uses. */
export function weeklyLimitSeconds(date: LocalDate): number {
  return weeklyHoursLimit(date) * 3600;
}

/**
 * Most weekly hours a part-time contract may agree on a date (art. 40 bis: two-thirds of the legal
 * limit in force, so it moves with Ley 21.561): 30 under 45 h, 29 h 20 min under 44, 28 under 42,
 * 26 h 40 min under 40.
 */
export function partTimeMaxWeeklyHours(date: LocalDate): number {
  return weeklyHoursLimit(date) * PART_TIME_FRACTION;
}

/** True when weekly hours are part time on a date (art. 40 bis): at most two-thirds of the limit in force. */
export function isPartTime(weeklyHours: number, date: LocalDate): boolean {
  // Compared in whole seconds so 29 h 20 min is part time under 44 h despite floating point.
  return Math.round(weeklyHours * 3600) <= Math.round(partTimeMaxWeeklyHours(date) * 3600);
}

/**
 * Weekly hours that count for a contract on a date: the agreed hours, lowered to the legal limit in
 * force when they exceed it (Ley 21.561 lowers the ordinary week by law, without lowering the salary).
 */
export function legalWeeklyHours(agreedWeeklyHours: number, date: LocalDate): number {
  const limit = weeklyHoursLimit(date);
  return agreedWeeklyHours > limit ? limit : agreedWeeklyHours;
}

/** How many days a week the ordinary week may be spread over: 5 or 6, or 4 when it agrees 40 hours or fewer. */
export function allowedDaysPerWeek(weeklyHours: number): { min: number; max: number } {
  return { min: weeklyHours <= 40 ? 4 : 5, max: 6 };
}

function assertHours(weeklyHours: number): void {
  if (!(weeklyHours > 0 && weeklyHours <= 168)) throw new RangeError(`Horas semanales inválidas: ${weeklyHours}`);
}

/** Overtime factor on a monthly salary: salary / 30 * 28 / (4H) * 1.5 = 0.35 / H (45h 0.0077777, 42h 0.0083333). */
export function overtimeFactor(weeklyHours: number): number {
  assertHours(weeklyHours);
  return 0.35 / weeklyHours;
}

/** Unrounded value of one overtime hour for a monthly salary and agreed weekly hours. */
export function overtimeHourValue(monthlySalary: number, weeklyHours: number): number {
  assertHours(weeklyHours);
  return (monthlySalary * 0.35) / weeklyHours;
}

/** Unrounded value of one ordinary hour: the overtime value without the 50 % surcharge (42h, 600,000 -> 3,333.3). */
export function ordinaryHourValue(monthlySalary: number, weeklyHours: number): number {
  return overtimeHourValue(monthlySalary, weeklyHours) / (1 + OVERTIME_SURCHARGE);
}

/** Unrounded value of one day of a monthly salary (salary / 30), used for absences and unpaid leave. */
export function dayValue(monthlySalary: number): number {
  return monthlySalary / 30;
}

/** Rounds a peso amount to the nearest whole peso (half away from zero); the only rounding in the engine. */
export function roundPesos(amount: number): number {
  return amount < 0 ? -Math.round(-amount) || 0 : Math.round(amount);
}
