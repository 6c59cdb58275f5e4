/**
 * Local (civil) dates as `'YYYY-MM-DD'` strings. A local date names a day of a site's calendar,
 * never an instant; arithmetic runs on day numbers (days since 1970-01-01) so it never allocates
 * a Date and never assumes 24-hour days.
 */

/** A civil date `'YYYY-MM-DD'` of some time zone's calendar. */
export type LocalDate = string;

/** ISO day of week: 1 = Monday ... 7 = Sunday. */
type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Number of days of a month (1-12) of a Gregorian year; needed to validate and to walk months. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** True for Gregorian leap years. */
function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** True when the text is an existing calendar date written `YYYY-MM-DD`. */
export function isValidLocalDate(text: unknown): text is LocalDate {
  if (typeof text !== 'string') return false;
  const match = DATE_SHAPE.exec(text);
  if (!match) return false;
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(Number(match[1]), month);
}

/** Days since 1970-01-01 of a civil date (proleptic Gregorian), so dates can be compared and added as integers. */
export function daysFromCivil(year: number, month: number, day: number): number {
  // H. Hinnant's days_from_civil: exact for every Gregorian date, no Date object.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Civil date parts of a day number; the inverse of daysFromCivil. */
export function civilFromDays(dayNumber: number): { year: number; month: number; day: number } {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Writes date parts as `YYYY-MM-DD`; the one place that formats a LocalDate. */
export function formatLocalDate(year: number, month: number, day: number): LocalDate {
  const y = year < 1000 ? String(year).padStart(4, '0') : String(year);
  return `${y}-${pad2(month)}-${pad2(day)}`;
}

/** Day number of a `YYYY-MM-DD` date; throws on malformed input because callers validate at the edge. */
export function toDayNumber(date: LocalDate): number {
  // Hot path: read digits by char code instead of a regex.
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) {
    throw new RangeError(`Fecha inválida: ${date}`);
  }
  const year = digits(date, 0, 4);
  const month = digits(date, 5, 7);
  const day = digits(date, 8, 10);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) throw new RangeError(`Fecha inválida: ${date}`);
  return daysFromCivil(year, month, day);
}

function digits(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) throw new RangeError(`Fecha inválida: ${text}`);
    n = n * 10 + c;
  }
  return n;
}

// Day numbers 1970..2243 map to one shared string each: evaluations look dates up in maps, and a
// string reused is hashed once.
const DATE_CACHE_SIZE = 100_000;
const dateStrings: (LocalDate | undefined)[] = new Array<LocalDate | undefined>(DATE_CACHE_SIZE);

/** The `YYYY-MM-DD` date of a day number. */
export function fromDayNumber(dayNumber: number): LocalDate {
  const cacheable = dayNumber >= 0 && dayNumber < DATE_CACHE_SIZE && Number.isInteger(dayNumber);
  if (cacheable) {
    const cached = dateStrings[dayNumber];
    if (cached !== undefined) return cached;
  }
  const { year, month, day } = civilFromDays(dayNumber);
  const date = formatLocalDate(year, month, day);
  if (cacheable) dateStrings[dayNumber] = date;
  return date;
}

/** The date `days` calendar days after (or before, if negative) the given one. */
export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function diffDays(from: LocalDate, to: LocalDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** ISO weekday of a day number (1 = Monday ... 7 = Sunday). */
export function weekdayOfDayNumber(dayNumber: number): IsoWeekday {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1 as IsoWeekday;
}

/** ISO weekday of a date (1 = Monday ... 7 = Sunday); weeks in Chilean labour law run Monday to Sunday. */
export function isoWeekday(date: LocalDate): IsoWeekday {
  return weekdayOfDayNumber(toDayNumber(date));
}

/** The Monday that starts the (Monday-to-Sunday) week containing the date. */
export function weekStart(date: LocalDate): LocalDate {
  const n = toDayNumber(date);
  return fromDayNumber(n - (weekdayOfDayNumber(n) - 1));
}

/** Every date from `from` to `to`, both included, in order; empty when `to` is before `from`. */
export function eachDate(from: LocalDate, to: LocalDate): LocalDate[] {
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  const out: LocalDate[] = [];
  for (let n = first; n <= last; n++) out.push(fromDayNumber(n));
  return out;
}

/** First and last date of a payroll period written `YYYYMM` (the format payroll importers use). */
export function periodBounds(period: string): { from: LocalDate; to: LocalDate } {
  const match = /^(\d{4})(\d{2})$/.exec(period);
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`Periodo inválido: ${period}`);
  return { from: formatLocalDate(year, month, 1), to: formatLocalDate(year, month, daysInMonth(year, month)) };
}
