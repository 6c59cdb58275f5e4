/**
 * Day evaluation: one worker, one local date. From the day's plan, its attributed marks, the
 * holiday and any permission it gives the status, the seconds (worked, late, early leave, break,
 * overtime, missing; exact, never rounded) and the inconsistencies a supervisor must look at. The
 * result's types, the statuses and inconsistency codes and the options are in day-result.ts.
 */
import type { Holiday, HolidayLookup } from './calendar/holidays';
import { fromDayNumber, toDayNumber, weekdayOfDayNumber, type LocalDate } from './calendar/local-date';
import { DAILY_ORDINARY_LIMIT_SECONDS, DAILY_OVERTIME_LIMIT_SECONDS } from './law';
import { compareMarks, type Mark } from './marks';
import type { MarkAttribution } from './attribution';
import {
  INCONSISTENCY_LABELS,
  type DayPermission,
  type DayResult,
  type DayStatus,
  type EvaluationOptions,
  type Inconsistency,
  type InconsistencyCode,
  type ParentsRightsApplied,
  type PlanKind,
  type SundayHolidayWork,
} from './day-result';
import { hourRangeOn, permissionUnit, type Permission } from './permissions';
import type { ShiftInstance } from './shift-instance';
import { exceptedFromSundayRestOn } from './sunday-rest';
import { localDayNumberOf, startOfLocalDayNumber } from './time-zone';

/** Inconsistencies that leave the day's time unknown until a correction: the day is 'incompleto'. */
const INCOMPLETE: ReadonlySet<InconsistencyCode> = new Set(['entrada_sin_salida', 'salida_sin_entrada', 'colacion_incompleta', 'marcas_fuera_de_orden']);

/** Everything needed to evaluate one day. */
interface DayEvaluationInput {
  date: LocalDate;
  planKind: PlanKind;
  /** The planned shift placed on the date (required when planKind is 'turno'). */
  instance?: ShiftInstance | null;
  /** Attributions of the day (counted and ignored); only 'atribuida' ones are evaluated. */
  attributions: readonly MarkAttribution[];
  holiday?: Holiday | null;
  /** A whole-day permission covering the date (an hour permission passed here is read as one of `hourPermissions`). */
  permission?: Permission | null;
  /** Hour permissions covering part of the date; a whole-day permission takes precedence over them. */
  hourPermissions?: readonly Permission[];
  /** IANA zone of the site: needed to place hour permissions and to split worked time at local midnights (defaults to the shift's zone). */
  zone?: string;
  /** Holidays of the neighbouring dates, for work that crosses midnight into a holiday (only `holiday` is known without it). */
  holidays?: HolidayLookup;
  options?: EvaluationOptions;
}

function flag(found: Inconsistency[], code: InconsistencyCode, markId: string): void {
  for (const i of found) {
    if (i.code === code) {
      i.markIds.push(markId);
      return;
    }
  }
  found.push({ code, label: INCONSISTENCY_LABELS[code], markIds: [markId] });
}

function inCanonicalOrder(list: readonly MarkAttribution[]): boolean {
  for (let i = 1; i < list.length; i++) if (compareMarks(list[i - 1]!.mark, list[i]!.mark) > 0) return false;
  return true;
}

// Stretches of presence of the day being evaluated (start, end pairs in ms). Reused between calls:
// evaluateDay is synchronous and runs for every worker and day, so it allocates no array per day.
let stretches = new Float64Array(64);
let stretchCount = 0;

function pushStretch(from: number, to: number): void {
  if (stretchCount * 2 + 2 > stretches.length) {
    const grown = new Float64Array(stretches.length * 2);
    grown.set(stretches);
    stretches = grown;
  }
  stretches[stretchCount * 2] = from;
  stretches[stretchCount * 2 + 1] = to;
  stretchCount++;
}

/** Milliseconds of presence within [from, to). */
function presenceWithin(from: number, to: number): number {
  let ms = 0;
  for (let i = 0; i < stretchCount; i++) {
    const a = stretches[i * 2]!;
    const b = stretches[i * 2 + 1]!;
    const lo = a > from ? a : from;
    const hi = b < to ? b : to;
    if (hi > lo) ms += hi - lo;
  }
  return ms;
}

function overlap(a1: number, a2: number, b1: number, b2: number): number {
  const lo = a1 > b1 ? a1 : b1;
  const hi = a2 < b2 ? a2 : b2;
  return hi > lo ? hi - lo : 0;
}

