/**
 * The cycles of an averaged distribution pact (art. 22 bis, Ley 21.561): weeks from the pact's first Monday in cycles
 * of up to four weeks. The plan alerts judge each cycle on its average; the automatic roster bounds its weeks by
 * the same cycles.
 */
import { fromDayNumber, toDayNumber, type LocalDate } from './calendar/local-date';
import type { AveragedDistribution } from './period-evaluation';

/**
 * Whether the week starting on `monday` (a day number) is averaged under the pact: inside it, in a cycle of two
 * weeks or more (a cycle of one week, as a pact ending a week into a cycle leaves, is that week, judged alone).
 */
export function underPact(pact: AveragedDistribution, monday: number): boolean {
  const bounds = cycleOf(pact, monday);
  return bounds !== null && bounds.weeks >= 2;
}

/**
 * The cycle of an averaged distribution pact (art. 22 bis) holding a date, as the plan alerts read it: its first and
 * last day and its whole weeks (a cycle of one week is judged week by week); null outside the pact. The automatic
 * roster bounds its weeks by the same cycles.
 */
export function averagedCycleOf(pact: AveragedDistribution, date: LocalDate): { start: LocalDate; end: LocalDate; weeks: number } | null {
  const cycle = cycleOf(pact, toDayNumber(date));
  return cycle && { start: fromDayNumber(cycle.start), end: fromDayNumber(cycle.end), weeks: cycle.weeks };
}

/** The cycle of the pact holding a day (a day number): its first and last day and its whole weeks; null outside the pact. */
export function cycleOf(pact: AveragedDistribution, day: number): { start: number; end: number; weeks: number } | null {
  const pactFrom = toDayNumber(pact.from);
  const pactTo = pact.to === null ? Number.POSITIVE_INFINITY : toDayNumber(pact.to);
  const cycleDays = 7 * pact.cycleWeeks;
  if (!(cycleDays > 0) || day < pactFrom || day > pactTo) return null;
  const start = pactFrom + Math.floor((day - pactFrom) / cycleDays) * cycleDays;
  const end = Math.min(start + cycleDays - 1, pactTo);
  return { start, end, weeks: Math.floor((end - start + 1) / 7) };
}
