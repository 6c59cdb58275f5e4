/**
 * Shift templates placed on a local date in a site's zone. A template speaks in wall-clock times;
 * an instance is the pair of real instants those times mean on that date, so a 22:00-06:00 shift
 * lasts 9 real hours on the night summer time ends and 7 on the night it starts.
 */
import { addDays, type LocalDate } from './calendar/local-date';
import { localToInstant, parseClockTime, type Instant } from './time-zone';

/** The colación of a shift: a fixed window of wall-clock times, or a number of minutes taken at any time. */
export type ShiftBreak = { start: string; end: string } | { minutes: number };

/** A shift (turno) as planned: wall-clock start and end (the end may be past midnight), break and tolerances. */
export interface ShiftTemplate {
  id?: string;
  name?: string;
  /** `HH:MM` or `HH:MM:SS`. */
  start: string;
  /** `HH:MM` or `HH:MM:SS`; at or before `start` means the next day (equal means a 24-hour shift); `24:00` allowed. */
  end: string;
  break?: ShiftBreak | null;
  /** Minutes after the start within which an entrada is not late. */
  lateToleranceMinutes?: number;
  /** Minutes before the end within which a salida is not an early leave. */
  earlyLeaveToleranceMinutes?: number;
}

/** A template placed on a date: the absolute instants the worker is expected from and until. */
export interface ShiftInstance {
  /** Local date the shift belongs to: the day it starts, even when it ends the next day. */
  date: LocalDate;
  zone: string;
  shiftId?: string;
  /** `08:00–17:00`, for explanations. */
  label: string;
  start: Instant;
  end: Instant;
  /** Real seconds from start to end (DST changes included). */
  durationSeconds: number;
  /** Fixed colación window as real instants: from the first time the clock shows its start, for its written length. */
  breakStart?: Instant;
  breakEnd?: Instant;
  /** Planned colación seconds (not worked time): its written length, DST changes notwithstanding. */
  breakSeconds: number;
  /** Ordinary seconds the worker owes that day: duration minus the planned colación. */
  plannedSeconds: number;
  lateToleranceSeconds: number;
  earlyLeaveToleranceSeconds: number;
  overnight: boolean;
  /** For overnight shifts, the first instant of the next local date (where "madrugada" marks start). */
  nextDayStart?: Instant;
  /** First instant of the shift's local date and of the date after it: the bounds of its calendar day. */
  dayStart: Instant;
  dayEnd: Instant;
}

/** Spanish problems of a template (empty when valid), to refuse a bad shift before it is planned. */
export function validateShiftTemplate(template: ShiftTemplate): string[] {
  const errors: string[] = [];
  const start = parseClockTime(template.start);
  const end = parseClockTime(template.end);
  if (start === null || start === 86_400) errors.push('La hora de inicio del turno no es válida (use HH:MM).');
  if (end === null) errors.push('La hora de término del turno no es válida (use HH:MM).');
  for (const [value, label] of [
    [template.lateToleranceMinutes, 'atraso'],
    [template.earlyLeaveToleranceMinutes, 'salida anticipada'],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) errors.push(`La tolerancia de ${label} debe ser un número de minutos mayor o igual a cero.`);
  }
  if (errors.length > 0) return errors;
  const length = wallLength(start!, end!);
  const brk = template.break;
  if (brk && 'minutes' in brk) {
    if (!(Number.isFinite(brk.minutes) && brk.minutes >= 0)) errors.push('Los minutos de colación deben ser un número mayor o igual a cero.');
    else if (brk.minutes * 60 >= length) errors.push('La colación no puede durar lo mismo o más que el turno.');
  } else if (brk) {
    const bStart = parseClockTime(brk.start);
    const bEnd = parseClockTime(brk.end);
    if (bStart === null || bEnd === null) errors.push('El horario de colación no es válido (use HH:MM).');
    else {
      const from = offsetInShift(start!, bStart);
      const to = from + wallLength(bStart, bEnd);
      if (to > length || from === 0) errors.push('La colación debe quedar dentro del horario del turno.');
    }
  }
  return errors;
}

/** Wall-clock seconds from a start to an end time, wrapping past midnight (equal means 24 hours). */
function wallLength(start: number, end: number): number {
  return end > start ? end - start : end + 86_400 - start;
}

/** Wall-clock seconds from the shift start to a time that lies within the shift. */
function offsetInShift(shiftStart: number, time: number): number {
  return time >= shiftStart ? time - shiftStart : time + 86_400 - shiftStart;
}

function clockLabel(text: string): string {
  return text.slice(0, 5);
}

