/**
 * The roster as a mixed-integer model in CPLEX LP format. One binary per worker, day and shift the worker
 * may take; hard rules are rows the solver cannot break; demand, fairness, preferences and stability are the
 * weighted objective, with slack variables so demand that cannot be covered is a shortfall, never an
 * infeasible model.
 */
import {
  AVERAGED_WEEK_CEILING_HOURS,
  AVERAGED_WEEKS_OVER_AVERAGE_MAX,
  MIN_SUNDAYS_OFF_PER_MONTH,
  allowedDaysPerWeek,
  civilFromDays,
  daysFromCivil,
  daysInMonth,
  fromDayNumber,
  isPartTime,
  isoWeekday,
  toDayNumber,
  weekdayOfDayNumber,
  weeklyHoursLimit,
} from '@jornada/domain';
import { prepare, type Prepared, type PreparedWorker } from './prepare';
import { averagedWeeks, hoursBefore, weekHours } from './regimes';
import type { RosterInput } from './types';

/** What a column of the model stands for. */
export type RosterVariable =
  | { kind: 'assign'; worker: number; day: number; shift: number }
  | { kind: 'short'; band: number }
  | { kind: 'over'; band: number }
  /** People on the shifts that cover these bands (they share the same covering shifts). */
  | { kind: 'covered'; bands: number[] }
  | { kind: 'minDays'; worker: number; week: number }
  /** The week is over the legal weekly limit, under an averaged distribution pact (art. 22 bis). */
  | { kind: 'averagedOver'; worker: number; week: number }
  | { kind: 'fairness'; worker: number; category: FairnessCategory; level: number };

type FairnessCategory = 'sundays' | 'holidays' | 'nights';

export interface RosterModel {
  /** The model in CPLEX LP format, ready for HiGHS. */
  lp: string;
  /** Columns by name. */
  variables: ReadonlyMap<string, RosterVariable>;
  /** Constant part of the objective (days forced to differ from the published plan). */
  offset: number;
  /** Rows and nonzeros of each family of constraints (`coverage`, `rest`, `week`…), to see where the model's size goes. */
  families?: ReadonlyMap<string, { rows: number; nonzeros: number }>;
}

/** A model with the prepared input it was built from, for reading the solution back. */
export interface PreparedModel extends RosterModel {
  prepared: Prepared;
}

/** A minimum days-per-week shortfall costs more than any demand: it only happens when the data leave no lawful week. */
const MIN_DAYS_WEIGHT = 100_000;

const fmt = (v: number): string => String(Math.round(v * 1e6) / 1e6);

class LpWriter {
  readonly rows: string[] = [];
  readonly objective: [number, string][] = [];
  readonly bounds: string[] = [];
  readonly integers: string[] = [];
  readonly variables = new Map<string, RosterVariable>();
  readonly families = new Map<string, { rows: number; nonzeros: number }>();
  private rowCount = 0;

  column(name: string, variable: RosterVariable, cost: number, integer: boolean, lower = 0, upper = Number.POSITIVE_INFINITY): string {
    this.variables.set(name, variable);
    if (cost !== 0) this.objective.push([cost, name]);
    if (integer) this.integers.push(name);
    if (lower === upper) this.bounds.push(` ${name} = ${fmt(lower)}`);
    else if (upper === Number.POSITIVE_INFINITY) this.bounds.push(` ${name} >= ${fmt(lower)}`);
    else this.bounds.push(` ${fmt(lower)} <= ${name} <= ${fmt(upper)}`);
    return name;
  }

  row(family: string, terms: readonly [number, string][], sense: '<=' | '>=' | '=', rhs: number): void {
    if (terms.length === 0) return;
    const counts = this.families.get(family) ?? { rows: 0, nonzeros: 0 };
    counts.rows++;
    counts.nonzeros += terms.length;
    this.families.set(family, counts);
    this.rows.push(` r${this.rowCount++}: ${linear(terms)} ${sense} ${fmt(rhs)}`);
  }

  text(): string {
    const objective = this.objective.length > 0 ? linear(this.objective) : '0 dummy';
    return [
      'Minimize',
      ` obj: ${objective}`,
      'Subject To',
      ...(this.rows.length > 0 ? this.rows : [' r0: 0 dummy >= 0']),
      'Bounds',
      ...this.bounds,
      ...(this.objective.length === 0 || this.rows.length === 0 ? [' dummy = 0'] : []),
      ...(this.integers.length > 0 ? ['Generals', ...chunk(this.integers, 20).map((c) => ` ${c.join(' ')}`)] : []),
      'End',
      '',
    ].join('\n');
  }
}

