/**
 * Solves a Curtois–Qu instance with the roster's solver core: the published model (`buildNrpModel`) through the
 * same HiGHS run as the roster's own parts (`runLp`), from a start built with the same core, then the roster
 * read back by shift id.
 */
import type { Highs } from 'highs';
import { runLp, type LpStatus } from '../highs-run';
import type { NrpInstance } from './instance';
import { buildNrpModel, type NrpModel } from './model';

export interface NrpSolveOptions {
  timeLimitSeconds: number;
  /** Relative gap at which HiGHS may stop; 0 (the default) asks for a proof. */
  mipRelGap?: number;
}

export interface NrpSolution {
  /** `optimal` only with a proof: the bound meets the objective. */
  status: LpStatus;
  /** Objective of the roster found, null without one. */
  objective: number | null;
  /** Best proven lower bound (rounded up when every weight is whole), null without a solution. */
  bound: number | null;
  /** `(objective − bound) / objective`, null without a solution. */
  gap: number | null;
  /** Shift id per staff member (instance order) and day, null for a day off; null without a solution. */
  roster: (string | null)[][] | null;
  /** Objective of the start HiGHS was given, null without one. */
  startObjective: number | null;
  columns: number;
  rows: number;
  seconds: number;
}

/** Share of the time limit the start may take (its first pass may need more). */
const START_SHARE = 0.1;
/** Least time a person's model gets in the start's first pass. */
const MIN_PERSON_SECONDS = 0.5;

type Roster = (string | null)[][];

/**
 * Solves within the time limit; never throws on a solver outcome. Blocks the thread while HiGHS runs.
 * HiGHS starts from a roster built person by person (`personByPerson`), as the product's roster starts from its
 * greedy one.
 */
export function solveNrp(highs: Highs, instance: NrpInstance, options: NrpSolveOptions): NrpSolution {
  const started = performance.now();
  const model = buildNrpModel(instance);
  const first = personByPerson(highs, instance, START_SHARE * options.timeLimitSeconds);
  const start = first ? columnsOf(instance, model, first) : null;
  const result = runLp(highs, model.lp, {
    timeLimit: options.timeLimitSeconds - (performance.now() - started) / 1000,
    mipRelGap: options.mipRelGap ?? 0,
    // With whole weights two rosters differ by at least 1: a gap under 1 is a proof.
    mipAbsGap: model.integral ? 0.999 : undefined,
    offset: model.offset,
    start,
    keep: taken,
  });
  const seconds = (performance.now() - started) / 1000;
  const startObjective = start ? whole(model, model.objectiveOf(new Set([...start].filter(([, v]) => v === 1).map(([name]) => name)))) : null;
  const sizes = { startObjective, columns: model.columns, rows: model.rows, seconds };
  if (!result.values) return { status: result.status, objective: null, bound: null, gap: null, roster: null, ...sizes };
  const roster = readRoster(instance, model, result.values);
  // The roster's own objective (HiGHS's incumbent may carry slack a roster does not need), and the bound
  // rounded up when the objective can only be whole.
  const objective = whole(model, Math.min(result.primal, model.objectiveOf(new Set(result.values.keys()))));
  const bound = Math.min(objective, model.integral ? Math.ceil(result.dual - 1e-6) : result.dual);
  const gap = objective > 0 ? (objective - bound) / objective : objective - bound;
  const status: LpStatus = bound >= objective - 1e-6 ? 'optimal' : 'feasible';
  return { status, objective, bound, gap, roster, ...sizes };
}

/**
 * A lawful roster to start from, or null. Every hard rule concerns one person, so a person's best roster given
 * everyone else's is a small model of its own: the cover the others leave makes each of their shifts cost the
 * under-cover it saves or the over-cover it adds. A first pass places people one after the other; later passes
 * give each person in turn their best roster against all the others, while one improves and time remains. Each
 * small model goes through the same `runLp`. Null when a person has no lawful roster in the time (the full model
 * then says so, or searches without a start).
 */