const NO_MARKS: Mark[] = [];
const NO_HOUR_PERMISSIONS_INPUT: readonly Permission[] = [];
const NO_HOUR_PERMISSIONS: DayPermission[] = [];
const NO_SUNDAY_HOLIDAY_WORK: SundayHolidayWork[] = [];
Object.freeze(NO_HOUR_PERMISSIONS);
Object.freeze(NO_SUNDAY_HOLIDAY_WORK);

function dayPermission(p: Permission, seconds: number): DayPermission {
  return { type: p.type, paid: p.paid, unit: permissionUnit(p), hours: p.hours ? { start: p.hours.start, end: p.hours.end } : null, seconds };
}

/**
 * Daily ordinary limit in seconds under the options on `date`: 10 hours, plus the extension declared for that
 * day by commerce in December (art. 24), or the exceptional schedule's resolution (none when it sets none).
 */
export function dailyOrdinaryLimit(options: Pick<EvaluationOptions, 'exceptionalSchedule' | 'decemberExtensions'>, date?: LocalDate): number {
  const exceptional = options.exceptionalSchedule;
  if (!exceptional) return DAILY_ORDINARY_LIMIT_SECONDS + (date === undefined ? 0 : (options.decemberExtensions?.get(date) ?? 0));
  if (exceptional === true || exceptional.dailyOrdinaryHours === undefined) return Infinity;
  return exceptional.dailyOrdinaryHours * 3600;
}

