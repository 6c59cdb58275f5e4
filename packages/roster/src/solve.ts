/**
 * Solves a roster with HiGHS (WebAssembly): part by part, each within its share of the time limit, then reads
 * the assignments back, measures coverage and explains in Spanish what could not be covered and why.
 */
import loadHighsRuntime, { type Highs } from 'highs';
import { isoWeekday, toDayNumber } from '@jornada/domain';
import { explainShortfalls } from './explain';
import { runLp } from './highs-run';
import { greedyRoster } from './warm-start';
import { modelOf, periodWeeks, weekCaps, type PreparedModel } from './model';
import { partitionRoster } from './partition';
import { prepare, type Prepared } from './prepare';
import type { RosterAssignment, RosterCoverage, RosterInput, RosterIssue, RosterProposal, RosterShortfall, RosterStatus, RosterWorkerSummary } from './types';

export type { Highs };

const DEFAULT_TIME_LIMIT_SECONDS = 30;
const DEFAULT_MIP_REL_GAP = 0.001;
/** A gap at or below this is a proof of optimality (HiGHS's own default optimality tolerance scale). */
const PROVEN_GAP = 1e-6;
const CUT_POOL_SOFT_LIMIT = 200;
/** A second run of a part that did not close needs at least this long to redo its root. */
const MIN_SECOND_RUN_SECONDS = 1.5;

let runtime: Promise<Highs> | null = null;

/** Loads the HiGHS WebAssembly runtime once per process (or worker thread) and reuses it. */
export function loadHighs(): Promise<Highs> {
  runtime ??= loadHighsRuntime();
  return runtime;
}

/** How one part ended: the values of its columns (by name) when a solution exists, and its bounds. */
interface PartResult {
  values: Map<string, number> | null;
  status: 'optimal' | 'feasible' | 'none' | 'infeasible';
  primal: number;
  dual: number;
}

/** Runs HiGHS on a model's LP text with a time limit and a relative gap; never throws on a solver outcome. */
function runModel(highs: Highs, model: PreparedModel, timeLimit: number, mipRelGap: number, start: number[][] | null): PartResult {
  // The greedy roster as the first incumbent: its shifts, every other shift off; HiGHS completes the slacks.
  let first: Map<string, number> | null = null;
  if (start) {
    first = new Map();
    for (const [name, v] of model.variables) if (v.kind === 'assign') first.set(name, start[v.worker]![v.day] === v.shift ? 1 : 0);
  }
  const result = runLp(highs, model.lp, {
    timeLimit,
    mipRelGap,
    // A smaller cut pool than HiGHS's default (10 000): these models close at the root, and the pool and its copy
    // in the root's sub-MIP are what grew the WebAssembly heap, which never shrinks.
    poolLimit: CUT_POOL_SOFT_LIMIT,
    start: first,
    // Only what the roster is read from: the assignments taken and the weeks short of the legal days.
    keep: (name, value) => {
      const kind = model.variables.get(name)?.kind;
      return (kind === 'assign' || kind === 'minDays') && value > 0.5;
    },
    offset: model.offset,
    // A part without assignment columns (demand no shift covers) is an LP: its optimum is its own bound.
    readBound: start !== null && start.some((days) => days.length > 0) && [...model.variables.values()].some((v) => v.kind === 'assign'),
  });
  return { values: result.values, status: result.status, primal: result.primal, dual: result.dual };
}

/**
 * The columns a roster sets, named as the model names them: its assignments, and the weeks it leaves short of
 * the legal days (the `minDays` slacks), so a roster that did not come from HiGHS is read back the same way.
 */
