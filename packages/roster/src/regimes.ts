/**
 * The two regimes that change how a roster counts a worker's weeks, read from the same domain rules the plan
 * alerts use: commerce's declared December extension days (art. 24: their extension is paid as overtime and does
 * not count against the week) and the averaged distribution pact (art. 22 bis: weeks bounded by their cycle's
 * average, up to 45 hours each, no more than two in a row over the legal limit).
 */
import { averagedCycleOf, fromDayNumber, toDayNumber, weeklyHoursLimit } from '@jornada/domain';
import type { Prepared, PreparedWorker } from './prepare';

/** The period weeks of one pact cycle (of two weeks or more) and what bounds them. */
export interface AveragedCycle {
  /** Indexes of the period's weeks in this cycle. */
  weeks: number[];
  /** Position of each of those weeks in its cycle (0 for the cycle's first week). */
  positions: number[];
  /** Legal weekly limit of each week (its Sunday's, the lowest of the week), less the hours planned before the period. */
  overAt: number[];
  /** Whole weeks of the cycle. */
  length: number;
  /** Hours the period's weeks of the cycle may hold together: each week's agreed hours within its legal limit, less those planned before the period. */
  capHours: number;
}

/** A worker's averaged weeks: the cycle of each period week under the pact (by index) and the cycles. */
export interface AveragedWeeks {
  byWeek: Map<number, AveragedCycle>;
  cycles: AveragedCycle[];
}

/** A week of the period: its Monday (day number) and its day indexes. */
interface Week {
  monday: number;
  days: number[];
}

const cache = new WeakMap<PreparedWorker, AveragedWeeks | null>();

/** Hours planned in a week before the period's first day (only the week holding `from`). */
export function hoursBefore(p: Prepared, pw: PreparedWorker, week: Week): number {
  return week.days[0] === 0 && week.monday < p.first ? (pw.worker.history?.weekBeforeSeconds ?? 0) / 3600 : 0;
}

/**
 * The pact's cycles over the period's weeks, or null without a pact the plan alerts apply (none, an exceptional
 * schedule or the art. 22 exclusion leave it aside, as `planAlerts` does). A cycle of one week is judged as any week.
 * Weeks of a cycle before the period are not read: what they hold is not known here.
 */
export function averagedWeeks(p: Prepared, pw: PreparedWorker, weeks: readonly Week[]): AveragedWeeks | null {
  if (cache.has(pw)) return cache.get(pw)!;
  const pact = pw.options.averagedDistribution;
  let out: AveragedWeeks | null = null;
  if (pact && !pw.options.excludedFromHoursLimit && !pw.options.exceptionalSchedule) {
    out = { byWeek: new Map(), cycles: [] };
    const byStart = new Map<string, AveragedCycle>();
    weeks.forEach((week, k) => {
      const cycle = averagedCycleOf(pact, fromDayNumber(week.monday));
      if (!cycle || cycle.weeks < 2) return;
      let c = byStart.get(cycle.start);
      if (!c) {
        byStart.set(cycle.start, (c = { weeks: [], positions: [], overAt: [], length: cycle.weeks, capHours: 0 }));
        out!.cycles.push(c);
      }
      const before = hoursBefore(p, pw, week);
      const legal = weeklyHoursLimit(fromDayNumber(week.monday + 6));
      c.weeks.push(k);
      c.positions.push((week.monday - toDayNumber(cycle.start)) / 7);
      c.overAt.push(legal - before);
      c.capHours += Math.min(pw.agreed, legal) - before;
      out!.byWeek.set(k, c);
    });
  }
  cache.set(pw, out);
  return out;
}

/**
 * Hours a shift counts against its week's limit and agreed hours: its planned hours less the day's declared December
 * extension (art. 24), except in a week under the averaged pact, which the plan alerts count whole.
 */
export function weekHours(p: Prepared, pw: PreparedWorker, d: number, s: number, underPact: boolean): number {
  const hours = p.instances[s]![d]!.plannedSeconds / 3600;
  return underPact ? hours : hours - Math.min(pw.extensionHours[d]!, hours);
}