/** Evaluates one worker's day from its plan, marks, holiday and permissions; pure and total (never throws on marks). */
export function evaluateDay(input: DayEvaluationInput): DayResult {
  const options = input.options ?? {};
  const holiday = input.holiday ?? null;
  const instance = input.planKind === 'turno' ? (input.instance ?? null) : null;
  const zone = input.zone ?? instance?.zone;
  let permission: Permission | null = input.permission ?? null;
  let hourPermissions = input.hourPermissions ?? NO_HOUR_PERMISSIONS_INPUT;
  if (permission?.hours) {
    hourPermissions = [permission, ...hourPermissions];
    permission = null;
  }
  const attributions = inCanonicalOrder(input.attributions) ? input.attributions.slice() : [...input.attributions].sort((a, b) => compareMarks(a.mark, b.mark));
  let counted: Mark[] = NO_MARKS;
  for (const a of attributions) {
    if (a.status !== 'atribuida') continue;
    if (counted === NO_MARKS) counted = [];
    counted.push(a.mark);
  }

  const holidayOff = holiday !== null && !(instance !== null && exceptedFromSundayRestOn(options.worksOnHolidays, input.date));
  const shiftInForce = holidayOff ? null : instance;
  // On a holiday that lifts the plan the planned colación still is not worked time (art. 34).
  const breakShift = shiftInForce ?? (holidayOff ? instance : null);

  // Walk the marks as a state machine: outside, working, on colación. (Plain loops and no closures:
  // this runs for every worker and day of every report.)
  const found: Inconsistency[] = [];
  // Art. 22 inc. 2: a worker excluded from the limitation of the working day has no jornada to measure.
  const excluded = options.excludedFromHoursLimit === true;
  // Work before the shift's start counts only if the company says so; without a jornada, all presence is work.
  const clipFrom = shiftInForce && options.countEarlyArrival !== true && !excluded ? shiftInForce.start : -Infinity;
  stretchCount = 0;
  let state: 0 | 1 | 2 = 0; // 0 outside, 1 working, 2 on colación
  let openAt = 0;
  let breakAt = 0;
  let openId = '';
  let presenceMs = 0;
  let breakMs = 0;
  let breakMarked = false;
  let firstEntry: number | null = null;
  let lastExit: number | null = null;
  for (const mark of counted) {
    let closeAt = -Infinity;
    switch (mark.kind) {
      case 'entrada':
        if (firstEntry === null) firstEntry = mark.at;
        if (state === 0) {
          state = 1;
          openAt = mark.at;
          openId = mark.id;
        } else if (state === 2) {
          // Back from colación without its end mark: the entrada closes the colación.
          flag(found, 'colacion_incompleta', mark.id);
          breakMs += mark.at - breakAt;
          state = 1;
          openAt = mark.at;
        } else {
          flag(found, 'marcas_fuera_de_orden', mark.id);
        }
        break;
      case 'inicio_colacion':
        breakMarked = true;
        if (state === 1) {
          closeAt = mark.at;
          state = 2;
          breakAt = mark.at;
        } else {
          flag(found, 'marcas_fuera_de_orden', mark.id);
        }
        break;
      case 'fin_colacion':
        breakMarked = true;
        if (state === 2) {
          breakMs += mark.at - breakAt;
          state = 1;
          openAt = mark.at;
        } else if (state === 1) {
          flag(found, 'colacion_incompleta', mark.id);
        } else {
          flag(found, 'marcas_fuera_de_orden', mark.id);
        }
        break;
      case 'salida':
        if (state === 1) {
          closeAt = mark.at;
          lastExit = mark.at;
          state = 0;
        } else if (state === 2) {
          flag(found, 'colacion_incompleta', mark.id);
          breakMs += mark.at - breakAt;
          lastExit = mark.at;
          state = 0;
        } else {
          flag(found, 'salida_sin_entrada', mark.id);
        }
        break;
    }
    if (closeAt !== -Infinity) {
      // A stretch of work ends; before the shift's start it does not count unless the company says so.
      const from = openAt > clipFrom ? openAt : clipFrom;
      if (closeAt > from) {
        presenceMs += closeAt - from;
        pushStretch(from, closeAt);
      }
    }
  }
  if (state === 1) flag(found, 'entrada_sin_salida', openId);
  if (state === 2) {
    flag(found, 'entrada_sin_salida', openId);
    flag(found, 'colacion_incompleta', openId);
  }

  let presence = presenceMs / 1000;
  let breakSeconds = breakMs / 1000;
  // Unmarked colación deducted within a fixed window: the part of the window the worker was present for.
  let deductedWindowFrom = 0;
  let deductedWindowTo = 0;
  if (!breakMarked && breakShift && breakShift.breakSeconds > 0 && options.unmarkedBreak !== 'count_as_worked' && presence > 0) {
    // Colación not marked: assume it was taken as planned (within the window when it has one).
    let planned = breakShift.breakSeconds;
    if (breakShift.breakStart !== undefined && breakShift.breakEnd !== undefined) {
      planned = presenceWithin(breakShift.breakStart, breakShift.breakEnd) / 1000;
      deductedWindowFrom = breakShift.breakStart;
      deductedWindowTo = breakShift.breakEnd;
    }
    breakSeconds = Math.min(planned, presence);
    presence -= breakSeconds;
  }
  const workedSeconds = presence;

  if (counted.length > 0 && !shiftInForce && !holiday && !permission) {
    for (const m of counted) flag(found, 'marca_en_dia_libre', m.id);
  }
  if (counted.length > 0 && permission) for (const m of counted) flag(found, 'marca_durante_permiso', m.id);

  const plannedSeconds = shiftInForce?.plannedSeconds ?? 0;

  let expectedStart = shiftInForce?.start ?? 0;
  let expectedEnd = shiftInForce?.end ?? 0;
  let hourJustifiedSeconds = 0;
  let appliedHourPermissions: DayPermission[] = NO_HOUR_PERMISSIONS;
  if (!permission && shiftInForce && hourPermissions.length > 0) {
    const applied = applyHourPermissions(hourPermissions, input.date, zone ?? shiftInForce.zone, shiftInForce, plannedSeconds, deductedWindowFrom, deductedWindowTo, counted, found);
    expectedStart = applied.expectedStart;
    expectedEnd = applied.expectedEnd;
    hourJustifiedSeconds = applied.justifiedSeconds;
    appliedHourPermissions = applied.permissions;
  }

  // Parents' rights on the contract (art. 27 band, art. 206 feeding hour) move what a worked day expects;
  // a day without an entry is left alone (nothing started late, nothing left early).
  let parentsRights: ParentsRightsApplied | undefined;
  let feedingSeconds = 0;
  if (shiftInForce && !permission && !excluded && firstEntry !== null && ((options.flexibleStartBandSeconds ?? 0) > 0 || feedingRightApplies(options, input.date))) {
    const applied = applyParentsRights(options, input.date, expectedStart, expectedEnd, firstEntry, plannedSeconds - hourJustifiedSeconds);
    expectedStart = applied.expectedStart;
    expectedEnd = applied.expectedEnd;
    feedingSeconds = applied.rights.feedingSeconds;
    if (applied.rights.flexibleStartSeconds > 0 || feedingSeconds > 0) parentsRights = applied.rights;
  }

  // The feeding hour is paid time not worked at the workplace: it is justified like an hour permission.
  const justifiedSeconds = permission ? plannedSeconds : hourJustifiedSeconds + feedingSeconds;
  const owedSeconds = plannedSeconds - justifiedSeconds;
  // Excluded from the hours limit: whatever is worked is ordinary (no limit to exceed, no overtime) and nothing is owed.
  const ordinarySeconds = excluded ? workedSeconds : permission ? 0 : Math.min(workedSeconds, owedSeconds);
  const overtimeSeconds = workedSeconds - ordinarySeconds;
  const missingSeconds = excluded ? 0 : owedSeconds - ordinarySeconds;
  const overtimeWithinLimitSeconds = Math.min(overtimeSeconds, DAILY_OVERTIME_LIMIT_SECONDS);
  const overtimeBeyondLimitSeconds = overtimeSeconds - overtimeWithinLimitSeconds;
  const overLimit = excluded
    ? false
    : permission
      ? workedSeconds > DAILY_ORDINARY_LIMIT_SECONDS + DAILY_OVERTIME_LIMIT_SECONDS
      : ordinarySeconds > dailyOrdinaryLimit(options, input.date) || overtimeBeyondLimitSeconds > 0;
  if (overLimit) {
    for (const m of counted) flag(found, 'jornada_sobre_maximo_legal', m.id);
  }

  let lateSeconds = 0;
  let earlyLeaveSeconds = 0;
  if (shiftInForce && !permission && !excluded) {
    const deductible = options.toleranceMode === 'deductible';
    if (firstEntry !== null && firstEntry > expectedStart) {
      const late = (firstEntry - expectedStart) / 1000;
      if (late > shiftInForce.lateToleranceSeconds) lateSeconds = deductible ? late - shiftInForce.lateToleranceSeconds : late;
    }
    if (lastExit !== null && lastExit < expectedEnd && firstEntry !== null) {
      const early = (expectedEnd - lastExit) / 1000;
      if (early > shiftInForce.earlyLeaveToleranceSeconds) earlyLeaveSeconds = deductible ? early - shiftInForce.earlyLeaveToleranceSeconds : early;
    }
  }

  const inconsistencies = found;

  let status: DayStatus;
  let reportedPermission: DayPermission | null = permission ? dayPermission(permission, justifiedSeconds) : null;
  const incomplete = inconsistencies.some((i) => INCOMPLETE.has(i.code));
  if (permission) status = 'justificado';
  else if (counted.length > 0) status = incomplete ? 'incompleto' : 'presente';
  else if (shiftInForce && plannedSeconds > 0 && hourJustifiedSeconds >= plannedSeconds) {
    status = 'justificado';
    reportedPermission = appliedHourPermissions.find((p) => p.seconds > 0) ?? appliedHourPermissions[0]!;
  } else if (shiftInForce && !excluded) status = 'ausente';
  // Excluded from the hours limit, a planned day without marks is no absence: the worker need not mark
  // (DT: dictámenes 5.383/181 de 1987 y 3561/133 de 2004) and may not be docked for it; the plan stays shown.
  else if (holiday) status = 'feriado';
  else status = 'libre';

  const dayNumber = toDayNumber(input.date);
  const isSunday = weekdayOfDayNumber(dayNumber) === 7;
  const sundayHolidayWork =
    workedSeconds > 0 ? restDayWork(input, dayNumber, isSunday, holiday, zone, workedSeconds, breakSeconds, deductedWindowFrom, deductedWindowTo) : NO_SUNDAY_HOLIDAY_WORK;
  let sundaySeconds = 0;
  let holidaySeconds = 0;
  for (const w of sundayHolidayWork) {
    if (w.sunday) sundaySeconds += w.seconds;
    if (w.holiday) holidaySeconds += w.seconds;
  }
  return {
    date: input.date,
    status,
    planKind: input.planKind,
    shift: instance,
    holiday,
    permission: reportedPermission,
    hourPermissions: appliedHourPermissions,
    isSunday,
    workedOnSundayOrHoliday: sundayHolidayWork.length > 0,
    sundaySeconds,
    holidaySeconds,
    sundayHolidayWork,
    plannedSeconds,
    workedSeconds,
    ordinarySeconds,
    missingSeconds,
    justifiedSeconds,
    lateSeconds,
    earlyLeaveSeconds,
    breakSeconds,
    overtimeSeconds,
    overtimeWithinLimitSeconds,
    overtimeBeyondLimitSeconds,
    overtimeOverAgreedSeconds: 0,
    overAgreedBasis: null,
    ...(parentsRights ? { parentsRights } : {}),
    firstEntry,
    lastExit,
    inconsistencies,
    marks: attributions,
  };
}

