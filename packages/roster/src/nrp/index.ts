/**
 * Adapter for the public nurse rostering benchmark of Curtois and Qu (schedulingbenchmarks.org): their text
 * format and an independent check of a roster.
 */
export { NrpParseError, parseNrpInstance, type NrpInstance } from './instance';
export { checkNrpRoster, type NrpCheck } from './check';
