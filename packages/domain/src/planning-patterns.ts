/**
 * Planning patterns (patrones de planificación) as pure functions: a fixed week, an N-on/M-off
 * rotation (4x4, 7x7, 14x14, 5x2...) or a custom sequence of shifts and rest days, expanded over a
 * range of local dates. Date arithmetic is by day number, so DST and month boundaries never matter;
 * the real hours of each day come later from `placeShift` in the site's zone.
 */
import { diffDays, eachDate, isoWeekday, type LocalDate } from './calendar/local-date';

/** One day of a pattern: a shift (of any type the caller uses: an id, a code, a template) or a rest day. */
export type PatternStep<S> = { kind: 'turno'; shift: S } | { kind: 'libre' };

/**
 * A pattern. `anchor` is the date where the cycle is at step `offset` (0-based); both default to the
 * start of the expanded range and 0. A fixed week ignores them: Monday is always step 0.
 */
export type PlanningPattern<S> =
  | { kind: 'fixed_week'; week: readonly PatternStep<S>[] }
  | { kind: 'rotation'; on: number; off: number; shift: S; offset?: number; anchor?: LocalDate }
  | { kind: 'sequence'; steps: readonly PatternStep<S>[]; offset?: number; anchor?: LocalDate };

export interface PatternDay<S> {
  date: LocalDate;
  step: PatternStep<S>;
}

const LIBRE = Object.freeze({ kind: 'libre' }) as PatternStep<never>;

/** The cycle of a rotation: `on` days of the shift, then `off` rest days. */
export function rotationCycle<S>(on: number, off: number, shift: S): PatternStep<S>[] {
  if (!(Number.isInteger(on) && on >= 1 && Number.isInteger(off) && off >= 0)) {
    throw new RangeError(`Rotación inválida: ${on}x${off}`);
  }
  const step: PatternStep<S> = { kind: 'turno', shift };
  return [...Array.from({ length: on }, () => step), ...Array.from({ length: off }, () => LIBRE as PatternStep<S>)];
}

/** A fixed week from a shift on the given ISO weekdays (1 = Monday) and rest on the others: Monday to Friday is `[1,2,3,4,5]`. */
export function fixedWeek<S>(shift: S, weekdays: readonly number[]): PatternStep<S>[] {
  const step: PatternStep<S> = { kind: 'turno', shift };
  return [1, 2, 3, 4, 5, 6, 7].map((day) => (weekdays.includes(day) ? step : (LIBRE as PatternStep<S>)));
}

/** Non-negative remainder. */
const mod = (n: number, m: number) => ((n % m) + m) % m;

/**
 * The steps of a pattern for every date of [from, to] (inclusive). Rotations and sequences repeat
 * from their anchor (the range start by default) at their offset; the cycle continues across months
 * and years without resetting.
 */
export function expandPattern<S>(pattern: PlanningPattern<S>, from: LocalDate, to: LocalDate): PatternDay<S>[] {
  const dates = eachDate(from, to);
  if (pattern.kind === 'fixed_week') {
    if (pattern.week.length !== 7) throw new RangeError('Una semana fija tiene 7 días, de lunes a domingo.');
    return dates.map((date) => ({ date, step: pattern.week[isoWeekday(date) - 1]! }));
  }
  const cycle = pattern.kind === 'rotation' ? rotationCycle(pattern.on, pattern.off, pattern.shift) : pattern.steps;
  if (cycle.length === 0) throw new RangeError('La secuencia del patrón está vacía.');
  const offset = pattern.offset ?? 0;
  if (!(Number.isInteger(offset) && offset >= 0)) throw new RangeError(`Desfase inválido: ${offset}`);
  const anchor = pattern.anchor ?? from;
  const first = diffDays(anchor, from) + offset;
  return dates.map((date, i) => ({ date, step: cycle[mod(first + i, cycle.length)]! }));
}

/** `4x4`, `7X7`, `14 x 14`, `5×2` → `{ on, off }`; null when the text is not an N-by-M rotation. */
export function parseRotationName(text: string): { on: number; off: number } | null {
  const match = /^\s*(\d{1,2})\s*[xX×]\s*(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const on = Number(match[1]);
  const off = Number(match[2]);
  if (on < 1 || on > 28 || off > 28) return null;
  return { on, off };
}
