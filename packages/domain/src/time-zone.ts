/**
 * Time zones without a date library. Instants are UTC epoch milliseconds (plain numbers: no
 * allocation, cheap comparisons). Offsets come from the runtime's Intl (IANA tzdata bundled with
 * Node's ICU), read once per zone and year into a transition table; after that every conversion is
 * arithmetic, so the evaluation's hot loop never calls Intl.
 *
 * Local wall times that do not exist (the spring-forward gap) move forward by the gap's length and
 * ambiguous ones (the fall-back overlap) take the earlier instant: the rule of Temporal's
 * `disambiguation: 'compatible'`, and of most calendars. That rule is for times the engine derives
 * (shift templates); for a time a person typed, `resolveLocalTime` says whether it exists and
 * whether it happens twice, so the caller can ask instead of guessing.
 */
import { civilFromDays, daysFromCivil, formatLocalDate, toDayNumber, type LocalDate } from './calendar/local-date';

/** Sites without a configured zone are in continental Chile. */
export const DEFAULT_TIME_ZONE = 'America/Santiago';

/** Epoch milliseconds (UTC). */
export type Instant = number;

/** How to resolve a local time the fall-back overlap makes happen twice. */
type Disambiguation = 'earlier' | 'later';

const CLOCK = /^([01]\d|2[0-4]):([0-5]\d)(?::([0-5]\d))?$/;

/** Seconds since midnight of an `HH:MM[:SS]` wall-clock time, or null when malformed (`24:00` only as exactly that). */
export function parseClockTime(text: string): number | null {
  const match = CLOCK.exec(text);
  if (!match) return null;
  const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
  return seconds > 86_400 ? null : seconds;
}

const MS_DAY = 86_400_000;

interface YearTable {
  /** Offset (ms, east positive) in force at the year's first UTC instant. */
  startOffset: number;
  /** Instants where the offset changes, ascending, with the offset from then on. */
  at: number[];
  offset: number[];
}

class ZoneTable {
  private readonly format: Intl.DateTimeFormat;
  private readonly years = new Map<number, YearTable>();

  constructor(readonly zone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
  }

  /** Offset read from Intl; slow, used only to build the tables. */
  private intlOffset(ms: number): number {
    const whole = ms - (((ms % 1000) + 1000) % 1000);
    let year = 0;
    let month = 0;
    let day = 0;
    let hour = 0;
    let minute = 0;
    let second = 0;
    let bc = false;
    for (const part of this.format.formatToParts(whole)) {
      switch (part.type) {
        case 'year': year = Number(part.value); break;
        case 'month': month = Number(part.value); break;
        case 'day': day = Number(part.value); break;
        case 'hour': hour = Number(part.value); break;
        case 'minute': minute = Number(part.value); break;
        case 'second': second = Number(part.value); break;
        case 'era': bc = part.value.startsWith('B'); break;
        default: break;
      }
    }
    if (bc) year = 1 - year;
    const wall = daysFromCivil(year, month, day) * MS_DAY + ((hour * 60 + minute) * 60 + second) * 1000;
    return wall - whole;
  }

  private yearTable(year: number): YearTable {
    let table = this.years.get(year);
    if (table) return table;
    const start = daysFromCivil(year, 1, 1) * MS_DAY;
    const end = daysFromCivil(year + 1, 1, 1) * MS_DAY;
    const startOffset = this.intlOffset(start);
    const at: number[] = [];
    const offset: number[] = [];
    // Sample daily (zones change offset at most a few times a year, never twice in a day), then
    // bisect each change to the second.
    let previousMs = start;
    let previous = startOffset;
    for (let ms = start + MS_DAY; ; ms += MS_DAY) {
      const sample = ms >= end ? end : ms;
      const current = this.intlOffset(sample);
      if (current !== previous) {
        let lo = previousMs;
        let hi = sample;
        while (hi - lo > 1000) {
          const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
          if (this.intlOffset(mid) === previous) lo = mid;
          else hi = mid;
        }
        if (hi < end) {
          at.push(hi);
          offset.push(current);
        }
      }
      previousMs = sample;
      previous = current;
      if (sample >= end) break;
    }
    table = { startOffset, at, offset };
    this.years.set(year, table);
    return table;
  }

  // The year last looked up: nearly every call in an evaluation hits it.
  private lastStart = 1;
  private lastEnd = 0;
  private last: YearTable | undefined;

  /** The first offset change in (from, to], or null when there is none. */
  changeWithin(from: number, to: number): number | null {
    const last = civilYearOf(Math.floor(to / MS_DAY));
    for (let year = civilYearOf(Math.floor(from / MS_DAY)); year <= last; year++) {
      for (const at of this.yearTable(year).at) if (at > from && at <= to) return at;
    }
    return null;
  }

