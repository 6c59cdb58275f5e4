/**
 * Sunday rest of workers excepted from it (art. 38 CT): at least two of the month's rest days must be
 * Sundays (art. 38 inc. 4), plus seven more Sundays off a year (art. 38 bis). Both rules leave out the same
 * workers, decided here once for the plan alerts and the legal report c).
 */
import { isoWeekday, toDayNumber, type LocalDate } from './calendar/local-date';

/**
 * When a worker is excepted from Sunday and holiday rest (art. 38): the first and last day the exception is
 * in force on the contract, inclusive; a null bound is the contract's own (null and null: the whole contract).
 * A contract changes (a worker moves to a store that opens on Sundays, or leaves it), and what a day owes
 * follows the exception in force on that day, never today's.
 */
export interface SundayRestException {
  from: LocalDate | null;
  to: LocalDate | null;
}

/**
 * Whether the exception from Sunday rest is in force on `date`: `true` for the whole contract, `false`,
 * null or undefined never, and a range on the days within it.
 */
export function exceptedFromSundayRestOn(exception: boolean | SundayRestException | null | undefined, date: LocalDate): boolean {
  if (exception === true) return true;
  if (!exception) return false;
  return (exception.from === null || date >= exception.from) && (exception.to === null || date <= exception.to);
}

/**
 * The exception as the engine reads it from the contract's flag and dates: false when the flag is off,
 * true when it has no dates (the whole contract), else its range.
 */
export function sundayRestExceptionOf(excepted: boolean, from: LocalDate | null, to: LocalDate | null): boolean | SundayRestException {
  if (!excepted) return false;
  return from === null && to === null ? true : { from, to };
}

/** Whether the exception is in force on some day of `from`..`to` (inclusive). */
export function exceptedFromSundayRestWithin(exception: boolean | SundayRestException | null | undefined, from: LocalDate, to: LocalDate): boolean {
  if (exception === true) return true;
  if (!exception) return false;
  return (exception.from === null || exception.from <= to) && (exception.to === null || exception.to >= from);
}

/** Sundays of a calendar month that must be rest days (art. 38 inc. 4). */
export const MIN_SUNDAYS_OFF_PER_MONTH = 2;
/** Sundays off a year beyond the two a month (art. 38 bis). */
export const EXTRA_SUNDAYS_OFF_PER_YEAR = 7;
/** An ordinary jornada of this many weekly hours or fewer is outside both rules. */
const MAX_EXCLUDED_WEEKLY_HOURS = 20;
/** A contract of this many days or fewer is outside both rules. */
const MAX_EXCLUDED_CONTRACT_DAYS = 30;

/** Why a worker is outside the Sunday-rest rules of art. 38 inc. 4 and 38 bis. */
export type SundayRestExclusion = 'jornada_hasta_20_horas' | 'contrato_hasta_30_dias' | 'solo_fines_de_semana';

/** What the exclusion depends on: the contract and the days the worker works in the month. */
interface SundayRestFacts {
  /** Agreed ordinary weekly hours in force (null: not recorded, so not known to be 20 or fewer). */
  agreedWeeklyHours: number | null;
  /** First and last day of the contract (last null: indefinite). */
  contractFrom: LocalDate;
  contractTo: LocalDate | null;
  /**
   * The dates the worker works (or is planned to work) in the month. The contract records no «weekend only»
   * hiring, so it is derived: some work, and all of it on Saturdays, Sundays or holidays.
   */
  workDates: readonly LocalDate[];
  isHoliday: (date: LocalDate) => boolean;
}

/**
 * Whether (and why) a worker is outside the two-Sundays-a-month rule and the seven extra Sundays a year:
 * «no se aplicará respecto de los trabajadores que se contraten por un plazo de treinta días o menos, y de
 * aquellos cuya jornada ordinaria no sea superior a veinte horas semanales o se contraten exclusivamente para
 * trabajar los días sábado, domingo o festivos» (art. 38 inc. 4). Null: the rules apply.
 */
export function sundayRestExclusion(facts: SundayRestFacts): SundayRestExclusion | null {
  if (facts.agreedWeeklyHours !== null && facts.agreedWeeklyHours <= MAX_EXCLUDED_WEEKLY_HOURS) return 'jornada_hasta_20_horas';
  if (facts.contractTo !== null && toDayNumber(facts.contractTo) - toDayNumber(facts.contractFrom) + 1 <= MAX_EXCLUDED_CONTRACT_DAYS) return 'contrato_hasta_30_dias';
  if (facts.workDates.length > 0 && facts.workDates.every((d) => isoWeekday(d) >= 6 || facts.isHoliday(d))) return 'solo_fines_de_semana';
  return null;
}

/**
 * Sundays off of a year beyond the two of each month (art. 38 bis: seven a year «adicionales» to the
 * monthly two): the sum over the months of the Sundays off past two. `restSundaysByMonth`: the count of
 * each month taken into account.
 */
export function extraSundaysOff(restSundaysByMonth: readonly number[]): number {
  let extra = 0;
  for (const n of restSundaysByMonth) extra += Math.max(0, n - MIN_SUNDAYS_OFF_PER_MONTH);
  return extra;
}

/** «1 domingo», «2 domingos». */
export function sundaysText(n: number): string {
  return n === 1 ? '1 domingo' : `${n} domingos`;
}
