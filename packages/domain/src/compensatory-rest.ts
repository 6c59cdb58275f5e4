/**
 * Compensatory rest of the workers excepted from Sunday and holiday rest (art. 38 inc. 3 CT): the
 * excepted companies «deberán otorgar un día de descanso a la semana en compensación a las actividades
 * desarrolladas en día domingo, y otro por cada festivo en que los trabajadores debieron prestar
 * servicios». One day is owed for each Sunday worked and one for each holiday worked, counted from the
 * days the engine evaluated. The two Sundays of rest a month (art. 38 inc. 4) are another rule
 * (sunday-rest.ts).
 */
import { isoWeekday, type LocalDate } from './calendar/local-date';
import type { DayStatus } from './day-result';

/**
 * The statuses of a day the worker worked, with marks complete or still waiting for one: the engine's
 * notion, the days `daysWorked` counts (period-totals.ts).
 */
export const WORKED_DAY_STATUSES: readonly DayStatus[] = ['presente', 'incompleto'];

/**
 * One evaluated day as the compensatory rest reads it: the date the engine attributes the day's work to,
 * its status and whether that date is a holiday of the worker's calendar as the engine knew it (national,
 * regional and one-off holidays and the days the company added: `DayResult.holiday`, stored per day).
 */
export interface CompensatoryRestDay {
  date: LocalDate;
  status: DayStatus;
  holiday: boolean;
}

/** The compensatory rest days a worker is owed over some days, and which dates owe them. */
export interface CompensatoryRestOwed {
  /** Days owed: one per date worked that is a Sunday or a holiday. */
  days: number;
  /** Of them, Sundays (a holiday on a Sunday included). */
  sundays: number;
  /** Of them, holidays on another weekday. */
  holidays: number;
  /** The dates that owe a day, in order. */
  dates: LocalDate[];
}

/**
 * The compensatory rest days owed (art. 38 inc. 3) for a worker's evaluated days: each date the engine
 * counts as worked (`WORKED_DAY_STATUSES`) that is a Sunday or a holiday owes one day. Only a worker excepted
 * from Sunday and holiday rest (art. 38) is owed any: for anyone else a holiday lifts the shift and work
 * on it is overtime (art. 35 and 32), and a Sunday is their weekly rest.
 *
 * - A holiday on a Sunday owes one day, not two: one day worked, one compensatory day. Likewise when
 *   several holidays fall on one date, and when a date appears twice in `days`: each date counts once
 *   (DT criterion: one compensatory rest per day worked where Sunday and holidays coincide; verify).
 * - A night shift belongs to the day it starts, as the engine attributes its marks and stores it: a
 *   Saturday 22:00–06:00 shift is a Saturday worked and owes nothing, though its last six hours are on the
 *   Sunday by the clock (they still count for the Sunday surcharge and the legal report c), which go by
 *   the clock); a Sunday 22:00–06:00 shift is a Sunday worked and owes a day. One day worked owes at
 *   most one day of rest.
 */
export function compensatoryRestOwed(days: readonly CompensatoryRestDay[], worker: { exceptedFromSundayRest: boolean }): CompensatoryRestOwed {
  const owed: CompensatoryRestOwed = { days: 0, sundays: 0, holidays: 0, dates: [] };
  if (!worker.exceptedFromSundayRest) return owed;
  const counted = new Set<LocalDate>();
  for (const day of [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    if (!WORKED_DAY_STATUSES.includes(day.status) || counted.has(day.date)) continue;
    const sunday = isoWeekday(day.date) === 7;
    if (!sunday && !day.holiday) continue;
    counted.add(day.date);
    owed.days++;
    if (sunday) owed.sundays++;
    else owed.holidays++;
    owed.dates.push(day.date);
  }
  return owed;
}
