/**
 * Adapter for the public nurse rostering benchmark of Curtois and Qu (schedulingbenchmarks.org): their text
 * format, their published model solved by the roster's solver core, and an independent check of a roster.
 */
export { NrpParseError, parseNrpInstance, type NrpInstance } from './instance';
export { solveNrp, type NrpSolution } from './solve';
export { checkNrpRoster, type NrpCheck } from './check';
