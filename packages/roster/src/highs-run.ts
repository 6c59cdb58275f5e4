/**
 * One run of HiGHS on a model written as CPLEX LP text: the part of the solver core that knows nothing about
 * rosters. The roster's own model (`solve.ts`) and the adapter for public benchmark instances (`nrp/`) both go
 * through it, so both are solved with the same options and read back the same way.
 */
import type { Highs } from 'highs';

/** How a run ended: proven optimal, a solution without proof, no solution in time, or a model with none. */
export type LpStatus = 'optimal' | 'feasible' | 'none' | 'infeasible';

export interface LpRunOptions {
  /** Seconds HiGHS may run (at least 0.05). */
  timeLimit: number;
  /** HiGHS stops when the relative gap between its best solution and its bound is at most this. */
  mipRelGap: number;
  /**
   * HiGHS stops when its best solution is within this much of its bound (HiGHS's default when absent). For an
   * objective that only takes integer values, anything below 1 proves optimality as soon as it is reached.
   */
  mipAbsGap?: number;
  /** HiGHS's `mip_pool_soft_limit` (the cut pool's size); HiGHS's default when absent. */
  poolLimit?: number;
  /** A first incumbent: values of some columns by name; columns not named are left for HiGHS to complete. */
  start?: ReadonlyMap<string, number> | null;
  /** Which column values come back (all by default). */
  keep?: (name: string, value: number) => boolean;
  /** Constant added to the objective (LP text carries none). Default 0. */
  offset?: number;
  /**
   * Whether to read HiGHS's MIP dual bound (default true). Off for a model known to be a pure LP, whose
   * optimum is its own bound.
   */
  readBound?: boolean;
}

export interface LpRunResult {
  status: LpStatus;
  /** Kept column values by name when a solution exists. */
  values: Map<string, number> | null;
  /** Objective of the solution, offset included (0 without a solution). */
  primal: number;
  /**
   * Best proven lower bound, offset included (0 without a solution). When HiGHS reports no finite bound this
   * is 0, offset not added: the objectives given here are sums of non-negative penalties, so 0 is a bound.
   */
  dual: number;
  /** `(primal − dual) / |primal|`, or the absolute difference when the objective is 0. */
  gap: number;
}

/** A gap at or below this is a proof of optimality (HiGHS's own default optimality tolerance scale). */
const PROVEN_GAP = 1e-6;

/** Relative gap between a solution's objective and a bound, absolute when the objective is 0. */
function relativeGap(primal: number, dual: number): number {
  return Math.abs(primal) > 1e-9 ? Math.max(0, primal - dual) / Math.abs(primal) : Math.max(0, primal - dual);
}

/** Runs HiGHS on LP text with a time limit and a relative gap; never throws on a solver outcome. */
export function runLp(highs: Highs, lpText: string, options: LpRunOptions): LpRunResult {
  const offset = options.offset ?? 0;
  const m = highs.createModel({ format: 'lp', data: lpText });
  try {
    const settings: Record<string, number | boolean> = { output_flag: false, time_limit: Math.max(0.05, options.timeLimit), mip_rel_gap: options.mipRelGap, random_seed: 1 };
    if (options.mipAbsGap !== undefined) settings.mip_abs_gap = options.mipAbsGap;
    if (options.poolLimit !== undefined) settings.mip_pool_soft_limit = options.poolLimit;
    m.options.set(settings);
    const dims = m.getDimensions();
    const names = Array.from({ length: dims.numCols }, (_, i) => m.getColName(i));
    if (options.start) {
      const indices: number[] = [];
      const values: number[] = [];
      names.forEach((name, i) => {
        const v = options.start!.get(name);
        if (v === undefined) return;
        indices.push(i);
        values.push(v);
      });
      if (indices.length > 0) m.setSolution({ indices, values });
    }
    const { modelStatus } = m.run();
    const codes = highs.constants.modelStatus;
    if (modelStatus === codes.infeasible) return { status: 'infeasible', values: null, primal: 0, dual: 0, gap: 0 };
    let hasSolution = false;
    try {
      hasSolution = Number(m.info.get('primal_solution_status')) === 2;
    } catch {
      hasSolution = false;
    }
    if (!hasSolution) return { status: modelStatus === codes.empty ? 'optimal' : 'none', values: null, primal: 0, dual: 0, gap: 0 };
    const solution = m.getSolution();
    const values = new Map<string, number>();
    names.forEach((name, i) => {
      const value = solution.colValue[i]!;
      if (!options.keep || options.keep(name, value)) values.set(name, value);
    });
    const primal = m.getObjectiveValue() + offset;
    let dual = primal;
    if (options.readBound ?? true) {
      const bound = Number(m.info.get('mip_dual_bound'));
      dual = Number.isFinite(bound) ? bound + offset : 0;
    }
    const gap = relativeGap(primal, dual);
    const proven = modelStatus === codes.optimal && gap <= PROVEN_GAP;
    return { status: proven ? 'optimal' : 'feasible', values, primal, dual, gap };
  } finally {
    m.dispose();
  }
}