  /** Offset in ms (east positive) in force at an instant. */
  offsetAt(ms: number): number {
    let table = this.last;
    if (table === undefined || ms < this.lastStart || ms >= this.lastEnd) {
      const year = civilYearOf(Math.floor(ms / MS_DAY));
      table = this.yearTable(year);
      this.last = table;
      this.lastStart = daysFromCivil(year, 1, 1) * MS_DAY;
      this.lastEnd = daysFromCivil(year + 1, 1, 1) * MS_DAY;
    }
    const { at } = table;
    if (at.length === 0 || ms < at[0]!) return table.startOffset;
    let i = at.length - 1;
    while (ms < at[i]!) i--;
    return table.offset[i]!;
  }
}

function civilYearOf(dayNumber: number): number {
  // Fast path for 1970..2099 style dates: estimate, then correct by at most one year.
  let year = 1970 + Math.floor(dayNumber / 365.2425);
  if (daysFromCivil(year, 1, 1) > dayNumber) year--;
  else if (daysFromCivil(year + 1, 1, 1) <= dayNumber) year++;
  return year;
}

const tables = new Map<string, ZoneTable>();

function table(zone: string): ZoneTable {
  let t = tables.get(zone);
  if (!t) {
    t = new ZoneTable(zone);
    tables.set(zone, t);
  }
  return t;
}

/** True when the runtime knows the IANA zone; validate a site's zone before storing it. */
export function isValidTimeZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** UTC offset in minutes (east positive, e.g. -240 for UTC-4) of a zone at an instant. */
export function zoneOffsetMinutes(zone: string, instant: Instant): number {
  return table(zone).offsetAt(instant) / 60_000;
}

/** Local date and seconds since local midnight of an instant in a zone; the day a mark happened on. */
export function toLocalDateTime(zone: string, instant: Instant): { date: LocalDate; seconds: number } {
  const wall = instant + table(zone).offsetAt(instant);
  const dayNumber = Math.floor(wall / MS_DAY);
  const { year, month, day } = civilFromDays(dayNumber);
  return { date: formatLocalDate(year, month, day), seconds: Math.floor((wall - dayNumber * MS_DAY) / 1000) };
}

/** Local date of an instant in a zone. */
export function localDateOf(zone: string, instant: Instant): LocalDate {
  return toLocalDateTime(zone, instant).date;
}

/** `HH:MM:SS` local wall-clock time of an instant, for receipts and explanations. */
export function localClockOf(zone: string, instant: Instant): string {
  const { seconds } = toLocalDateTime(zone, instant);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}`;
}

/**
 * Instant of a local wall time (seconds since midnight of a local date; may exceed 86,400 to mean a
 * later day) in a zone. Gap times move forward by the gap; overlap times take `disambiguation`.
 */
export function localToInstant(zone: string, date: LocalDate, secondsOfDay: number, disambiguation: Disambiguation = 'earlier'): Instant {
  return wallToInstant(table(zone), toDayNumber(date) * MS_DAY + secondsOfDay * 1000, disambiguation);
}

function wallToInstant(t: ZoneTable, wall: number, disambiguation: Disambiguation): Instant {
  const before = t.offsetAt(wall - MS_DAY);
  const after = t.offsetAt(wall + MS_DAY);
  if (before === after) return wall - before;
  const first = wall - before;
  const second = wall - after;
  const firstValid = t.offsetAt(first) === before;
  const secondValid = t.offsetAt(second) === after;
  if (firstValid && secondValid) {
    return disambiguation === 'earlier' ? Math.min(first, second) : Math.max(first, second);
  }
  if (firstValid) return first;
  if (secondValid) return second;
  // Spring-forward gap: read the wall time with the offset before the change, which lands it
  // after the change by exactly the gap's length (00:30 in a 00:00->01:00 gap becomes 01:30).
  return first;
}

/** First instant of a local date in a zone (01:00 on a day that skips midnight). */
export function startOfLocalDay(zone: string, date: LocalDate): Instant {
  return localToInstant(zone, date, 0, 'earlier');
}

/** Real length of a local day in seconds: 86,400, or 82,800 / 90,000 on DST change days. */
export function localDayLengthSeconds(zone: string, date: LocalDate): number {
  const n = toDayNumber(date);
  const t = table(zone);
  return (wallToInstant(t, (n + 1) * MS_DAY, 'earlier') - wallToInstant(t, n * MS_DAY, 'earlier')) / 1000;
}

/** Local day number (days since 1970-01-01 of the zone's calendar) of an instant; cheaper than its date string. */
export function localDayNumberOf(zone: string, instant: Instant): number {
  return Math.floor((instant + table(zone).offsetAt(instant)) / MS_DAY);
}

/** First instant of a local day given by its day number. */
export function startOfLocalDayNumber(zone: string, dayNumber: number): Instant {
  return wallToInstant(table(zone), dayNumber * MS_DAY, 'earlier');
}

/** What a typed local time means in a zone: one instant, none (spring-forward gap) or two (fall-back overlap). */
export type LocalTimeResolution =
  | { kind: 'exact'; instant: Instant }
  | {
      kind: 'gap';
      /** Where `localToInstant` would put it: moved forward by the gap's length. */
      instant: Instant;
      /** Wall-clock times (`HH:MM`) the clock jumps from and to that day. */
      jumpsFrom: string;
      jumpsTo: string;
      /** Spanish message for the person who typed it. */
      message: string;
    }
  | {
      kind: 'ambiguous';
      earlier: Instant;
      later: Instant;
      /** UTC offsets of the two occurrences, in minutes (east positive). */
      earlierOffsetMinutes: number;
      laterOffsetMinutes: number;
      /** Spanish message asking which occurrence was meant. */
      message: string;
    };

/** Which occurrence of a time the fall-back overlap makes happen twice, as forms and the API name it. */
type Occurrence = 'primera' | 'segunda';

/** `dd-mm-aaaa`, the way screens write dates, for messages. */
function screenDate(date: LocalDate): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

function clockText(seconds: number): string {
  const s = ((seconds % 86_400) + 86_400) % 86_400;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const base = `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`;
  return sec === 0 ? base : `${base}:${sec < 10 ? '0' : ''}${sec}`;
}

/** `UTC-3`, `UTC-4`, `UTC+5:30` of an offset in milliseconds. */
function utcOffsetText(offsetMs: number): string {
  const minutes = Math.round(offsetMs / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${sign}${h}${m === 0 ? '' : `:${m < 10 ? '0' : ''}${m}`}`;
}

