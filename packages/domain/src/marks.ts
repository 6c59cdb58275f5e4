/**
 * Marks (marcas) as the engine reads them: a kind and a UTC instant. Where the mark came from,
 * its hash chain and position stay in the API; the evaluation needs only these three fields.
 */
import type { Instant } from './time-zone';

/** The four kinds of mark, as stored and shown. */
export type MarkKind = 'entrada' | 'salida' | 'inicio_colacion' | 'fin_colacion';

/** Spanish names of the mark kinds, for explanations and reports. */
export const MARK_KIND_LABELS: Readonly<Record<MarkKind, string>> = {
  entrada: 'entrada',
  salida: 'salida',
  inicio_colacion: 'inicio de colación',
  fin_colacion: 'fin de colación',
};

/** A mark as the engine reads it. */
export interface Mark {
  id: string;
  kind: MarkKind;
  /** Server timestamp, UTC epoch milliseconds. */
  at: Instant;
}

const KIND_RANK: Readonly<Record<string, number>> = { entrada: 0, inicio_colacion: 1, fin_colacion: 2, salida: 3 };

/** True when a value has the shape of a mark the engine can evaluate (known kind, finite instant, string id). */
export function isEvaluableMark(mark: unknown): mark is Mark {
  if (typeof mark !== 'object' || mark === null) return false;
  const m = mark as Record<string, unknown>;
  return typeof m.id === 'string' && typeof m.kind === 'string' && m.kind in KIND_RANK && typeof m.at === 'number' && Number.isFinite(m.at);
}

/** Canonical order of marks (time, then kind in day order, then id) so every result is independent of arrival order. */
export function compareMarks(a: Mark, b: Mark): number {
  if (a.at !== b.at) return a.at - b.at;
  const rank = KIND_RANK[a.kind]! - KIND_RANK[b.kind]!;
  if (rank !== 0) return rank;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Spanish duration for explanations: `45 s`, `12 min`, `12 min 30 s`, `2 h 05 min`. */
export function formatDurationEs(totalSeconds: number): string {
  const seconds = Math.abs(Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${m < 10 ? '0' : ''}${m} min`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** Signed `±hh:mm:ss` of a number of seconds, the format of the legal daily-workday report's weekly total. */
export function formatSignedHms(totalSeconds: number): string {
  const sign = totalSeconds < 0 ? '-' : '+';
  const seconds = Math.abs(Math.trunc(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${sign}${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}:${s < 10 ? '0' : ''}${s}`;
}

/**
 * The marks in canonical order (`compareMarks`), as a new array. Marks are sorted by a numeric key
 * (time, kind, position) with the runtime's typed-array sort, several times faster than a comparator
 * sort on the million marks of a monthly evaluation; equal time and kind fall back to the comparator
 * for the id. Already sorted input (the usual case from the database) costs one pass.
 */
export function sortMarks(marks: readonly Mark[]): Mark[] {
  const n = marks.length;
  let min = Infinity;
  let max = -Infinity;
  let integral = true;
  for (let i = 0; i < n; i++) {
    const at = marks[i]!.at;
    if (at < min) min = at;
    if (at > max) max = at;
    if (at !== Math.floor(at)) integral = false;
  }
  // The key ((at - min) * 4 + kind) * n + position must stay an exact integer.
  if (n < 2 || !integral || ((max - min) * 4 + 4) * n > Number.MAX_SAFE_INTEGER) return n < 2 ? marks.slice() : marks.slice().sort(compareMarks);
  const keys = new Float64Array(n);
  let sorted = true;
  let previous = -1;
  for (let i = 0; i < n; i++) {
    const m = marks[i]!;
    const kind = m.kind;
    const rank = kind === 'entrada' ? 0 : kind === 'inicio_colacion' ? 1 : kind === 'fin_colacion' ? 2 : 3;
    const key = ((m.at - min) * 4 + rank) * n + i;
    keys[i] = key;
    if (key < previous) sorted = false;
    previous = key;
  }
  let out: Mark[];
  if (sorted) out = marks.slice();
  else {
    keys.sort();
    out = new Array<Mark>(n);
    for (let j = 0; j < n; j++) out[j] = marks[keys[j]! % n]!;
  }
  // Same instant and kind: the id decides, as in compareMarks (rare: duplicated punches).
  for (let j = 1; j < n; j++) {
    if (out[j - 1]!.at === out[j]!.at && out[j - 1]!.kind === out[j]!.kind && out[j - 1]!.id > out[j]!.id) return out.sort(compareMarks);
  }
  return out;
}

/**
 * Where a worker stands after a mark, as the day's evaluation reads a sequence: 0 away, 1 at work,
 * 2 on colación (`evaluateDay`'s state machine in day-evaluation.ts).
 */
const STATE_AFTER: Record<MarkKind, 0 | 1 | 2> = { entrada: 1, inicio_colacion: 2, fin_colacion: 1, salida: 0 };

/** Whether a mark of `kind` follows a worker standing in `state` without an inconsistency (out of order, colación incomplete, exit without entry). */
function follows(state: 0 | 1 | 2, kind: MarkKind): boolean {
  switch (kind) {
    case 'entrada':
      return state === 0;
    case 'inicio_colacion':
      return state === 1;
    case 'fin_colacion':
      return state === 2;
    case 'salida':
      return state !== 0;
  }
}

/** Marks further apart than this belong to different workdays: neither constrains the other's order. */
const MARK_SEQUENCE_GAP_MS = 16 * 3600 * 1000;

/**
 * Whether a mark proposed at `at` (a correction, before the worker accepts it) would break the order of
 * the marks around it: an exit before a colación of the same workday, an entry after one, a colación
 * outside entry and exit. Returns the neighbouring mark it conflicts with (`before`: the proposal would
 * come before it; `after`: after it), or null. Marks more than MARK_SEQUENCE_GAP_MS away are another
 * workday and do not count.
 */
export function markOrderConflict<M extends { kind: MarkKind; at: Instant }>(
  previous: M | null | undefined,
  kind: MarkKind,
  at: Instant,
  next: M | null | undefined,
): { side: 'before' | 'after'; mark: M } | null {
  const prev = previous && at - previous.at <= MARK_SEQUENCE_GAP_MS ? previous : null;
  const following = next && next.at - at <= MARK_SEQUENCE_GAP_MS ? next : null;
  if (!follows(prev ? STATE_AFTER[prev.kind] : 0, kind)) {
    if (prev) return { side: 'after', mark: prev };
    // Nothing before it in the workday: before the day's first mark it breaks the order; alone (an exit
    // whose entry is missing too) it is an incomplete day the next correction completes.
    if (following) return { side: 'before', mark: following };
  }
  if (following && !follows(STATE_AFTER[kind], following.kind)) return { side: 'before', mark: following };
  return null;
}
