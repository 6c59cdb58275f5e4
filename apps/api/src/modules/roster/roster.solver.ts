import type { RosterProposal } from '@jornada/roster';
import Tinypool from 'tinypool';
import type { SolveTask } from './roster.worker';

/**
 * One solver thread: on this two-core class of machine the other core keeps serving requests. Proposals
 * asked meanwhile wait their turn in the pool's queue; the thread ends after a minute idle.
 */
const POOL_OPTIONS = {
  filename: new URL('./roster-worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: 1,
  idleTimeout: 60_000,
  maxQueue: 32,
  resourceLimits: { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 32 },
};

let pool: Tinypool | null = null;

/** Solves in the solver thread; `signal` ends a solve that outlives its time limit by far. */
export async function solveInThread(task: SolveTask, signal: AbortSignal): Promise<RosterProposal> {
  pool ??= new Tinypool(POOL_OPTIONS);
  return (await pool.run(task, { signal })) as RosterProposal;
}

/** Ends the solver thread (the app's close); the next proposal starts a new one. */
export async function closeSolverThread(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
