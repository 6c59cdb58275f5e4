/**
 * The integer programme Curtois and Qu publish for their instances ("Computational results on new staff
 * scheduling benchmark instances", 2014), written as CPLEX LP text for the solver core (`runLp`).
 *
 * Columns: x(e,d,t) = 1 when staff e works shift t on day d; k(e,w) = 1 when e works on weekend w; u(d,t) and
 * v(d,t) the people under and over the cover of shift t on day d.
 * Hard: at most one shift a day; no shift t followed the next day by one that cannot follow it; at most
 * MaxShifts of each type; total minutes between the minimum and the maximum; no more than MaxConsecutiveShifts
 * working days in a row (any window of max + 1 days holds at most max); no working block shorter than
 * MinConsecutiveShifts and no block of days off shorter than MinConsecutiveDaysOff, except a block touching
 * the start or the end of the horizon (the days outside it are unknown, as in their model); at most MaxWeekends
 * weekends worked; nothing on a day off. The short-block rules are written in an equivalent form with fewer
 * terms than the published rows (see below); the rosters allowed are the same.
 * Objective: the weight of every on-request not met and every off-request met, plus under- and over-cover
 * times their weights.
 */
import type { NrpInstance } from './instance';

export interface NrpModel {
  lp: string;
  /** Constant part of the objective: every on-request costs its weight unless its column is 1. */
  offset: number;
  /** Every weight is a whole number, so is every roster's objective: a bound can be rounded up. */
  integral: boolean;
  columns: number;
  rows: number;
  /** Name of the column of staff e, day d, shift t, or undefined when that assignment is ruled out. */
  assignment: (e: number, d: number, t: number) => string | undefined;
  /**
   * The model's objective for the assignment columns set to 1 in `taken`, with the cover slacks at their least
   * (a heuristic incumbent of HiGHS may leave a slot both under and over, which costs more than its roster).
   */
  objectiveOf: (taken: ReadonlySet<string>) => number;
}

type Term = [number, string];

