/**
 * Permissions (permisos, vacaciones, licencias) as the engine reads them, and the unit each is
 * counted in: feriado anual in business days (art. 67 and 69: Saturdays, Sundays and holidays do not
 * count), medical leave in calendar days, hour permissions in hours. A permission justifies whole
 * days, or an hour range within each of its days.
 */
import { holidayLookup, type HolidayLookup } from './calendar/holidays';
import { isValidLocalDate, toDayNumber, fromDayNumber, weekdayOfDayNumber, type LocalDate } from './calendar/local-date';
import { DEFAULT_TIME_ZONE, localToInstant, parseClockTime } from './time-zone';

/** Unit in which a permission is counted and reported. */
export type PermissionUnit = 'dias_habiles' | 'dias_corridos' | 'horas';

/** Units of the permission types the law fixes: vacaciones in business days (art. 69), licencia médica in calendar days. */
const DEFAULT_PERMISSION_UNITS: Readonly<Record<string, PermissionUnit>> = {
  vacaciones: 'dias_habiles',
  licencia_medica: 'dias_corridos',
};

/** A wall-clock range within a day (`HH:MM[:SS]`); an end at or before the start means the next day. */
export interface HourRange {
  start: string;
  end: string;
}

/** A leave or permission: whole days from `from` to `to`, or an hour range on each of those days. */
export interface Permission {
  id?: string;
  /** Company-defined type, e.g. `vacaciones`, `licencia_medica`, `permiso_con_goce`, `permiso_sin_goce`. */
  type: string;
  /** With pay (con goce de remuneraciones) or without. */
  paid: boolean;
  from: LocalDate;
  to: LocalDate;
  /**
   * Hour permission: the range it covers on each date from `from` to `to` (a night shift's range may
   * end the next day). It justifies the lateness, early leave or absence within the range. Absent or
   * null: the permission covers whole days.
   */
  hours?: HourRange | null;
  /** How it is counted; by default hours for hour permissions, then `DEFAULT_PERMISSION_UNITS`, else calendar days. */
  unit?: PermissionUnit;
}

/** The unit a permission is counted in. */
export function permissionUnit(permission: Pick<Permission, 'type'> & Partial<Pick<Permission, 'hours' | 'unit'>>): PermissionUnit {
  if (permission.hours) return 'horas';
  if (permission.unit && permission.unit !== 'horas') return permission.unit;
  return DEFAULT_PERMISSION_UNITS[permission.type] ?? 'dias_corridos';
}

const nationalHolidays = holidayLookup();

/** A business day (día hábil) for the feriado anual: Monday to Friday and not a holiday (art. 69: Saturday is always inhábil). */
export function isBusinessDay(date: LocalDate, holidays: HolidayLookup = nationalHolidays): boolean {
  return weekdayOfDayNumber(toDayNumber(date)) <= 5 && holidays(date) === undefined;
}

/** Business days from `from` to `to`, both included (0 when `to` is earlier); holidays of the site's calendar. */
export function businessDaysBetween(from: LocalDate, to: LocalDate, holidays: HolidayLookup = nationalHolidays): number {
  const first = toDayNumber(from);
  const last = toDayNumber(to);
  let count = 0;
  for (let n = first; n <= last; n++) {
    if (weekdayOfDayNumber(n) <= 5 && holidays(fromDayNumber(n)) === undefined) count++;
  }
  return count;
}

/**
 * Last date of a feriado that starts on `from` and takes `businessDays` business days: Saturdays,
 * Sundays and holidays in between extend it (15 business days from Monday 2026-09-14 end on Monday
 * 2026-10-05, skipping the 18 of September and three weekends). A start on a non-business day counts
 * from the next business day. Throws RangeError unless `businessDays` is a positive integer.
 */
export function vacationEndDate(from: LocalDate, businessDays: number, holidays: HolidayLookup = nationalHolidays): LocalDate {
  if (!(Number.isInteger(businessDays) && businessDays > 0 && businessDays <= 3660)) throw new RangeError(`Días hábiles inválidos: ${businessDays}`);
  let n = toDayNumber(from);
  let left = businessDays;
  for (;;) {
    if (weekdayOfDayNumber(n) <= 5 && holidays(fromDayNumber(n)) === undefined && --left === 0) return fromDayNumber(n);
    n++;
  }
}

