/**
 * Automatic roster (planificación automática): a lawful roster proposed by a mixed-integer solver (HiGHS
 * compiled to WebAssembly) from a site's demand, its workers and a period of one to six weeks.
 */
export type {
  DemandBand,
  RosterAssignment,
  RosterCoverage,
  RosterDay,
  RosterHistory,
  RosterInput,
  RosterIssue,
  RosterOptions,
  RosterProposal,
  RosterShift,
  RosterShortfall,
  RosterStatus,
  RosterWeights,
  RosterWorker,
  RosterWorkerSummary,
} from './types';
export { buildRosterModel, type RosterModel, type RosterVariable } from './model';
export { partitionRoster } from './partition';
export { workerEvaluationOptions } from './prepare';
export { loadHighs, solveRoster, type Highs } from './solve';