function linear(terms: readonly [number, string][]): string {
  const parts = terms.map(([c, n], i) => {
    const sign = c < 0 ? '-' : i === 0 ? '' : '+';
    const abs = Math.abs(c);
    return `${sign}${sign && i > 0 ? ' ' : ''}${abs === 1 ? '' : `${fmt(abs)} `}${n}`;
  });
  return chunk(parts, 12)
    .map((c) => c.join(' '))
    .join('\n  ');
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Column name of worker w, day d, shift s. */
const assignName = (w: number, d: number, s: number): string => `x${w}_${d}_${s}`;

/** The Mondays (day numbers) of the weeks touching the period, with the period's day indexes in each. */
export function periodWeeks(first: number, count: number): { monday: number; days: number[] }[] {
  const weeks: { monday: number; days: number[] }[] = [];
  for (let monday = first - (weekdayOfDayNumber(first) - 1); monday < first + count; monday += 7) {
    const days: number[] = [];
    for (let n = Math.max(monday, first); n <= Math.min(monday + 6, first + count - 1); n++) days.push(n - first);
    weeks.push({ monday, days });
  }
  return weeks;
}

/**
 * Weekly bounds of a worker in one week of the period, or null under an exceptional schedule (averaged over
 * its cycle instead): hours within the agreed hours and the legal limit in force (the week's Sunday's, the
 * lowest of the week), or 45 hours in a week of an averaged distribution pact's cycle (art. 22 bis, whose cycle
 * rows bound the average), days within `allowedDaysPerWeek`, both less what the week held before `from`; and the
 * fewest days a whole week must have (0 when the week is not whole in the period, or not checked). The hours are
 * counted with `weekHours` (a declared December extension does not count, art. 24).
 */
export function weekCaps(p: Prepared, pw: PreparedWorker, week: { monday: number; days: number[] }): { hours: number; maxDays: number; minDays: number; underPact: boolean } | null {
  if (pw.options.exceptionalSchedule) return null;
  const history = pw.worker.history;
  const sunday = fromDayNumber(week.monday + 6);
  const containsFrom = week.days[0] === 0 && week.monday < p.first;
  const beforeHours = hoursBefore(p, pw, week);
  const beforeDays = containsFrom ? (history?.weekBeforeDays ?? 0) : 0;
  const allowed = allowedDaysPerWeek(pw.agreed);
  const complete = week.days.length === 7 && week.days.every((d) => !pw.unavailable[d]);
  const partTime = isPartTime(pw.agreed, fromDayNumber(week.monday)) && isPartTime(pw.agreed, sunday);
  const averaged = averagedWeeks(p, pw, periodWeeks(p.first, p.days.length))?.byWeek.has(weekIndexOf(p, week.monday));
  return {
    underPact: Boolean(averaged),
    hours: Math.max(0, (averaged ? AVERAGED_WEEK_CEILING_HOURS : Math.min(pw.agreed, weeklyHoursLimit(sunday))) - beforeHours),
    maxDays: Math.max(0, allowed.max - beforeDays),
    minDays: complete && pw.weeklyRules && !partTime ? allowed.min : 0,
  };
}

/** Index of the period week starting on `monday` (a day number). */
function weekIndexOf(p: Prepared, monday: number): number {
  return Math.floor((monday - (p.first - (weekdayOfDayNumber(p.first) - 1))) / 7);
}

/**
 * Sundays of the period in a calendar month (`monthKey`: year × 12 + month − 1) and how many of them a worker
 * under the Sunday rule may work: the month's Sundays less the two of rest and less those worked before `from`.
 */
export function sundayAllowance(p: Prepared, pw: PreparedWorker, monthKey: number): { days: number[]; max: number } {
  const year = Math.floor(monthKey / 12);
  const month = (monthKey % 12) + 1;
  const start = daysFromCivil(year, month, 1);
  const count = p.days.length;
  let sundays = 0;
  const days: number[] = [];
  for (let n = start; n < start + daysInMonth(year, month); n++) {
    if (weekdayOfDayNumber(n) !== 7) continue;
    sundays++;
    if (n >= p.first && n < p.first + count) days.push(n - p.first);
  }
  const prefix = `${year}-${String(month).padStart(2, '0')}`;
  const before = (pw.worker.history?.workedSundays ?? []).filter((d) => d.startsWith(prefix) && d < p.days[0]!).length;
  return { days, max: Math.max(0, sundays - MIN_SUNDAYS_OFF_PER_MONTH - before) };
}

/**
 * Builds the model of a roster without solving it: the LP text, the meaning of each column and the
 * objective's constant. `solveRoster` builds one per part (`partitionRoster`).
 */
export function buildRosterModel(input: RosterInput): RosterModel {
  const { lp, variables, offset, families } = modelOf(prepare(input));
  return { lp, variables, offset, families };
}

/** The model of a prepared input. */
export function modelOf(p: Prepared): PreparedModel {
  const lp = new LpWriter();
  const { days, shifts, instances, weights } = p;
  const count = days.length;
  let offset = 0;
  // x[w][d][s]: column name or undefined when closed.
  const x: (string | undefined)[][][] = p.workers.map((pw, w) =>
    days.map((date, d) =>
      shifts.map((_, s) => {
        if (pw.blocked[d]![s] !== null) return undefined;
        const fixed = pw.fixed[d] === s;
        let cost = 0;
        if (pw.worker.preferredDaysOff?.includes(date) || pw.worker.preferredWeekdaysOff?.includes(isoWeekday(date))) cost += weights.preferredDayOff;
        return lp.column(assignName(w, d, s), { kind: 'assign', worker: w, day: d, shift: s }, cost, true, fixed ? 1 : 0, 1);
      }),
    ),
  );
  const hoursOf = (s: number, d: number): number => instances[s]![d]!.plannedSeconds / 3600;
  const dayTerms = (w: number, d: number, coef: (s: number) => number = () => 1): [number, string][] =>
    x[w]![d]!.flatMap((name, s) => (name ? [[coef(s), name] as [number, string]] : []));

  // Stability: a day that differs from the published plan costs `change`.
  p.workers.forEach((pw, w) => {
    for (const published of pw.worker.published ?? []) {
      const d = toDayNumber(published.date) - p.first;
      if (d < 0 || d >= count || pw.unavailable[d]) continue;
      if (published.shiftId === null) {
        for (const name of x[w]![d]!) if (name) lp.objective.push([weights.change, name]);
      } else {
        const s = shifts.findIndex((sh) => sh.id === published.shiftId);
        const name = s >= 0 ? x[w]![d]![s] : undefined;
        offset += weights.change;
        if (name) lp.objective.push([-weights.change, name]);
      }
    }
  });

  const weeks = periodWeeks(p.first, count);
  p.workers.forEach((pw, w) => {
    // Minimum rest, as cliques per day boundary (day d and day d + k, k = 1 or 2). The shifts of d that end
    // later exclude at least the shifts of d + k that the earlier ones exclude, so taking the shifts of d from
    // the latest end down, each prefix and the shifts its last one excludes are pairwise incompatible (at most
    // one shift a day, and the rest between them): one row `≤ 1` each, only where the excluded set changes.
    // These rows are stronger than one row per shift and cover every conflict of the pairs.
    const dayCovered = days.map(() => false);
    for (let d = 0; d < count; d++) {
      const today = shifts.map((_, s) => s).filter((s) => x[w]![d]![s]);
      today.sort((a, b) => instances[b]![d]!.end - instances[a]![d]!.end);
      for (let k = 1; k <= 2 && d + k < count; k++) {
        const later = shifts.map((_, t) => t).filter((t) => x[w]![d + k]![t]);
        const excluded = (s: number): number[] => later.filter((t) => instances[t]![d + k]!.start - instances[s]![d]!.end < p.minRestMs);
        for (let i = 0; i < today.length; i++) {
          const clash = excluded(today[i]!);
          if (clash.length === 0) break;
          const next = i + 1 < today.length ? excluded(today[i + 1]!) : [];
          if (next.length === clash.length) continue;
          const prefix = today.slice(0, i + 1);
          if (prefix.length === today.length) dayCovered[d] = true;
          if (clash.length === later.length) dayCovered[d + k] = true;
          lp.row('rest', [...prefix.map((s) => [1, x[w]![d]![s]!] as [number, string]), ...clash.map((t) => [1, x[w]![d + k]![t]!] as [number, string])], '<=', 1);
        }
      }
    }
    // At most one shift a day, where no rest clique already says it.
    for (let d = 0; d < count; d++) {
      const terms = dayTerms(w, d);
      if (terms.length > 1 && !dayCovered[d]) lp.row('oneShiftPerDay', terms, '<=', 1);
    }
    // Weeks: hours within the agreed and the legal limit, days within what the law allows.
    weeks.forEach((week, k) => {
      const caps = weekCaps(p, pw, week);
      if (!caps) return;
      const hourTerms = week.days.flatMap((d) => dayTerms(w, d, (s) => weekHours(p, pw, d, s, caps.underPact)));
      const dayCount = week.days.flatMap((d) => dayTerms(w, d));
      lp.row('weekHours', hourTerms, '<=', caps.hours);
      lp.row('weekDays', dayCount, '<=', caps.maxDays);
      if (caps.minDays > 0) {
        const slack = lp.column(`m${w}_${k}`, { kind: 'minDays', worker: w, week: k }, MIN_DAYS_WEIGHT, false);
        lp.row('weekMinDays', [...dayCount, [1, slack]], '>=', caps.minDays);
      }
    });
    // An averaged distribution pact (art. 22 bis): each cycle's weeks in the period within the agreed hours of each
    // (the legal limit if lower), and where a cycle has three weeks or more, no more than two in a row over the
    // legal weekly limit (a binary per week says it is over; then it may reach the 45 of `weekCaps`).
    for (const cycle of averagedWeeks(p, pw, weeks)?.cycles ?? []) {
      const termsOf = (k: number) => weeks[k]!.days.flatMap((d) => dayTerms(w, d, (s) => hoursOf(s, d)));
      lp.row('averagedCycle', cycle.weeks.flatMap(termsOf), '<=', cycle.capHours);
      if (cycle.length <= AVERAGED_WEEKS_OVER_AVERAGE_MAX) continue;
      const over = cycle.weeks.map((k, i) => {
        const name = lp.column(`a${w}_${k}`, { kind: 'averagedOver', worker: w, week: k }, 0, true, 0, 1);
        lp.row('averagedOver', [...termsOf(k), [-(AVERAGED_WEEK_CEILING_HOURS - cycle.overAt[i]!), name]], '<=', cycle.overAt[i]!);
        return name;
      });
      for (let i = 0; i + AVERAGED_WEEKS_OVER_AVERAGE_MAX < over.length; i++) {
        const run = Array.from({ length: AVERAGED_WEEKS_OVER_AVERAGE_MAX + 1 }, (_, j) => i + j);
        if (cycle.positions[run[run.length - 1]!]! - cycle.positions[i]! !== AVERAGED_WEEKS_OVER_AVERAGE_MAX) continue;
        lp.row('averagedRun', run.map((j) => [1, over[j]!] as [number, string]), '<=', AVERAGED_WEEKS_OVER_AVERAGE_MAX);
      }
    }
    // Exceptional schedules average their weeks over the cycle: the period's hours within the agreed average,
    // and every window of one cycle's length inside the period within the legal weekly limit in force on its
    // last day, averaged as weeks (the plan alerts' `jornada_promedio_ciclo_sobre_limite`, art. 38 inc. final).
    const exceptional = pw.options.exceptionalSchedule;
    if (exceptional) {
      const available = pw.unavailable.filter((u) => u === null).length;
      const terms = days.flatMap((_, d) => dayTerms(w, d, (s) => hoursOf(s, d)));
      lp.row('cycleHours', terms, '<=', (pw.agreed * available) / 7);
      const cycle = typeof exceptional === 'object' ? exceptional.cycle : undefined;
      const length = cycle ? cycle.workDays + cycle.restDays : 0;
      for (let start = 0; length > 0 && start + length <= count; start++) {
        const window = Array.from({ length }, (_, i) => start + i);
        const limit = (weeklyHoursLimit(days[start + length - 1]!) * length) / 7;
        lp.row('cycleWindow', window.flatMap((d) => dayTerms(w, d, (s) => hoursOf(s, d))), '<=', limit);
      }
    }
    // Two Sundays off in each calendar month (art. 38 inc. 4), counting the month's Sundays worked before the period.
    if (pw.sundayRule) {
      const firstMonth = civilFromDays(p.first);
      const lastMonth = civilFromDays(p.first + count - 1);
      for (let m = firstMonth.year * 12 + firstMonth.month - 1; m <= lastMonth.year * 12 + lastMonth.month - 1; m++) {
        const allowance = sundayAllowance(p, pw, m);
        lp.row('sundays', allowance.days.flatMap((d) => dayTerms(w, d)), '<=', allowance.max);
      }
    }
  });

  // Demand: covered people + shortfall − surplus = required. Bands covered by the same placed shifts (the hours
  // of one shift, or of the overlap of two) share one sum of assignments: it is written once, as a column of its
  // own, and each band's row only ties that column to its slacks. Every band keeps its own shortfall and
  // surplus, so the objective is the same; the matrix loses most of its nonzeros.
  const groups = new Map<string, number[]>();
  p.bands.forEach((band, b) => {
    const key = band.covers
      .map((c) => `${c.day}_${c.shift}`)
      .sort()
      .join(' ');
    const members = groups.get(key);
    if (members) members.push(b);
    else groups.set(key, [b]);
  });
  let group = 0;
  for (const members of groups.values()) {
    const terms: [number, string][] = [];
    p.workers.forEach((_, w) => {
      for (const { day, shift } of p.bands[members[0]!]!.covers) {
        const name = x[w]![day]![shift];
        if (name) terms.push([1, name]);
      }
    });
    let covered: [number, string][] = terms;
    if (members.length > 1 && terms.length > 1) {
      const name = lp.column(`c${group}`, { kind: 'covered', bands: members }, 0, false);
      lp.row('coverage', [...terms, [-1, name]], '=', 0);
      covered = [[1, name]];
      group++;
    }
    for (const b of members) {
      const band = p.bands[b]!;
      const short = lp.column(`u${b}`, { kind: 'short', band: b }, weights.shortfall * band.hours, false);
      const over = lp.column(`o${b}`, { kind: 'over', band: b }, weights.overCoverage * band.hours, false);
      lp.row('coverageBands', [...covered, [1, short], [-1, over]], '=', band.required);
    }
  }

  // Fairness: each worker's count of Sundays, holidays and nights (history included) pays a cost that grows with
  // every unit above the part's mean: a convex, separable penalty spreads them evenly and keeps the LP relaxation
  // tight (a max-minus-min spread ties all workers to two shared columns and leaves the bound weak).
  if (p.workers.length > 1 && weights.fairness > 0) {
    const categories: [FairnessCategory, (d: number, s: number) => boolean, (w: number) => number][] = [
      ['sundays', (d) => isoWeekday(days[d]!) === 7, (w) => p.workers[w]!.worker.history?.sundaysWorked ?? 0],
      ['holidays', (d) => p.holidays(days[d]!) !== undefined, (w) => p.workers[w]!.worker.history?.holidaysWorked ?? 0],
      ['nights', (_, s) => p.night[s]!, (w) => p.workers[w]!.worker.history?.nightsWorked ?? 0],
    ];
    for (const [category, counts, past] of categories) {
      const perWorker = p.workers.map((_, w) => days.flatMap((__, d) => x[w]![d]!.flatMap((name, s) => (name && counts(d, s) ? [[1, name] as [number, string]] : []))));
      const eligible = perWorker.map((terms, w) => ({ terms, w, days: new Set(terms.map(([, n]) => n.split('_')[1])).size })).filter((e) => e.terms.length > 0);
      if (eligible.length < 2) continue;
      const mean = eligible.reduce((sum, e) => sum + past(e.w), 0) / eligible.length;
      for (const { terms, w, days: possible } of eligible) {
        // Tiers from the mean up to the most the worker could reach: tier k costs k × fairness.
        const base = Math.floor(mean);
        const tiers: [number, string][] = [];
        for (let level = base, k = 1; level < past(w) + possible; level++, k++) {
          tiers.push([-1, lp.column(`f${w}_${category}_${k}`, { kind: 'fairness', worker: w, category, level }, weights.fairness * k, false, 0, 1)]);
        }
        if (tiers.length > 0) lp.row('fairness', [...terms, ...tiers], '<=', base - past(w));
      }
    }
  }
  return { lp: lp.text(), variables: lp.variables, offset, families: lp.families, prepared: p };
}