/**
 * Hour permissions: each justifies the planned time in its range the worker was not there for, and
 * moves the expected start (or end) when it covers the shift's start (or end). Kept out of
 * evaluateDay, which runs for every day, because few days have one.
 */
function applyHourPermissions(
  hourPermissions: readonly Permission[],
  date: LocalDate,
  zone: string,
  shift: ShiftInstance,
  plannedSeconds: number,
  deductedWindowFrom: number,
  deductedWindowTo: number,
  counted: readonly Mark[],
  found: Inconsistency[],
): { expectedStart: number; expectedEnd: number; justifiedSeconds: number; permissions: DayPermission[] } {
  let expectedStart = shift.start;
  let expectedEnd = shift.end;
  let justifiedSeconds = 0;
  const permissions: DayPermission[] = [];
  for (const p of hourPermissions) {
    const range = hourRangeOn(p.hours!, date, zone);
    const inShift = overlap(range.start, range.end, shift.start, shift.end);
    if (inShift === 0) continue;
    let covered = inShift;
    if (shift.breakStart !== undefined && shift.breakEnd !== undefined) covered -= overlap(range.start, range.end, shift.breakStart, shift.breakEnd);
    const from = range.start > shift.start ? range.start : shift.start;
    const to = range.end < shift.end ? range.end : shift.end;
    const present = presenceWithin(from, to) - (deductedWindowTo > deductedWindowFrom ? overlapWithPresence(from, to, deductedWindowFrom, deductedWindowTo) : 0);
    let justified = (covered - present) / 1000;
    if (justified > plannedSeconds - justifiedSeconds) justified = plannedSeconds - justifiedSeconds;
    if (justified < 0) justified = 0;
    justifiedSeconds += justified;
    permissions.push(dayPermission(p, justified));
    if (range.start <= shift.start && range.end > expectedStart) expectedStart = range.end < shift.end ? range.end : shift.end;
    if (range.end >= shift.end && range.start < expectedEnd) expectedEnd = range.start > shift.start ? range.start : shift.start;
    for (const m of counted) if (m.at > range.start && m.at < range.end) flag(found, 'marca_durante_permiso', m.id);
  }
  return { expectedStart, expectedEnd, justifiedSeconds, permissions };
}

