/**
 * Compensatory rest of the workers excepted from Sunday and holiday rest (art. 38 inc. 3 CT): the
 * excepted companies «deberán otorgar un día de descanso a la semana en compensación a las actividades
 * desarrolladas en día domingo, y otro por cada festivo en que los trabajadores debieron prestar
 * servicios». The weekly rest compensates the Sunday; each holiday worked owes another day. Counted from
 * the days the engine evaluated. The two Sundays of rest a month (art. 38 inc. 4) are another rule
 * (sunday-rest.ts).
 */
import { addDays, isoWeekday, type LocalDate } from './calendar/local-date';
import type { DayStatus } from './day-result';
import { exceptedFromSundayRestOn, type SundayRestException } from './sunday-rest';

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
  /** Days owed: one per holiday worked, and one per Sunday worked at the end of a week without rest. */
  days: number;
  /** Of them, Sundays that ended a week worked whole (a holiday on a Sunday included). */
  sundays: number;
  /** Of them, holidays on another weekday. */
  holidays: number;
  /** The dates that owe a day, in order. */
  dates: LocalDate[];
}

/**
 * The compensatory rest days owed (art. 38 inc. 3) for a worker's evaluated days. Only a worker excepted from
 * Sunday and holiday rest (art. 38) is owed any: for anyone else a holiday lifts the shift and work on it is
 * overtime (art. 35 and 32), and a Sunday is their weekly rest.
 *
 * - A Sunday worked is compensated by «un día de descanso a la semana»: the week's rest day. It owes a day only
 *   when the six days before it (Monday to Saturday) were all worked; a week with a rest day (`libre`) or a day
 *   not worked has had its compensation. A day missing from `days` (before the period read) is taken as
 *   compensated: no day is claimed on what is not known.
 * - A holiday worked on another weekday always owes a day: its rest is «otro» day, beyond the weekly rest (DT,
 *   Ord. 4697/271: it cannot be taken from the schedule's rest days).
 * - A holiday on a Sunday is a Sunday: one day worked, at most one day of rest. A date that appears twice in
 *   `days` counts once.
 * - A night shift belongs to the day it starts, as the engine attributes its marks and stores it: a
 *   Saturday 22:00–06:00 shift is a Saturday worked, though its last six hours are on the Sunday by the clock
 *   (they still count for the Sunday surcharge and the legal report c), which go by the clock); a Sunday
 *   22:00–06:00 shift is a Sunday worked.
 *
 * - **On the day**: a date owes only when the exception is in force on it (`exceptedFromSundayRest`: `true` for the
 *   whole contract, or its dates); a Sunday or holiday worked before or after it owes nothing here.
 *
 * `from`, when given, is where the count starts: earlier days only tell whether the first Sundays ended a week
 * without rest.
 */
export function compensatoryRestOwed(days: readonly CompensatoryRestDay[], worker: { exceptedFromSundayRest: boolean | SundayRestException }, from?: LocalDate): CompensatoryRestOwed {
  const owed: CompensatoryRestOwed = { days: 0, sundays: 0, holidays: 0, dates: [] };
  if (!worker.exceptedFromSundayRest) return owed;
  const byDate = new Map<LocalDate, CompensatoryRestDay>();
  for (const day of days) if (!byDate.has(day.date) || WORKED_DAY_STATUSES.includes(day.status)) byDate.set(day.date, day);
  const worked = (date: LocalDate): boolean => {
    const day = byDate.get(date);
    return day !== undefined && WORKED_DAY_STATUSES.includes(day.status);
  };
  for (const date of [...byDate.keys()].sort()) {
    if (!worked(date) || (from !== undefined && date < from) || !exceptedFromSundayRestOn(worker.exceptedFromSundayRest, date)) continue;
    if (isoWeekday(date) === 7) {
      if (![1, 2, 3, 4, 5, 6].every((k) => worked(addDays(date, -k)))) continue;
      owed.sundays++;
    } else if (byDate.get(date)!.holiday) {
      owed.holidays++;
    } else continue;
    owed.days++;
    owed.dates.push(date);
  }
  return owed;
}

/**
 * Days after a date owed within which its compensatory rest must be granted (art. 38 inc. 3: «un día de
 * descanso a la semana»). The law names the week and the DT fixes no other term for the holiday's day, so
 * the reading that protects the worker is used for both: the seven days that follow the Sunday or holiday
 * worked (verificar).
 */
export const COMPENSATORY_REST_TERM_DAYS = 7;

/** A date owed whose compensatory rest was not granted within its term. */
export interface UncompensatedRest {
  /** The Sunday or holiday worked. */
  date: LocalDate;
  kind: 'domingo' | 'festivo';
  /** The term's last day: the date plus `COMPENSATORY_REST_TERM_DAYS`. */
  termEnd: LocalDate;
}

