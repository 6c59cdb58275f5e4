/**
 * A lawful first roster built greedily, given to HiGHS as its starting incumbent: day by day, the worker and
 * shift that cover the most missing person-hours go first; then every whole week short of the legal days gets
 * shifts on free days. Every step passes the same checks that explain shortfalls, so the start breaks no hard
 * rule and the solver only has to improve it.
 */
import { periodWeeks, weekCaps } from './model';
import type { Prepared } from './prepare';
import { canTake } from './explain';

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
  const gain = (d: number, s: number): number => bandsOf[d]![s]!.reduce((sum, b) => sum + (residual[b]! > 0 ? p.bands[b]!.hours : 0), 0);
  const assign = (w: number, d: number, s: number): void => {
    chosen[w]![d] = s;
    for (const b of bandsOf[d]![s]!) residual[b]!--;
  };
  for (let d = 0; d < p.days.length; d++) {
    for (;;) {
      let best: [number, number, number] | null = null;
      for (let s = 0; s < p.shifts.length; s++) {
        const g = gain(d, s);
        if (g <= 0 || (best && g <= best[0])) continue;
        const w = p.workers.findIndex((_, i) => canTake(p, i, d, s, chosen));
        if (w >= 0) best = [g, w, s];
      }
      if (!best) break;
      assign(best[1], d, best[2]);
    }
  }
  const weeks = periodWeeks(p.first, p.days.length);
  p.workers.forEach((pw, w) => {
    for (const week of weeks) {
      const caps = weekCaps(p, pw, week);
      if (!caps || caps.minDays === 0) continue;
      let days = week.days.filter((d) => chosen[w]![d]! >= 0).length;
      for (const d of week.days) {
        if (days >= caps.minDays) break;
        if (chosen[w]![d]! >= 0 || pw.fixed[d] !== undefined) continue;
        const shifts = p.shifts.map((_, s) => s).sort((a, b) => gain(d, b) - gain(d, a));
        const s = shifts.find((t) => canTake(p, w, d, t, chosen));
        if (s === undefined) continue;
        assign(w, d, s);
        days++;
      }
    }
  });
  return chosen;
}
