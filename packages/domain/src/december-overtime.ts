/**
 * Overtime in commerce's December extension (art. 24 of the Código del Trabajo, Ley 20.215): the employer may
 * extend the ordinary jornada up to 2 hours a day on the days it declares (`decemberExtensions`); the extension
 * hours that pass the weekly maximum or the agreed jornada are paid as overtime, and «cuando el empleador
 * ejerciere la facultad prevista en el inciso anterior no procederá pactar horas extraordinarias» (inc. 2). So of
 * the overtime found in a week with declared days, the extension's share is lawful without a pact, and what a
 * declared day has beyond it is overtime no pact could cover: paid all the same (the law decides what is owed),
 * and a compliance problem of the employer.
 */
import { addDays, weekStart, type LocalDate } from './calendar/local-date';

/** A stored day's overtime as the cover reads it (modules/attendance's found overtime). */
export interface ExtensionOvertimeDay {
  date: LocalDate;
  /** The day's overtime: beyond its plan plus the planned time over the week's agreed hours given to it. */
  overtimeSeconds: number;
  /** Of it, the planned time over the week's agreed hours the engine gave to this day (the week's last attended days). */
  overAgreedSeconds: number;
}

/** What the extension explains of a day's overtime. */
export interface ExtensionCover {
  /** Overtime that is the declared extension paid as overtime (art. 24 inc. 1): no pact needed, no problem. */
  coveredSeconds: number;
  /** Overtime of a declared day beyond its week's extension: no pact could cover it (art. 24 inc. 2). */
  beyondExtensionSeconds: number;
}

/**
 * The art. 24 cover of one worker's days with overtime, by date (only days of weeks with declared days appear).
 * `days` should hold the whole Monday–Sunday weeks around the dates that matter: the engine gives a week's planned
 * hours over the agreed ones to its last attended days, so a declared Monday's planned extension shows as overtime
 * of the Friday. Per week, the pool is the sum of its declared extensions; it covers first the planned time over
 * the agreed hours of any day of the week (a planned extension), then the time worked beyond the plan on a declared
 * day (the extension the planner did not write down). What a declared day keeps uncovered is beyond the extension;
 * time beyond the plan on an undeclared day is ordinary overtime (its pact, art. 32) and is never covered.
 */
export function decemberExtensionCover(days: readonly ExtensionOvertimeDay[], extensions: ReadonlyMap<LocalDate, number>): Map<LocalDate, ExtensionCover> {
  const out = new Map<LocalDate, ExtensionCover>();
  if (extensions.size === 0) return out;
  const weeks = new Map<LocalDate, ExtensionOvertimeDay[]>();
  for (const day of days) {
    const monday = weekStart(day.date);
    const list = weeks.get(monday);
    if (list) list.push(day);
    else weeks.set(monday, [day]);
  }
  for (const [monday, list] of weeks) {
    let pool = 0;
    for (let i = 0; i < 7; i++) pool += extensions.get(addDays(monday, i)) ?? 0;
    if (pool === 0) continue;
    const sorted = [...list].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    const covered = new Map<LocalDate, number>();
    // The planned time over the agreed hours first: a planned extension lands there, on whichever day the engine put it.
    for (const day of sorted) {
      const part = Math.min(Math.max(0, day.overAgreedSeconds), pool);
      pool -= part;
      covered.set(day.date, part);
    }
    // Then the time worked beyond the plan on a declared day, up to what the week's extension has left.
    for (const day of sorted) {
      if (!extensions.has(day.date)) continue;
      const part = Math.min(Math.max(0, day.overtimeSeconds - day.overAgreedSeconds), pool);
      pool -= part;
      covered.set(day.date, covered.get(day.date)! + part);
    }
    for (const day of sorted) {
      const c = covered.get(day.date)!;
      const left = Math.max(0, day.overtimeSeconds - c);
      out.set(day.date, { coveredSeconds: c, beyondExtensionSeconds: extensions.has(day.date) ? left : 0 });
    }
  }
  return out;
}
