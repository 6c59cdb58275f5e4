import type { RosterProposal } from '@jornada/roster';
import Tinypool from 'tinypool';
import type { SolveTask } from './roster.worker';

/**
 * The solver runs in a process of its own, one proposal at a time, a fresh process for each: HiGHS's
 * WebAssembly heap grows with the largest part it solves and never shrinks, so a process that ends gives
 * it back to the system, and the server's own memory and event loop stay as they were (on this two-core
 * class of machine the other core keeps serving requests). A crash or an abort ends that process only.
 * Proposals asked meanwhile wait their turn in the pool's queue.
 */
const POOL_OPTIONS = {
  filename: new URL('./roster-worker.mjs', import.meta.url).href,
  runtime: 'child_process' as const,
  minThreads: 0,
  maxThreads: 1,
  isolateWorkers: true,
  maxQueue: 32,
  // The server's own V8 options (scripts/api-build.mjs): collect the young generation and grow the old one
  // by half of what is alive, not by four times.
  execArgv: ['--max-semi-space-size=4', '--heap-growing-percent=50'],
};

let pool: Tinypool | null = null;

/** Solves in the solver's process; `signal` ends a solve that outlives its time limit by far. */
export async function solveInProcess(task: SolveTask, signal: AbortSignal): Promise<RosterProposal> {
  pool ??= new Tinypool(POOL_OPTIONS);
  return (await pool.run(task, { signal })) as RosterProposal;
}

/** Ends the solver's process (the app's close); the next proposal starts a new one. */
export async function closeSolver(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