/**
 * Whether a local date and wall time (`HH:MM[:SS]`, or seconds since midnight) exist in a zone, and
 * which instants they name. Throws RangeError for a malformed date or time (validate at the edge).
 */
export function resolveLocalTime(date: LocalDate, time: string | number, zone: string): LocalTimeResolution {
  const seconds = typeof time === 'number' ? time : parseClockTime(time);
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0 || seconds > 86_400) throw new RangeError(`Hora inválida: ${String(time)}`);
  const t = table(zone);
  const wall = toDayNumber(date) * MS_DAY + seconds * 1000;
  const before = t.offsetAt(wall - MS_DAY);
  const after = t.offsetAt(wall + MS_DAY);
  const first = wall - before;
  const second = wall - after;
  const firstValid = t.offsetAt(first) === before;
  const secondValid = t.offsetAt(second) === after;
  if (before === after || firstValid !== secondValid) return { kind: 'exact', instant: firstValid ? first : second };
  const typed = clockText(seconds);
  if (firstValid) {
    const earlier = Math.min(first, second);
    const later = Math.max(first, second);
    const earlierOffset = t.offsetAt(earlier);
    const laterOffset = t.offsetAt(later);
    return {
      kind: 'ambiguous',
      earlier,
      later,
      earlierOffsetMinutes: earlierOffset / 60_000,
      laterOffsetMinutes: laterOffset / 60_000,
      message: `La hora ${typed} del ${screenDate(date)} ocurre dos veces en ${zone} por el cambio de horario (primero en ${utcOffsetText(earlierOffset)} y luego en ${utcOffsetText(laterOffset)}): indique si es la primera o la segunda.`,
    };
  }
  // Spring-forward gap: the change happened after `second` (still the old offset) and by `first`.
  const change = t.changeWithin(second, first) ?? first;
  const jumpsFrom = clockText(Math.round((change + before - Math.floor((change + before) / MS_DAY) * MS_DAY) / 1000));
  const jumpsTo = clockText(Math.round((change + after - Math.floor((change + after) / MS_DAY) * MS_DAY) / 1000));
  return {
    kind: 'gap',
    instant: first,
    jumpsFrom,
    jumpsTo,
    message: `La hora ${typed} del ${screenDate(date)} no existe en ${zone}: ese día el reloj salta de las ${jumpsFrom} a las ${jumpsTo} por el cambio de horario. Indique una hora válida.`,
  };
}

/** A typed local time turned into an instant, or the reason it cannot be (with a Spanish message for a 400). */
type TypedLocalTime =
  | { ok: true; instant: Instant; resolution: LocalTimeResolution['kind'] }
  | { ok: false; code: 'hora_inexistente' | 'hora_ambigua'; message: string; resolution: Exclude<LocalTimeResolution, { kind: 'exact' }> };

/**
 * The instant a person meant by a local date and time: refused when the time does not exist, and
 * when it happens twice unless `occurrence` says which ('primera' or 'segunda'). Throws RangeError
 * for a malformed date or time, like `resolveLocalTime`.
 */
export function typedLocalTime(date: LocalDate, time: string | number, zone: string, occurrence?: Occurrence | null): TypedLocalTime {
  const resolution = resolveLocalTime(date, time, zone);
  if (resolution.kind === 'exact') return { ok: true, instant: resolution.instant, resolution: 'exact' };
  if (resolution.kind === 'gap') return { ok: false, code: 'hora_inexistente', message: resolution.message, resolution };
  if (occurrence === 'primera') return { ok: true, instant: resolution.earlier, resolution: 'ambiguous' };
  if (occurrence === 'segunda') return { ok: true, instant: resolution.later, resolution: 'ambiguous' };
  return { ok: false, code: 'hora_ambigua', message: resolution.message, resolution };
}
