import { addDays, daysInMonth, formatLocalDate, isoWeekday, weekStart, type LocalDate } from '@jornada/domain';

/** ISO weekday 1..7 (Monday first, as Chilean labour weeks run). */
const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;
/** Two letters: a lone "L" would read as "libre" in the grid. */
const WEEKDAY_SHORT = ['lu', 'ma', 'mi', 'ju', 'vi', 'sá', 'do'] as const;
const MONTH_NAMES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function weekdayName(date: LocalDate): string {
  return WEEKDAY_NAMES[isoWeekday(date) - 1]!;
}

export function weekdayShort(date: LocalDate): string {
  return WEEKDAY_SHORT[isoWeekday(date) - 1]!;
}

/** "Lunes 3 de noviembre" */
export function longDayLabel(date: LocalDate): string {
  const month = Number(date.slice(5, 7));
  return `${capitalize(weekdayName(date))} ${Number(date.slice(8, 10))} de ${MONTH_NAMES[month - 1]}`;
}

/** "noviembre de 2026" */
export function monthLabel(year: number, month: number): string {
  return `${MONTH_NAMES[month - 1]} de ${year}`;
}

/** `aaaa-mm-dd` as `dd-mm` (column tooltips); the full `dd-mm-aaaa` lives in lib/format. */
export function shortDate(date: LocalDate): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}`;
}

/** `HH:MM` wall-clock text of a `HH:MM[:SS]` time. */
function clock(text: string): string {
  return text.slice(0, 5);
}

/** Compact hours for a cell: "09–18", "09:30–18", "22–06". */
export function compactRange(start: string, end: string): string {
  const part = (text: string) => (text.slice(3, 5) === '00' ? text.slice(0, 2) : clock(text));
  return `${part(start)}–${part(end)}`;
}

/** "09:00–18:00" */
export function fullRange(start: string, end: string): string {
  return `${clock(start)}–${clock(end)}`;
}

/** Seconds as `HH:MM` (44:30); negative values keep their sign. */
export function hoursMinutes(seconds: number): string {
  const sign = seconds < 0 ? '-' : '';
  const total = Math.round(Math.abs(seconds) / 60);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export interface MonthDay {
  date: LocalDate;
  day: number;
  weekday: number;
}

/** A week (Monday..Sunday) touching the month: its days inside the month are what the grid shows. */
export interface MonthWeek {
  monday: LocalDate;
  sunday: LocalDate;
  /** Index of the week in the month (0-based). */
  index: number;
}

export type GridColumn = { kind: 'day'; date: LocalDate; day: number; weekday: number; week: number } | { kind: 'week'; week: number };

export interface MonthLayout {
  year: number;
  month: number;
  first: LocalDate;
  last: LocalDate;
  days: MonthDay[];
  weeks: MonthWeek[];
  /** Days with a weekly total after each Sunday (and after the last day of the month). */
  columns: GridColumn[];
  /** The range to load so every week touching the month is complete (Monday before the 1st .. Sunday after the last day). */
  loadFrom: LocalDate;
  loadTo: LocalDate;
}

/** The grid's columns for a month: each day, and the total of its week after the week's last shown day. */
export function monthLayout(year: number, month: number): MonthLayout {
  const count = daysInMonth(year, month);
  const first = formatLocalDate(year, month, 1);
  const last = formatLocalDate(year, month, count);
  const days: MonthDay[] = [];
  const weeks: MonthWeek[] = [];
  const columns: GridColumn[] = [];
  for (let day = 1; day <= count; day++) {
    const date = formatLocalDate(year, month, day);
    const weekday = isoWeekday(date);
    if (day === 1 || weekday === 1) {
      const monday = weekStart(date);
      weeks.push({ monday, sunday: addDays(monday, 6), index: weeks.length });
    }
    const week = weeks.length - 1;
    days.push({ date, day, weekday });
    columns.push({ kind: 'day', date, day, weekday, week });
    if (weekday === 7 || day === count) columns.push({ kind: 'week', week });
  }
  return { year, month, first, last, days, weeks, columns, loadFrom: weekStart(first), loadTo: addDays(weekStart(last), 6) };
}

/** `YYYY-MM` of a year and month. */
export function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Parses `YYYY-MM` (a URL parameter); null when malformed. */
export function parseMonthKey(text: string | null | undefined): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return month >= 1 && month <= 12 && year >= 2000 && year <= 2100 ? { year, month } : null;
}

export function shiftMonth(year: number, month: number, delta: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Days in a month (1..12). */
export function daysInMonthOf(year: number, month: number): number {
  return daysInMonth(year, month);
}