/** Builds the model; assignments a day off or a zero MaxShifts rules out get no column at all. */
export function buildNrpModel(instance: NrpInstance): NrpModel {
  const { horizon, shifts, staff } = instance;
  const shiftIndex = new Map(shifts.map((s, t) => [s.id, t]));
  const staffIndex = new Map(staff.map((s, e) => [s.id, e]));
  const rows: string[] = [];
  const binaries: string[] = [];
  const bounds: string[] = [];
  const objective = new Map<string, number>();
  let offset = 0;
  let integral = true;
  const cost = (name: string, c: number): void => {
    if (!Number.isInteger(c)) integral = false;
    objective.set(name, (objective.get(name) ?? 0) + c);
  };
  // A fixed-zero column, for an objective or a constraint that would otherwise be empty.
  let none = false;
  const row = (terms: readonly Term[], sense: '<=' | '>=' | '=', rhs: number): void => {
    if (terms.length > 0) {
      rows.push(` c${rows.length}: ${linear(terms)} ${sense} ${rhs}`);
      return;
    }
    // Nothing left to choose: keep the row only if 0 breaks it, so the model says it is infeasible.
    if ((sense === '<=' && rhs < 0) || (sense === '>=' && rhs > 0) || (sense === '=' && rhs !== 0)) {
      none = true;
      rows.push(` c${rows.length}: x_none ${sense} ${rhs}`);
    }
  };

  // x(e,d,t), absent when ruled out.
  const x: (string | undefined)[][][] = staff.map((member, e) => {
    const off = new Set(instance.daysOff.get(member.id) ?? []);
    return Array.from({ length: horizon }, (_, d) =>
      shifts.map((shift, t) => {
        if (off.has(d) || member.maxShifts.get(shift.id) === 0) return undefined;
        const name = `x${e}_${d}_${t}`;
        binaries.push(name);
        return name;
      }),
    );
  });
  const working = (e: number, d: number, sign = 1): Term[] => x[e]![d]!.flatMap((name) => (name ? [[sign, name] as Term] : []));

  staff.forEach((member, e) => {
    for (let d = 0; d < horizon; d++) {
      // One shift a day.
      const day = working(e, d);
      if (day.length > 1) row(day, '<=', 1);
      // Successions: t today, then none of the shifts that cannot follow it tomorrow (one row per t, which also
      // says the pairwise rows of the published model).
      if (d + 1 < horizon) {
        shifts.forEach((shift, t) => {
          const today = x[e]![d]![t];
          const tomorrow = shift.cannotFollow.flatMap((id) => {
            const name = x[e]![d + 1]![shiftIndex.get(id)!];
            return name ? [[1, name] as Term] : [];
          });
          if (today && tomorrow.length > 0) row([[1, today], ...tomorrow], '<=', 1);
        });
      }
    }
    // Most shifts of each type.
    shifts.forEach((shift, t) => {
      const limit = member.maxShifts.get(shift.id);
      if (limit === undefined || limit >= horizon) return;
      const terms = x[e]!.flatMap((days) => (days[t] ? [[1, days[t]] as Term] : []));
      if (terms.length > limit) row(terms, '<=', limit);
    });
    // Total minutes.
    const minutes = x[e]!.flatMap((days) => days.flatMap((name, t) => (name ? [[shifts[t]!.minutes, name] as Term] : [])));
    row(minutes, '<=', member.maxTotalMinutes);
    if (member.minTotalMinutes > 0) row(minutes, '>=', member.minTotalMinutes);
    // At most max consecutive working days: every window of max + 1 days has a day off.
    const max = member.maxConsecutiveShifts;
    for (let d = 0; d + max < horizon; d++) {
      const terms = Array.from({ length: max + 1 }, (_, j) => working(e, d + j)).flat();
      if (terms.length > max) row(terms, '<=', max);
    }
    // Short blocks. A working block that starts on day d ≥ 1 (off on d − 1) lasts MinConsecutiveShifts days
    // unless the horizon ends first: w(d+j) ≥ w(d) − w(d−1) for j < min. A block starting on day 0 may be the
    // tail of one before the horizon, and one cut by its end the head of one after it: neither is bound, as
    // in the published model. Same for days off with 1 − w. These rows allow exactly the rosters the
    // published ones do (no short block strictly inside the horizon), with fewer terms and a tighter
    // relaxation (on Instance3 the root bound, rounded up, is already the optimum).
    for (let d = 1; d < horizon; d++) {
      const starts = [...working(e, d), ...working(e, d - 1, -1)];
      for (let j = 1; j < member.minConsecutiveShifts && d + j < horizon; j++) row([...working(e, d + j), ...negate(starts)], '>=', 0);
      for (let j = 1; j < member.minConsecutiveDaysOff && d + j < horizon; j++) row([...working(e, d + j, -1), ...starts], '>=', -1);
    }
    // Weekends: k(e,w) is 1 when Saturday or Sunday is worked; at most MaxWeekends of them.
    const weekends: string[] = [];
    for (let saturday = 5; saturday < horizon; saturday += 7) {
      const days = [saturday, saturday + 1].filter((d) => d < horizon).map((d) => working(e, d));
      if (days.every((terms) => terms.length === 0)) continue;
      const k = `k${e}_${weekends.length}`;
      binaries.push(k);
      weekends.push(k);
      for (const terms of days) if (terms.length > 0) row([...terms, [-1, k]], '<=', 0);
    }
    if (weekends.length > member.maxWeekends) row(weekends.map((k) => [1, k] as Term), '<=', member.maxWeekends);
  });

  // Requests: an on-request costs its weight unless worked (a constant minus the column), an off-request
  // costs its weight when worked.
  for (const r of instance.onRequests) {
    offset += r.weight;
    if (!Number.isInteger(r.weight)) integral = false;
    const name = x[staffIndex.get(r.staff)!]![r.day]![shiftIndex.get(r.shift)!];
    if (name) cost(name, -r.weight);
  }
  for (const r of instance.offRequests) {
    const name = x[staffIndex.get(r.staff)!]![r.day]![shiftIndex.get(r.shift)!];
    if (name) cost(name, r.weight);
  }
  // Cover: people on the shift + under − over = requirement.
  const slots: { people: string[]; requirement: number; underWeight: number; overWeight: number }[] = [];
  for (const c of instance.cover) {
    const t = shiftIndex.get(c.shift)!;
    const under = `u${c.day}_${t}`;
    const over = `v${c.day}_${t}`;
    bounds.push(` ${under} >= 0`, ` ${over} >= 0`);
    cost(under, c.underWeight);
    cost(over, c.overWeight);
    const people = staff.flatMap((_, e) => (x[e]![c.day]![t] ? [[1, x[e]![c.day]![t]!] as Term] : []));
    row([...people, [1, under], [-1, over]], '=', c.requirement);
    slots.push({ people: people.map(([, name]) => name), requirement: c.requirement, underWeight: c.underWeight, overWeight: c.overWeight });
  }

  const objectiveTerms = [...objective].filter(([, c]) => c !== 0).map(([name, c]) => [c, name] as Term);
  if (objectiveTerms.length === 0 || rows.length === 0) none = true;
  const lp = [
    'Minimize',
    ` obj: ${objectiveTerms.length > 0 ? linear(objectiveTerms) : '0 x_none'}`,
    'Subject To',
    ...(rows.length > 0 ? rows : [' c0: 0 x_none >= 0']),
    'Bounds',
    ...bounds,
    ...(none ? [' x_none = 0'] : []),
    ...(binaries.length > 0 ? ['Binaries', ...chunk(binaries, 20).map((names) => ` ${names.join(' ')}`)] : []),
    'End',
    '',
  ].join('\n');
  return {
    lp,
    offset,
    integral,
    columns: binaries.length + bounds.length,
    rows: rows.length,
    assignment: (e, d, t) => x[e]?.[d]?.[t],
    objectiveOf: (taken) => {
      let total = offset;
      for (const name of taken) total += /^x\d/.test(name) ? (objective.get(name) ?? 0) : 0;
      for (const slot of slots) {
        const people = slot.people.filter((name) => taken.has(name)).length;
        total += people < slot.requirement ? (slot.requirement - people) * slot.underWeight : (people - slot.requirement) * slot.overWeight;
      }
      return total;
    },
  };
}

function negate(terms: readonly Term[]): Term[] {
  return terms.map(([c, name]) => [-c, name]);
}

function linear(terms: readonly Term[]): string {
  const parts = terms.map(([c, name], i) => {
    const sign = c < 0 ? '-' : i === 0 ? '' : '+';
    const abs = Math.abs(c);
    return `${sign}${sign && i > 0 ? ' ' : ''}${abs === 1 ? '' : `${abs} `}${name}`;
  });
  return chunk(parts, 12)
    .map((line) => line.join(' '))
    .join('\n  ');
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