/** Real seconds an hour range covers on a date in a zone (DST changes included), and its instants. */
export function hourRangeOn(range: HourRange, date: LocalDate, zone: string = DEFAULT_TIME_ZONE): { start: number; end: number } {
  const start = parseClockTime(range.start);
  const end = parseClockTime(range.end);
  if (start === null || end === null || start === 86_400) throw new RangeError(`Rango horario inválido: ${range.start}–${range.end}`);
  const endOffset = end > start ? end : end + 86_400;
  return { start: localToInstant(zone, date, start), end: localToInstant(zone, date, endOffset) };
}

/**
 * How much of its unit a permission takes: business days, calendar days, or hours (the real length
 * of its range on each of its dates, in the site's zone).
 */
export function permissionAmount(
  permission: Permission,
  { holidays = nationalHolidays, zone = DEFAULT_TIME_ZONE }: { holidays?: HolidayLookup; zone?: string } = {},
): { unit: PermissionUnit; amount: number } {
  const unit = permissionUnit(permission);
  const first = toDayNumber(permission.from);
  const last = toDayNumber(permission.to);
  if (unit === 'dias_habiles') return { unit, amount: businessDaysBetween(permission.from, permission.to, holidays) };
  if (unit === 'dias_corridos' || !permission.hours) return { unit, amount: Math.max(0, last - first + 1) };
  let ms = 0;
  for (let n = first; n <= last; n++) {
    const range = hourRangeOn(permission.hours, fromDayNumber(n), zone);
    ms += range.end - range.start;
  }
  return { unit, amount: ms / 3_600_000 };
}

/** Spanish problems of a permission (empty when valid), to refuse it before it is stored. */
export function validatePermission(permission: Permission): string[] {
  const errors: string[] = [];
  if (!isValidLocalDate(permission.from)) errors.push('La fecha de inicio del permiso no es válida.');
  if (!isValidLocalDate(permission.to)) errors.push('La fecha de término del permiso no es válida.');
  if (errors.length === 0 && permission.to < permission.from) errors.push('La fecha de término del permiso no puede ser anterior a la de inicio.');
  if (permission.hours) {
    const start = parseClockTime(permission.hours.start);
    const end = parseClockTime(permission.hours.end);
    if (start === null || start === 86_400) errors.push('La hora de inicio del permiso no es válida (use HH:MM).');
    if (end === null) errors.push('La hora de término del permiso no es válida (use HH:MM).');
    if (start !== null && end !== null && start === end) errors.push('El permiso por horas debe durar más de cero minutos.');
    if (permission.unit !== undefined && permission.unit !== 'horas') errors.push('Un permiso por horas se cuenta en horas.');
  } else if (permission.unit === 'horas') {
    errors.push('Un permiso en horas necesita su horario de inicio y término.');
  }
  return errors;
}

/** The wall-clock spans (seconds on a day-number axis) a permission covers between two day numbers. */
function coveredSpans(permission: Permission, fromDay: number, toDay: number): Array<[number, number]> {
  const first = Math.max(toDayNumber(permission.from), fromDay);
  const last = Math.min(toDayNumber(permission.to), toDay);
  if (last < first) return [];
  if (!permission.hours) return [[first * 86_400, (last + 1) * 86_400]];
  const start = parseClockTime(permission.hours.start);
  const end = parseClockTime(permission.hours.end);
  if (start === null || end === null) return [];
  const endOffset = end > start ? end : end + 86_400;
  const spans: Array<[number, number]> = [];
  for (let n = first; n <= last; n++) spans.push([n * 86_400 + start, n * 86_400 + endOffset]);
  return spans;
}

/**
 * Whether two permissions of one worker cover a common moment: their dates meet and one of them
 * covers whole days, or their hour ranges meet (an hour range that crosses midnight reaches into the
 * next date, so a night permission can meet the next day's). Wall-clock time: a DST change does not
 * move a range.
 */
export function permissionsOverlap(a: Permission, b: Permission): boolean {
  const aFirst = toDayNumber(a.from);
  const aLast = toDayNumber(a.to);
  const bFirst = toDayNumber(b.from);
  const bLast = toDayNumber(b.to);
  // A range that ends the next day reaches one date further.
  if (aLast + 1 < bFirst || bLast + 1 < aFirst) return false;
  const windowFirst = Math.max(aFirst, bFirst) - 1;
  const windowLast = Math.min(aLast, bLast) + 1;
  const aSpans = coveredSpans(a, windowFirst, windowLast);
  const bSpans = coveredSpans(b, windowFirst, windowLast);
  return aSpans.some(([aStart, aEnd]) => bSpans.some(([bStart, bEnd]) => aStart < bEnd && bStart < aEnd));
}
