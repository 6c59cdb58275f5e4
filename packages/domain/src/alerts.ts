/**
 * Alerts of DT Res. Exenta 38: a mark expected by the plan that did not come within 30 minutes, and
 * worked time past the daily or weekly legal limit. Pure: the API finds the inputs and sends the
 * e-mails; these functions decide what is owed and when.
 */
import { addDays, weekStart, type LocalDate } from './calendar/local-date';
import { dailyOrdinaryLimit } from './day-evaluation';
import type { EvaluationOptions } from './day-result';
import { weeklyLimitSeconds } from './law';
import { attributeMarks } from './attribution';
import type { Mark, MarkKind } from './marks';
import { hourRangeOn, type Permission } from './permissions';
import type { ShiftInstance } from './shift-instance';

/** An alert for a missed mark is due this long after the mark was expected (Res. Ex. 38). */
export const MISSED_MARK_DELAY_SECONDS = 30 * 60;

/** A mark the plan expects: its kind and the instant the plan says. */
interface ExpectedMark {
  /** Local date of the shift instance (the day it starts). */
  date: LocalDate;
  kind: MarkKind;
  expectedAt: number;
  /** `expectedAt` + 30 minutes: from then on, without the mark, the alert is owed. */
  dueAt: number;
}

/**
 * The marks a shift instance expects: entrada at its start and salida at its end; with `breaks`, the
 * two colación marks of a fixed break (a break of some minutes taken at any time has no expected instant).
 */
export function expectedMarksOf(instance: ShiftInstance, breaks: boolean): ExpectedMark[] {
  const delay = MISSED_MARK_DELAY_SECONDS * 1000;
  const at = (kind: MarkKind, expectedAt: number): ExpectedMark => ({ date: instance.date, kind, expectedAt, dueAt: expectedAt + delay });
  const out = [at('entrada', instance.start)];
  if (breaks && instance.breakStart !== undefined && instance.breakEnd !== undefined) {
    out.push(at('inicio_colacion', instance.breakStart), at('fin_colacion', instance.breakEnd));
  }
  out.push(at('salida', instance.end));
  return out;
}

export interface MissedMarksInput {
  /** The worker's shift instances around the window (the day before and after too, so attribution picks the right one). */
  instances: readonly ShiftInstance[];
  /** The worker's marks as the evaluation reads them (superseded ones left out). */
  marks: readonly Mark[];
  /** Approved permissions of the worker. */
  permissions: readonly Permission[];
  zone: string;
  /** Alerts due in (`since`, `now`] are returned; earlier ones were owed to a previous pass. */
  since: number;
  now: number;
  /** Whether the colación marks of fixed breaks are expected. */
  breaks: boolean;
}

function coveredByPermission(expected: ExpectedMark, permissions: readonly Permission[], zone: string): boolean {
  return permissions.some((p) => {
    if (!p.hours) return expected.date >= p.from && expected.date <= p.to;
    // An hour range of the day before may cross midnight into this instant (night shifts).
    return [addDays(expected.date, -1), expected.date].some((date) => {
      if (date < p.from || date > p.to) return false;
      const range = hourRangeOn(p.hours!, date, zone);
      return expected.expectedAt >= range.start && expected.expectedAt <= range.end;
    });
  });
}

/**
 * The expected marks whose alert is due in (`since`, `now`] and did not come. A mark counts when the
 * engine's attribution gives it to that shift instance and it exists at `now`: a pass that runs late
 * (after a restart) sends nothing for a mark that arrived meanwhile.
 * The salida and the colación are expected only of a worker who marked the entrada (an absence gets
 * one alert, for the entrada); the fin de colación only after an inicio. An approved permission that
 * covers the day, or an hour permission that covers the expected instant, cancels the alert.
 */
export function missedMarks(input: MissedMarksInput): ExpectedMark[] {
  const known = input.marks.filter((m) => m.at <= input.now);
  const attributions = attributeMarks(known, input.instances, input.zone);
  const marked = (date: LocalDate, kind: MarkKind) => attributions.some((a) => a.instanceDate === date && a.mark.kind === kind);
  const out: ExpectedMark[] = [];
  for (const instance of input.instances) {
    for (const expected of expectedMarksOf(instance, input.breaks)) {
      if (expected.dueAt <= input.since || expected.dueAt > input.now) continue;
      if (marked(instance.date, expected.kind)) continue;
      if (expected.kind !== 'entrada' && !marked(instance.date, 'entrada')) continue;
      if (expected.kind === 'fin_colacion' && !marked(instance.date, 'inicio_colacion')) continue;
      if (coveredByPermission(expected, input.permissions, input.zone)) continue;
      out.push(expected);
    }
  }
  return out;
}

/** A stored day's worked time (the attendance module's figure). */
export interface WorkedDay {
  date: LocalDate;
  workedSeconds: number;
}

type LimitKind = 'limite_diario' | 'limite_semanal';

/** Worked time past a legal limit: the day (or the week's Monday) and the figures compared. */
interface LimitBreach {
  kind: LimitKind;
  /** The day, or the Monday of the week. */
  date: LocalDate;
  workedSeconds: number;
  limitSeconds: number;
}

/**
 * Days whose worked time passed the daily ordinary limit (10 hours, plus a December extension day's declared
 * hours, art. 24; or the exceptional schedule's; none when its resolution sets none), and Monday–Sunday weeks whose worked time passed the weekly
 * limit in force (Ley 21.561: 45/44/42/40 h by date) on the last worked day of the week. Only the
 * weeks whose days are all in `days` are complete: give whole weeks, or the week so far. None for a
 * worker excluded from the hours limit (art. 22 inc. 2): there is no limit to pass.
 */
export function limitBreaches(
  days: readonly WorkedDay[],
  options: Pick<EvaluationOptions, 'exceptionalSchedule' | 'excludedFromHoursLimit' | 'decemberExtensions'> = {},
): LimitBreach[] {
  const out: LimitBreach[] = [];
  if (options.excludedFromHoursLimit) return out;
  const weeks = new Map<LocalDate, { worked: number; lastWorked: LocalDate | null }>();
  for (const day of [...days].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    // A day commerce declared as extended (art. 24) has its extension on top of the 10 hours.
    const daily = dailyOrdinaryLimit(options, day.date);
    if (Math.round(day.workedSeconds) > daily) out.push({ kind: 'limite_diario', date: day.date, workedSeconds: day.workedSeconds, limitSeconds: daily });
    const monday = weekStart(day.date);
    const week = weeks.get(monday) ?? { worked: 0, lastWorked: null };
    week.worked += day.workedSeconds;
    if (day.workedSeconds > 0) week.lastWorked = day.date;
    weeks.set(monday, week);
  }
  // Exceptional schedules average their weeks over the cycle: no weekly comparison day by day.
  if (options.exceptionalSchedule) return out;
  for (const [monday, week] of weeks) {
    if (week.lastWorked === null) continue;
    const limit = weeklyLimitSeconds(week.lastWorked);
    // Compared in whole seconds: sums of stored figures carry floating-point noise.
    if (Math.round(week.worked) > limit) out.push({ kind: 'limite_semanal', date: monday, workedSeconds: week.worked, limitSeconds: limit });
  }
  return out;
}
