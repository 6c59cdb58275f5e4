/**
 * The solver's process: one HiGHS runtime per process (loaded once, reused by every proposal the process
 * solves), so a proposal blocks this process and never the server's event loop.
 */
import type { Holiday } from '@jornada/domain';
import { loadHighs, solveRoster, type RosterInput, type RosterProposal } from '@jornada/roster';

/** What crosses to the thread: the input without its holiday lookup (a function), and the holidays it would answer. */
export interface SolveTask {
  input: Omit<RosterInput, 'holidays'>;
  holidays: Holiday[];
}

export default async function solve(task: SolveTask): Promise<RosterProposal> {
  const highs = await loadHighs();
  const byDate = new Map(task.holidays.map((h) => [h.date, h]));
  return solveRoster({ ...task.input, holidays: (date) => byDate.get(date) }, highs);
}