/** Whether the art. 206 feeding hour applies on `date`: the child is not yet two (dates sort as text). */
function feedingRightApplies(options: EvaluationOptions, date: LocalDate): boolean {
  return options.feedingRight !== undefined && date < options.feedingRight.until;
}

const FEEDING_HOUR_MS = 3600 * 1000;

/**
 * Art. 27 (Ley 21.561): an entry within the band after the planned start is no lateness, and the
 * expected start and end move by as much (the same hours are owed, so the exit moves too). Art. 206:
 * the feeding hour, at the (moved) start, at the end or half at each, is expected to be away and the part
 * of it the worker was not present for counts as worked (returned as seconds to justify, at most `owedLeft`).
 */
function applyParentsRights(
  options: EvaluationOptions,
  date: LocalDate,
  expectedStart: number,
  expectedEnd: number,
  firstEntry: number,
  owedLeft: number,
): { expectedStart: number; expectedEnd: number; rights: ParentsRightsApplied } {
  const bandMs = (options.flexibleStartBandSeconds ?? 0) * 1000;
  let moved = 0;
  if (bandMs > 0 && firstEntry > expectedStart) moved = firstEntry - expectedStart < bandMs ? firstEntry - expectedStart : bandMs;
  let start = expectedStart + moved;
  let end = expectedEnd + moved;
  let feedingMs = 0;
  const feeding = feedingRightApplies(options, date) ? options.feedingRight! : null;
  if (feeding) {
    const atStart = feeding.mode === 'inicio' ? FEEDING_HOUR_MS : feeding.mode === 'dividido' ? FEEDING_HOUR_MS / 2 : 0;
    const atEnd = FEEDING_HOUR_MS - atStart;
    if (atStart > 0) {
      const to = start + atStart < end ? start + atStart : end;
      feedingMs += to - start - presenceWithin(start, to);
      start = to;
    }
    if (atEnd > 0) {
      const from = end - atEnd > start ? end - atEnd : start;
      feedingMs += end - from - presenceWithin(from, end);
      end = from;
    }
  }
  let feedingSeconds = feedingMs / 1000;
  if (feedingSeconds > owedLeft) feedingSeconds = owedLeft;
  if (feedingSeconds < 0) feedingSeconds = 0;
  return { expectedStart: start, expectedEnd: end, rights: { flexibleStartSeconds: moved / 1000, feedingSeconds, feedingMode: feeding ? feeding.mode : null } };
}

