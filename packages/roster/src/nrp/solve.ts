/**
 * Solves a Curtois–Qu instance with the roster's solver core: the published model (`buildNrpModel`) through the
 * same HiGHS run as the roster's own parts (`runLp`), then the roster read back by shift id.
 */
import type { Highs } from 'highs';
import { runLp, type LpStatus } from '../highs-run';
import type { NrpInstance } from './instance';
import { buildNrpModel } from './model';

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
  columns: number;
  rows: number;
  seconds: number;
}

/** Solves within the time limit; never throws on a solver outcome. Blocks the thread while HiGHS runs. */
export function solveNrp(highs: Highs, instance: NrpInstance, options: NrpSolveOptions): NrpSolution {
  const started = performance.now();
  const model = buildNrpModel(instance);
  const result = runLp(highs, model.lp, {
    timeLimit: options.timeLimitSeconds,
    mipRelGap: options.mipRelGap ?? 0,
    // With whole weights two rosters differ by at least 1: a gap under 1 is a proof.
    mipAbsGap: model.integral ? 0.999 : undefined,
    offset: model.offset,
    // Only the assignments taken (x<staff>_<day>_<shift>).
    keep: (name, value) => /^x\d/.test(name) && value > 0.5,
  });
  const seconds = (performance.now() - started) / 1000;
  const sizes = { columns: model.columns, rows: model.rows, seconds };
  if (!result.values) return { status: result.status, objective: null, bound: null, gap: null, roster: null, ...sizes };
  const values = result.values;
  const roster = instance.staff.map((_, e) =>
    Array.from({ length: instance.horizon }, (__, d) => {
      const t = instance.shifts.findIndex((___, s) => {
        const name = model.assignment(e, d, s);
        return name !== undefined && values.has(name);
      });
      return t >= 0 ? instance.shifts[t]!.id : null;
    }),
  );
  // The solver's floating objective, rounded when it can only be whole; likewise its bound, rounded up.
  const objective = model.integral ? Math.round(result.primal) : result.primal;
  const bound = Math.min(objective, model.integral ? Math.ceil(result.dual - 1e-6) : result.dual);
  const gap = objective > 0 ? (objective - bound) / objective : objective - bound;
  const status: LpStatus = bound >= objective - 1e-6 ? 'optimal' : 'feasible';
  return { status, objective, bound, gap, roster, ...sizes };
}