/** What may grant a compensatory day: the plan's rest days and the compensatory-rest permissions (`D.C.38`). */
export interface CompensatoryRestGrants {
  /** Dates the plan gives as rest (`libre`). */
  restDays: readonly LocalDate[];
  /** The worker's approved compensatory-rest permissions; one with an hour range is not a day of rest. */
  permissions: readonly { from: LocalDate; to: LocalDate; hours?: unknown }[];
}

/**
 * The dates owed (`compensatoryRestOwed(...).dates`) whose compensatory day was not granted within the seven
 * days after them, once that term is over on `today` (a term still running is not reported):
 *
 * - **A whole day**: a compensatory-rest permission counts on each of its days, but only without an hour range:
 *   hours off are not «un día de descanso».
 * - **A Sunday** is compensated by a rest day of the plan or a compensatory-rest permission within its term.
 * - **A holiday** only by a compensatory-rest permission: its day is «otro», and the DT does not let it be taken
 *   from the rest days of the schedule (Ord. 4697/271).
 * - **Each day once**: a day of rest compensates one date owed. Holidays take the permission days first (nothing
 *   else serves them), then each Sunday the earliest rest day, then the earliest permission day, in its term.
 */
export function uncompensatedRest(owedDates: readonly LocalDate[], grants: CompensatoryRestGrants, today: LocalDate): UncompensatedRest[] {
  const permissionDays = new Set<LocalDate>();
  for (const p of grants.permissions) {
    if (p.hours) continue;
    for (let d = p.from; d <= p.to; d = addDays(d, 1)) permissionDays.add(d);
  }
  const restDays = new Set(grants.restDays);
  const used = new Set<LocalDate>();
  const take = (days: ReadonlySet<LocalDate>, date: LocalDate): boolean => {
    for (let k = 1; k <= COMPENSATORY_REST_TERM_DAYS; k++) {
      const d = addDays(date, k);
      if (days.has(d) && !used.has(d)) {
        used.add(d);
        return true;
      }
    }
    return false;
  };
  const owed = [...new Set(owedDates)].sort().map((date) => ({ date, kind: isoWeekday(date) === 7 ? ('domingo' as const) : ('festivo' as const), termEnd: addDays(date, COMPENSATORY_REST_TERM_DAYS) }));
  const granted = new Set<LocalDate>();
  for (const o of owed) if (o.kind === 'festivo' && take(permissionDays, o.date)) granted.add(o.date);
  for (const o of owed) if (o.kind === 'domingo' && (take(restDays, o.date) || take(permissionDays, o.date))) granted.add(o.date);
  return owed.filter((o) => !granted.has(o.date) && o.termEnd < today);
}

const dayMonthYear = (date: LocalDate): string => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;

/**
 * The alert's text, naming the worker and the date: «Ana Pérez trabajó el domingo 10-05-2026 y no se le otorgó su
 * día de descanso compensatorio hasta el 17-05-2026 (art. 38 inc. 3).»
 */
export function uncompensatedRestText(worker: string, date: LocalDate): string {
  const kind = isoWeekday(date) === 7 ? 'domingo' : 'festivo';
  return `${worker} trabajó el ${kind} ${dayMonthYear(date)} y no se le otorgó su día de descanso compensatorio hasta el ${dayMonthYear(addDays(date, COMPENSATORY_REST_TERM_DAYS))} (art. 38 inc. 3).`;
}

/** The dates owed split by art. 38 inc. 5: the rest days kept as rest, and those past one a week paid under an agreement. */
export interface CompensatoryRestSplit {
  /** Granted as rest (they count in the D.C.38 balance). */
  rest: LocalDate[];
  /** Paid instead, at no less than the overtime rate (art. 32): out of the balance, into payroll. */
  paid: LocalDate[];
}

/**
 * Art. 38 inc. 5: «Cuando se acumule más de un día de descanso en la semana por aplicación de los incisos
 * tercero y cuarto, las partes podrán acordar una especial forma de distribución o de remuneración de los días de
 * descanso que excedan de uno semanal. En este último caso, la remuneración no podrá ser inferior a la prevista en
 * el artículo 32.» Per Monday–Sunday week of the dates owed, the first stays a rest day; the others exceed one a
 * week and, under a written agreement to pay them (`agreementSignedOn`, the day it was signed), are paid when they
 * fall on or after that day. Without an agreement every date stays a rest day: the law lets the parties agree,
 * it does not let the employer pay the rest instead.
 */
export function splitCompensatoryRest(owedDates: readonly LocalDate[], agreementSignedOn: LocalDate | null): CompensatoryRestSplit {
  const split: CompensatoryRestSplit = { rest: [], paid: [] };
  const seenWeeks = new Set<LocalDate>();
  for (const date of [...new Set(owedDates)].sort()) {
    const monday = addDays(date, 1 - isoWeekday(date));
    const first = !seenWeeks.has(monday);
    seenWeeks.add(monday);
    if (!first && agreementSignedOn !== null && date >= agreementSignedOn) split.paid.push(date);
    else split.rest.push(date);
  }
  return split;
}
