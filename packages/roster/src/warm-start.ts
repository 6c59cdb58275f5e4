/**
 * A lawful first roster built greedily, given to HiGHS as its starting incumbent. Over the whole period, the
 * shift and day that would cover the most missing person-hours go first (a lazy priority queue: a gain only
 * falls as demand gets covered), each to the worker with the most weekly hours left; then every whole week short
 * of the legal days gets shifts on free days. Every step passes the same checks that explain shortfalls, so the
 * start breaks no hard rule and the solver only has to improve it.
 */
import { periodWeeks, weekCaps } from './model';
import type { Prepared } from './prepare';
import { canTake } from './explain';

/** A binary max-heap of [gain, day, shift]. */
class GainQueue {
  private readonly items: [number, number, number][] = [];
  get size(): number {
    return this.items.length;
  }
  peek(): number {
    return this.items[0]?.[0] ?? Number.NEGATIVE_INFINITY;
  }
  push(item: [number, number, number]): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]![0] >= items[i]![0]) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }
  pop(): [number, number, number] | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && items[l]![0] > items[m]![0]) m = l;
        if (r < items.length && items[r]![0] > items[m]![0]) m = r;
        if (m === i) break;
        [items[m], items[i]] = [items[i]!, items[m]!];
        i = m;
      }
    }
    return top;
  }
}

/** How many partial weeks the repair of one worker's week may try. */
const MAX_REPAIR_NODES = 200_000;

/** How many passes of improving moves follow the greedy. */
const MAX_MOVE_PASSES = 4;