/**
 * Places a template on a local date of a zone, giving the instance's real instants. Throws a
 * RangeError with the template's problems when it is invalid (templates are validated when saved).
 * Instances are cached per template object, zone and date and returned frozen: treat templates as
 * immutable once placed.
 */
export function placeShift(template: ShiftTemplate, date: LocalDate, zone: string): ShiftInstance {
  const p = parsed(template);
  let byDate = p.placed.get(zone);
  if (!byDate) {
    byDate = new Map();
    p.placed.set(zone, byDate);
  }
  let instance = byDate.get(date);
  if (!instance) {
    instance = Object.freeze(place(template, p, date, zone));
    byDate.set(date, instance);
  }
  return instance;
}

function place(template: ShiftTemplate, p: ParsedTemplate, date: LocalDate, zone: string): ShiftInstance {
  const start = localToInstant(zone, date, p.startClock);
  const end = localToInstant(zone, date, p.endOffset);
  const instance: ShiftInstance = {
    date,
    zone,
    label: p.label,
    start,
    end,
    durationSeconds: (end - start) / 1000,
    breakSeconds: 0,
    plannedSeconds: 0,
    lateToleranceSeconds: p.lateTolerance,
    earlyLeaveToleranceSeconds: p.earlyTolerance,
    overnight: p.endOffset > 86_400,
    dayStart: localToInstant(zone, date, 0),
    dayEnd: localToInstant(zone, date, 86_400),
  };
  if (template.id !== undefined) instance.shiftId = template.id;
  if (p.breakMinutesSeconds !== null) {
    instance.breakSeconds = p.breakMinutesSeconds;
  } else if (p.breakFrom !== null && p.breakTo !== null) {
    // A colación is so many minutes of wall-clock time: it starts when the clock first shows its
    // start and lasts its written length in real time, even when a DST change falls inside it
    // (23:30-00:30 on the fall-back night is one hour, not two; on the spring-forward night, not zero).
    const length = (p.breakTo - p.breakFrom) * 1000;
    let breakStart = localToInstant(zone, date, p.breakFrom);
    // Only a window lying in the spring-forward gap can be pushed past the shift's end: end it with the shift.
    if (breakStart + length > end) breakStart = end - length;
    if (breakStart < start) breakStart = start;
    instance.breakStart = breakStart;
    instance.breakEnd = Math.min(breakStart + length, end);
    instance.breakSeconds = (instance.breakEnd - breakStart) / 1000;
  }
  instance.plannedSeconds = instance.durationSeconds - instance.breakSeconds;
  if (instance.overnight) instance.nextDayStart = instance.dayEnd;
  return instance;
}

interface ParsedTemplate {
  startClock: number;
  /** Seconds from the start date's midnight to the end (past 86,400 when it ends the next day). */
  endOffset: number;
  label: string;
  lateTolerance: number;
  earlyTolerance: number;
  breakMinutesSeconds: number | null;
  breakFrom: number | null;
  breakTo: number | null;
  /** Placed instances by zone and date. */
  placed: Map<string, Map<LocalDate, ShiftInstance>>;
}

// Templates are shared by many workers and days: validate and parse each object once.
const parsedTemplates = new WeakMap<ShiftTemplate, ParsedTemplate>();

function parsed(template: ShiftTemplate): ParsedTemplate {
  const cached = parsedTemplates.get(template);
  if (cached) return cached;
  const errors = validateShiftTemplate(template);
  if (errors.length > 0) throw new RangeError(errors.join(' '));
  const startClock = parseClockTime(template.start)!;
  const endClock = parseClockTime(template.end)!;
  const brk = template.break;
  let breakFrom: number | null = null;
  let breakTo: number | null = null;
  if (brk && !('minutes' in brk)) {
    const bStartClock = parseClockTime(brk.start)!;
    breakFrom = startClock + offsetInShift(startClock, bStartClock);
    breakTo = breakFrom + wallLength(bStartClock, parseClockTime(brk.end)!);
  }
  const result: ParsedTemplate = {
    startClock,
    endOffset: startClock + wallLength(startClock, endClock),
    label: `${clockLabel(template.start)}–${clockLabel(template.end)}`,
    lateTolerance: Math.round((template.lateToleranceMinutes ?? 0) * 60),
    earlyTolerance: Math.round((template.earlyLeaveToleranceMinutes ?? 0) * 60),
    breakMinutesSeconds: brk && 'minutes' in brk ? Math.round(brk.minutes * 60) : null,
    breakFrom,
    breakTo,
    placed: new Map(),
  };
  parsedTemplates.set(template, result);
  return result;
}

/** The date after a shift's date, where an overnight shift ends; exported for planners that show both days. */
export function shiftEndDate(instance: ShiftInstance): LocalDate {
  return instance.overnight ? addDays(instance.date, 1) : instance.date;
}