/** Milliseconds of presence within both [from, to) and [a, b). */
function overlapWithPresence(from: number, to: number, a: number, b: number): number {
  const lo = from > a ? from : a;
  const hi = to < b ? to : b;
  return hi > lo ? presenceWithin(lo, hi) : 0;
}

/**
 * The day's worked time that fell on Sundays and holidays, by the clock: presence is split at local
 * midnights, less the colación deducted on each date (a fixed window where it lies; minutes on the
 * date holding most of the presence).
 */
function restDayWork(
  input: DayEvaluationInput,
  dayNumber: number,
  isSunday: boolean,
  holiday: Holiday | null,
  zone: string | undefined,
  workedSeconds: number,
  breakSeconds: number,
  windowFrom: number,
  windowTo: number,
): SundayHolidayWork[] {
  let firstDay = dayNumber;
  let lastDay = dayNumber;
  const from = stretches[0]!;
  const to = stretches[stretchCount * 2 - 1]!;
  const instance = input.instance;
  if (instance && from >= instance.dayStart && to <= instance.dayEnd) {
    // Within the shift's own calendar day: no time-zone arithmetic needed.
  } else if (zone !== undefined) {
    firstDay = localDayNumberOf(zone, from);
    lastDay = localDayNumberOf(zone, to - 1);
  }
  if (firstDay === lastDay) {
    const onSunday = firstDay === dayNumber ? isSunday : weekdayOfDayNumber(firstDay) === 7;
    const onHoliday = firstDay === dayNumber ? holiday : (input.holidays?.(fromDayNumber(firstDay)) ?? null);
    return onSunday || onHoliday ? [{ date: fromDayNumber(firstDay), seconds: workedSeconds, sunday: onSunday, holiday: onHoliday }] : NO_SUNDAY_HOLIDAY_WORK;
  }
  // Work across midnight: measure each Sunday or holiday it touches (most nights touch none).
  let touchesRestDay = false;
  for (let n = firstDay; n <= lastDay && !touchesRestDay; n++) {
    touchesRestDay = weekdayOfDayNumber(n) === 7 || (n === dayNumber ? holiday !== null : input.holidays?.(fromDayNumber(n)) !== undefined);
  }
  if (!touchesRestDay) return NO_SUNDAY_HOLIDAY_WORK;
  const byWindow = windowTo > windowFrom;
  let deductedLeft = breakSeconds * 1000;
  let bestDay = firstDay;
  let bestMs = -1;
  const perDay: number[] = [];
  for (let n = firstDay; n <= lastDay; n++) {
    const ms = presenceWithin(startOfLocalDayNumber(zone!, n), startOfLocalDayNumber(zone!, n + 1));
    perDay.push(ms);
    if (ms > bestMs) {
      bestMs = ms;
      bestDay = n;
    }
  }
  const out: SundayHolidayWork[] = [];
  for (let n = firstDay; n <= lastDay; n++) {
    const date = fromDayNumber(n);
    const sunday = weekdayOfDayNumber(n) === 7;
    const dayHoliday = n === dayNumber ? holiday : (input.holidays?.(date) ?? null);
    let ms = perDay[n - firstDay]!;
    if (byWindow) {
      const dayStart = startOfLocalDayNumber(zone!, n);
      const dayEnd = startOfLocalDayNumber(zone!, n + 1);
      const lo = windowFrom > dayStart ? windowFrom : dayStart;
      const hi = windowTo < dayEnd ? windowTo : dayEnd;
      ms -= hi > lo ? presenceWithin(lo, hi) : 0;
    } else if (n === bestDay) {
      const take = deductedLeft < ms ? deductedLeft : ms;
      ms -= take;
      deductedLeft -= take;
    }
    if ((sunday || dayHoliday) && ms > 0) out.push({ date, seconds: ms / 1000, sunday, holiday: dayHoliday });
  }
  return out.length > 0 ? out : NO_SUNDAY_HOLIDAY_WORK;
}
