/**
 * Overtime pacts (pactos de horas extraordinarias, art. 32 of the Código del Trabajo): overtime is
 * only lawful under a written pact of at most 3 months (renewable) and at most 2 hours a day. These
 * pure rules decide whether a pact is valid, whether two pacts overlap and how much of a day's
 * overtime may be approved under a pact.
 */
import { addDays, daysInMonth, type LocalDate } from './calendar/local-date';
import { DAILY_OVERTIME_LIMIT_SECONDS } from './law';

/** A pact lasts at most this many months (renewed by a new pact). */
export const OVERTIME_PACT_MAX_MONTHS = 3;

export interface OvertimePactTerms {
  from: LocalDate;
  to: LocalDate;
  /** Maximum overtime a day under the pact, in seconds (at most 2 hours). */
  maxSecondsPerDay: number;
}

export type OvertimePactProblem = 'to_before_from' | 'longer_than_3_months' | 'daily_max_not_positive' | 'daily_max_over_2_hours';

/**
 * The last day a pact starting on `from` may cover: the day before the same day of the month three
 * months later (a pact from 1 January covers at most until 31 March). When that month is shorter,
 * its last day stands in for the missing one, so a pact never exceeds three months.
 */
export function overtimePactLastDay(from: LocalDate): LocalDate {
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7));
  const day = Number(from.slice(8, 10));
  const total = month - 1 + OVERTIME_PACT_MAX_MONTHS;
  const y = year + Math.floor(total / 12);
  const m = (total % 12) + 1;
  const d = Math.min(day, daysInMonth(y, m));
  return addDays(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, -1);
}

/** What is wrong with a pact's terms (empty when it is valid). */
export function validateOvertimePact(terms: OvertimePactTerms): OvertimePactProblem[] {
  const problems: OvertimePactProblem[] = [];
  if (terms.to < terms.from) problems.push('to_before_from');
  else if (terms.to > overtimePactLastDay(terms.from)) problems.push('longer_than_3_months');
  if (!(terms.maxSecondsPerDay > 0)) problems.push('daily_max_not_positive');
  else if (terms.maxSecondsPerDay > DAILY_OVERTIME_LIMIT_SECONDS) problems.push('daily_max_over_2_hours');
  return problems;
}

/** Whether two date ranges (inclusive) share a day: a worker has at most one pact in force a day. */
export function pactsOverlap(a: { from: LocalDate; to: LocalDate }, b: { from: LocalDate; to: LocalDate }): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** The pact in force on a date among a worker's pacts, if any. */
export function pactInForce<P extends { from: LocalDate; to: LocalDate }>(pacts: readonly P[], date: LocalDate): P | null {
  return pacts.find((p) => p.from <= date && date <= p.to) ?? null;
}

/**
 * The most of a day's found overtime that may be approved: nothing without a pact in force, otherwise
 * the found seconds capped by the pact's daily maximum (itself at most the legal 2 hours).
 */
export function approvableOvertimeSeconds(foundSeconds: number, pactMaxSecondsPerDay: number | null): number {
  if (pactMaxSecondsPerDay === null || !(foundSeconds > 0)) return 0;
  return Math.max(0, Math.min(foundSeconds, pactMaxSecondsPerDay, DAILY_OVERTIME_LIMIT_SECONDS));
}

export type OvertimeApprovalProblem = 'nothing_found' | 'no_pact' | 'not_positive' | 'over_found' | 'over_pact';

/** Whether `seconds` may be approved of a day with `foundSeconds` of overtime under a pact's daily maximum. */
export function checkOvertimeApproval(foundSeconds: number, pactMaxSecondsPerDay: number | null, seconds: number): OvertimeApprovalProblem | null {
  if (!(foundSeconds > 0)) return 'nothing_found';
  if (pactMaxSecondsPerDay === null) return 'no_pact';
  if (!(seconds > 0)) return 'not_positive';
  if (seconds > foundSeconds) return 'over_found';
  if (seconds > Math.min(pactMaxSecondsPerDay, DAILY_OVERTIME_LIMIT_SECONDS)) return 'over_pact';
  return null;
}