function valuesOfRoster(p: Prepared, chosen: number[][]): Map<string, number> {
  const values = new Map<string, number>();
  const weeks = periodWeeks(p.first, p.days.length);
  p.workers.forEach((pw, w) => {
    chosen[w]!.forEach((s, d) => {
      if (s >= 0) values.set(`x${w}_${d}_${s}`, 1);
    });
    weeks.forEach((week, k) => {
      const caps = weekCaps(p, pw, week);
      if (caps && caps.minDays > 0 && week.days.filter((d) => chosen[w]![d]! >= 0).length < caps.minDays) values.set(`m${w}_${k}`, 1);
    });
  });
  return values;
}

/**
 * Proposes a lawful roster for the input: hard rules are never broken; uncovered demand comes back as
 * shortfalls with the reason in Spanish. Large inputs are solved by independent parts (`partitionRoster`),
 * each given a share of `timeLimitSeconds` in proportion to its size. Blocks the thread while HiGHS runs:
 * callers that serve requests run it in a worker thread.
 */
export function solveRoster(input: RosterInput, highs: Highs): RosterProposal {
  const started = performance.now();
  const timeLimit = input.options?.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS;
  const mipRelGap = input.options?.mipRelGap ?? DEFAULT_MIP_REL_GAP;
  const parts = partitionRoster(input);
  // Each part's model is built just before it is solved; its share of the time is estimated from its size: its
  // candidate assignments and its demand.
  const days = Math.max(1, toDayNumber(input.to) - toDayNumber(input.from) + 1);
  const sizes = parts.map((part) => part.workers.length * part.shifts.length * days + 2 * part.demand.length);
  let remainingSize = sizes.reduce((a, b) => a + b, 0);
  const secondsLeft = (): number => timeLimit - (performance.now() - started) / 1000;
  const outcomes = parts.map((part, i) => {
    const model = modelOf(prepare(part));
    const start = greedyRoster(model.prepared);
    const share = remainingSize > 0 ? sizes[i]! / remainingSize : 1;
    remainingSize -= sizes[i]!;
    const result = runModel(highs, model, Math.max(0, secondsLeft()) * share, mipRelGap, start);
    // The model's text is kept only for a part that may run again.
    const again = result.status === 'feasible' && result.primal - result.dual > 1e-9;
    return { prepared: model.prepared, variables: model.variables, model: again ? model : null, result, start };
  });
  // Time the parts that closed early left over goes to those that did not, the widest gap first, each starting
  // from its best roster; a second run keeps the better incumbent and the higher bound of the two.
  const open = outcomes.filter((e) => e.model !== null).sort((a, b) => b.result.primal - b.result.dual - (a.result.primal - a.result.dual));
  let openSize = open.reduce((n, e) => n + e.variables.size, 0);
  for (const entry of open) {
    const share = openSize > 0 ? entry.variables.size / openSize : 1;
    openSize -= entry.variables.size;
    const seconds = secondsLeft() * share;
    const { model, result } = entry;
    entry.model = null;
    if (seconds < MIN_SECOND_RUN_SECONDS || !model) continue;
    const p = model.prepared;
    const values = result.values!;
    const best = p.workers.map((_, w) => p.days.map((__, d) => p.shifts.findIndex((___, s) => (values.get(`x${w}_${d}_${s}`) ?? 0) > 0.5)));
    const again = runModel(highs, model, seconds, mipRelGap, best);
    if (!again.values) continue;
    const dual = Math.max(result.dual, again.dual);
    const better = again.primal < result.primal ? again : result;
    const gap = Math.abs(better.primal) > 1e-9 ? Math.max(0, better.primal - dual) / Math.abs(better.primal) : Math.max(0, better.primal - dual);
    entry.result = { values: better.values, primal: better.primal, dual, status: again.status === 'optimal' || gap <= PROVEN_GAP ? 'optimal' : 'feasible' };
  }

  const assignments: RosterAssignment[] = [];
  const coverage: RosterCoverage[] = [];
  const shortfalls: RosterShortfall[] = [];
  const perWorker: RosterWorkerSummary[] = [];
  const issues: RosterIssue[] = [];
  let primal = 0;
  let dual = 0;
  let status: RosterStatus = 'optimal';
  // A part whose time ran out before HiGHS accepted any roster keeps the greedy start, which is lawful: the
  // proposal is then feasible without a proven bound.
  let unbounded = false;
  outcomes.forEach(({ prepared: p, variables, result, start }) => {
    for (const pw of p.workers) for (const issue of pw.issues) issues.push({ workerId: pw.worker.id, ...issue });
    if (result.status === 'infeasible') {
      status = 'infeasible';
      for (const pw of p.workers) issues.push({ workerId: pw.worker.id, date: p.days[0]!, message: 'Los días fijados de este grupo no dejan ninguna planificación legal: revise los turnos fijos.' });
      return;
    }
    const greedy = !result.values;
    if (greedy) unbounded = true;
    if ((greedy || result.status === 'feasible') && status === 'optimal') status = 'feasible';
    if (!greedy) {
      primal += result.primal;
      dual += result.dual;
    }
    const values = result.values ?? valuesOfRoster(p, start);
    const on = (name: string | undefined): boolean => name !== undefined && (values.get(name) ?? 0) > 0.5;
    // chosen[w][d]: shift index or -1.
    const chosen = p.workers.map((_, w) => p.days.map((__, d) => p.shifts.findIndex((___, s) => on(`x${w}_${d}_${s}`))));
    p.workers.forEach((pw, w) => {
      let plannedSeconds = 0;
      let sundays = 0;
      let holidays = 0;
      let nights = 0;
      let changedDays = 0;
      const published = new Map((pw.worker.published ?? []).map((e) => [e.date, e.shiftId]));
      p.days.forEach((date, d) => {
        const s = chosen[w]![d]!;
        const shiftId = s >= 0 ? p.shifts[s]!.id : null;
        const a: RosterAssignment = { workerId: pw.worker.id, date, shiftId };
        if (pw.unavailable[d]) a.unavailable = true;
        assignments.push(a);
        if (published.has(date) && !pw.unavailable[d] && published.get(date) !== shiftId) changedDays++;
        if (s < 0) return;
        plannedSeconds += p.instances[s]![d]!.plannedSeconds;
        if (isoWeekday(date) === 7) sundays++;
        if (p.holidays(date)) holidays++;
        if (p.night[s]) nights++;
      });
      const available = pw.unavailable.filter((u) => u === null).length;
      perWorker.push({ workerId: pw.worker.id, plannedSeconds, agreedSeconds: Math.round((pw.agreed * 3600 * available) / 7), sundaysWorked: sundays, holidaysWorked: holidays, nights, changedDays });
      variables.forEach((v, name) => {
        if (v.kind === 'minDays' && v.worker === w && (values.get(name) ?? 0) > 0.5) {
          issues.push({ workerId: pw.worker.id, date: p.days[0]!, message: `${pw.worker.name} no alcanza los días de trabajo semanales que exige la ley en una semana: sus turnos habilitados no permiten una semana legal.` });
        }
      });
    });
    for (const band of p.bands) {
      let planned = 0;
      p.workers.forEach((_, w) => {
        if (band.covers.some((c) => chosen[w]![c.day] === c.shift)) planned++;
      });
      coverage.push({ date: band.date, start: band.start, end: band.end, required: band.required, planned });
      if (planned < band.required) {
        shortfalls.push({ date: band.date, start: band.start, end: band.end, missing: band.required - planned, reason: explainShortfalls(p, band, chosen, result.status !== 'optimal') });
      }
    }
  });
  const solved = status === 'optimal' || status === 'feasible';
  const gap = solved && !unbounded ? (Math.abs(primal) > 1e-9 ? Math.max(0, primal - dual) / Math.abs(primal) : 0) : null;
  return {
    status,
    gap,
    assignments,
    coverage,
    shortfalls,
    perWorker,
    issues,
    objective: solved ? primal : 0,
    seconds: (performance.now() - started) / 1000,
    parts: parts.length,
  };
}