/** chosen[w][d]: shift index or -1. */
export function greedyRoster(p: Prepared): number[][] {
  const chosen = p.workers.map((pw) => p.days.map((_, d) => pw.fixed[d] ?? -1));
  const residual = p.bands.map((b) => b.required);
  const bandsOf = p.days.map(() => p.shifts.map(() => [] as number[]));
  p.bands.forEach((band, b) => {
    for (const c of band.covers) bandsOf[c.day]![c.shift]!.push(b);
  });
  p.bands.forEach((band, b) => {
    p.workers.forEach((_, w) => {
      if (band.covers.some((c) => chosen[w]![c.day] === c.shift)) residual[b]!--;
    });
  });
  const weeks = periodWeeks(p.first, p.days.length);
  const weekIndex: number[] = [];
  weeks.forEach((week, k) => {
    for (const d of week.days) weekIndex[d] = k;
  });
  const caps = p.workers.map((pw) => weeks.map((week) => weekCaps(p, pw, week)));
  const hoursOf = (d: number, s: number): number => p.instances[s]![d]!.plannedSeconds / 3600;
  // Hours each worker has planned in each week (fixed days included).
  const planned = p.workers.map((_, w) => weeks.map((week) => week.days.reduce((sum, d) => sum + (chosen[w]![d]! >= 0 ? hoursOf(d, chosen[w]![d]!) : 0), 0)));
  const gain = (d: number, s: number): number => bandsOf[d]![s]!.reduce((sum, b) => sum + (residual[b]! > 0 ? p.bands[b]!.hours : 0), 0);
  const assign = (w: number, d: number, s: number): void => {
    chosen[w]![d] = s;
    planned[w]![weekIndex[d]!]! += hoursOf(d, s);
    for (const b of bandsOf[d]![s]!) residual[b]!--;
  };
  const unassign = (w: number, d: number): void => {
    const s = chosen[w]![d]!;
    chosen[w]![d] = -1;
    planned[w]![weekIndex[d]!]! -= hoursOf(d, s);
    for (const b of bandsOf[d]![s]!) residual[b]!++;
  };
  // The worker who takes a shift: the one with the most hours left in that week, so the weeks fill evenly.
  const pick = (d: number, s: number): number => {
    let best = -1;
    let bestLeft = Number.NEGATIVE_INFINITY;
    for (let w = 0; w < p.workers.length; w++) {
      if (chosen[w]![d]! >= 0 || !canTake(p, w, d, s, chosen)) continue;
      const cap = caps[w]![weekIndex[d]!];
      const left = cap ? cap.hours - planned[w]![weekIndex[d]!]! : p.workers[w]!.agreed;
      if (left > bestLeft) {
        best = w;
        bestLeft = left;
      }
    }
    return best;
  };
  // A week planned again for one worker: the free days of the week (and the day before, a late shift there can
  // close the first days, as long as the week before keeps its own legal days) get the lawful combination (rest
  // with the days around, hours, days, Sundays) that reaches the legal days and covers the most.
  const planWeek = (w: number, k: number): void => {
    const pw = p.workers[w]!;
    const week = weeks[k]!;
    const cap = caps[w]![k];
    if (!cap) return;
    const worked = (): number => week.days.filter((d) => chosen[w]![d]! >= 0).length;
    const previous = week.days[0]! - 1;
    const previousCap = k > 0 ? caps[w]![k - 1] : null;
    const previousDays = k > 0 ? weeks[k - 1]!.days.filter((d) => chosen[w]![d]! >= 0).length : 0;
    const previousMayRest = chosen[w]![previous] === -1 || !previousCap || previousDays > previousCap.minDays;
    const free = [...(previous >= 0 && pw.fixed[previous] === undefined ? [previous] : []), ...week.days.filter((d) => pw.fixed[d] === undefined)];
    const before = free.map((d) => chosen[w]![d]!);
    free.forEach((d, i) => {
      if (before[i]! >= 0) unassign(w, d);
    });
    const fixedDays = worked();
    const inWeek = (d: number): number => (d >= week.days[0]! ? 1 : 0);
    let best = { score: Number.NEGATIVE_INFINITY, plan: before };
    let nodes = 0;
    const search = (i: number, days: number, covered: number): void => {
      if (++nodes > MAX_REPAIR_NODES) return;
      if (i === free.length) {
        const score = Math.min(days, cap.minDays) * 1e6 + covered;
        if (score > best.score) best = { score, plan: free.map((d) => chosen[w]![d]!) };
        return;
      }
      const d = free[i]!;
      for (let s = 0; s < p.shifts.length; s++) {
        if (!canTake(p, w, d, s, chosen)) continue;
        chosen[w]![d] = s;
        planned[w]![weekIndex[d]!]! += hoursOf(d, s);
        search(i + 1, days + inWeek(d), covered + gain(d, s));
        planned[w]![weekIndex[d]!]! -= hoursOf(d, s);
        chosen[w]![d] = -1;
      }
      if (d === previous ? previousMayRest : days + (free.length - i - 1) >= cap.minDays) search(i + 1, days, covered);
    };
    search(0, fixedDays, 0);
    free.forEach((d, i) => {
      const s = best.plan[i]!;
      if (s >= 0) assign(w, d, s);
    });
  };
  const short = (w: number, k: number): boolean => {
    const cap = caps[w]![k];
    return cap !== null && cap !== undefined && cap.minDays > 0 && weeks[k]!.days.filter((d) => chosen[w]![d]! >= 0).length < cap.minDays;
  };
  // Weeks with hardly more open days than the legal minimum (holidays, leave) are planned first, before the
  // demand spends the days around them.
  p.workers.forEach((pw, w) => {
    weeks.forEach((week, k) => {
      const cap = caps[w]![k];
      if (!cap || cap.minDays === 0) return;
      const open = week.days.filter((d) => pw.blocked[d]!.some((r) => r === null)).length;
      if (open <= cap.minDays + 1) planWeek(w, k);
    });
  });
  const queue = new GainQueue();
  for (let d = 0; d < p.days.length; d++) {
    for (let s = 0; s < p.shifts.length; s++) {
      const g = gain(d, s);
      if (g > 0) queue.push([g, d, s]);
    }
  }
  while (queue.size > 0) {
    const [stale, d, s] = queue.pop()!;
    const g = gain(d, s);
    if (g <= 0) continue;
    // Gains only fall: a stale entry goes back with its current gain unless it still leads.
    if (g < stale && g < queue.peek()) {
      queue.push([g, d, s]);
      continue;
    }
    const w = pick(d, s);
    // Nobody can take it now, and assignments only close more: drop it.
    if (w < 0) continue;
    assign(w, d, s);
    queue.push([gain(d, s), d, s]);
  }
  // Whole weeks still short of the legal days (a late shift chosen for the demand closed the days left).
  p.workers.forEach((_, w) => {
    weeks.forEach((__, k) => {
      if (short(w, k)) planWeek(w, k);
    });
  });
  // Moves: a worker free that day takes a shift that covers missing hours, or leaves a shift whose hours are already covered by others (or barely needed) for a shift that
  // covers missing hours, in the same week so the legal days hold. Repeated while a pass improves.
  const loss = (d: number, s: number): number => bandsOf[d]![s]!.reduce((sum, b) => sum + (residual[b]! >= 0 ? p.bands[b]!.hours : 0), 0);
  for (let pass = 0; pass < MAX_MOVE_PASSES; pass++) {
    let moved = false;
    for (let d = 0; d < p.days.length; d++) {
      for (let s = 0; s < p.shifts.length; s++) {
        for (let w = 0; w < p.workers.length && gain(d, s) > 0; w++) {
          const pw = p.workers[w]!;
          if (pw.blocked[d]![s] !== null) continue;
          if (chosen[w]![d]! < 0 && canTake(p, w, d, s, chosen)) {
            assign(w, d, s);
            moved = true;
            continue;
          }
          for (const d1 of weeks[weekIndex[d]!]!.days) {
            const s1 = chosen[w]![d1]!;
            if (s1 < 0 || pw.fixed[d1] !== undefined || (d1 === d && s1 === s)) continue;
            if (chosen[w]![d]! >= 0 && d1 !== d) continue;
            const lost = loss(d1, s1);
            unassign(w, d1);
            if (gain(d, s) > lost && canTake(p, w, d, s, chosen)) {
              assign(w, d, s);
              moved = true;
              break;
            }
            assign(w, d1, s1);
          }
        }
      }
    }
    if (!moved) break;
  }
  return chosen;
}