function personByPerson(highs: Highs, instance: NrpInstance, seconds: number): Roster | null {
  const deadline = performance.now() + seconds * 1000;
  const n = instance.staff.length;
  const roster: Roster = instance.staff.map(() => Array<string | null>(instance.horizon).fill(null));
  const placed = new Map<string, number>();
  const place = (week: readonly (string | null)[], sign: number): void =>
    week.forEach((shift, d) => {
      if (shift !== null) placed.set(`${d}/${shift}`, (placed.get(`${d}/${shift}`) ?? 0) + sign);
    });
  /** Person e's best roster against the others; true when it replaced theirs. */
  const improve = (e: number, timeLimit: number, firstPass: boolean): boolean | null => {
    const member = instance.staff[e]!;
    place(roster[e]!, -1);
    const alone: NrpInstance = {
      ...instance,
      staff: [member],
      onRequests: instance.onRequests.filter((r) => r.staff === member.id),
      offRequests: instance.offRequests.filter((r) => r.staff === member.id),
      // A requirement the others already meet (or pass) goes to 0 or below: one more is then over-cover.
      cover: instance.cover.map((c) => ({ ...c, requirement: c.requirement - (placed.get(`${c.day}/${c.shift}`) ?? 0) })),
    };
    const model = buildNrpModel(alone);
    const current = firstPass ? null : columnsOf(alone, model, [roster[e]!]);
    const result = runLp(highs, model.lp, { timeLimit, mipRelGap: 0, mipAbsGap: model.integral ? 0.999 : undefined, start: current, keep: taken });
    let replaced: boolean | null = null;
    if (result.values) {
      const cost = (names: Iterable<string>): number => model.objectiveOf(new Set(names));
      const better = current === null || cost(result.values.keys()) < cost([...current].filter(([, v]) => v === 1).map(([name]) => name)) - 1e-9;
      if (better) roster[e] = readRoster(alone, model, result.values)[0]!;
      replaced = better;
    }
    place(roster[e]!, 1);
    return replaced;
  };
  const left = (): number => (deadline - performance.now()) / 1000;
  // Everyone needs a first roster, even past the share: each gets at least MIN_PERSON_SECONDS.
  for (let e = 0; e < n; e++) if (improve(e, Math.max(MIN_PERSON_SECONDS, left() / (n - e)), true) === null) return null;
  for (let changed = true; changed && left() > 0; ) {
    changed = false;
    for (let e = 0; e < n && left() > 0; e++) if (improve(e, left() / (n - e), false)) changed = true;
  }
  return roster;
}

/** Only the assignments taken (x<staff>_<day>_<shift>) come back from HiGHS. */
const taken = (name: string, value: number): boolean => /^x\d/.test(name) && value > 0.5;

/** Every assignment column of the model, 1 where the roster has that shift. */
function columnsOf(instance: NrpInstance, model: NrpModel, roster: Roster): Map<string, number> {
  const columns = new Map<string, number>();
  instance.staff.forEach((_, e) =>
    roster[e]!.forEach((shift, d) =>
      instance.shifts.forEach((s, t) => {
        const name = model.assignment(e, d, t);
        if (name) columns.set(name, s.id === shift ? 1 : 0);
      }),
    ),
  );
  return columns;
}

function readRoster(instance: NrpInstance, model: NrpModel, values: ReadonlyMap<string, number>): Roster {
  return instance.staff.map((_, e) =>
    Array.from({ length: instance.horizon }, (__, d) => {
      const t = instance.shifts.findIndex((___, s) => {
        const name = model.assignment(e, d, s);
        return name !== undefined && values.has(name);
      });
      return t >= 0 ? instance.shifts[t]!.id : null;
    }),
  );
}

/** An objective that can only be whole, rounded (HiGHS's arithmetic is floating). */
function whole(model: NrpModel, objective: number): number {
  return model.integral ? Math.round(objective) : objective;
}
