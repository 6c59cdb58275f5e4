/**
 * Overtime pacts (pactos de horas extraordinarias, art. 32 of the Código del Trabajo): overtime is
 * only lawful under a written pact of at most 3 months (renewable) and at most 2 hours a day. These
 * pure rules decide whether a pact is valid, whether two pacts overlap, what a review may confirm of a
 * day's overtime and why a day needs one.
 */
import { addDays, daysInMonth, type LocalDate } from './calendar/local-date';
import type { ExtensionCover } from './december-overtime';
import { DAILY_OVERTIME_LIMIT_SECONDS } from './law';

/** A pact lasts at most this many months (renewed by a new pact). */
const OVERTIME_PACT_MAX_MONTHS = 3;

interface OvertimePactTerms {
  from: LocalDate;
  to: LocalDate;
  /** Maximum overtime a day under the pact, in seconds (at most 2 hours). */
  maxSecondsPerDay: number;
}

type OvertimePactProblem = 'to_before_from' | 'longer_than_3_months' | 'daily_max_not_positive' | 'daily_max_over_2_hours';

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
 * The review of a day's overtime. Every net overtime second the evaluation finds is owed, with or
 * without a pact and whether reviewed or not (art. 32 inc. 3; DT Ord. 332/23 and 1305/2021): a review
 * confirms the worked time (all of it, or a part when the rest is disputed) or disputes it, and a
 * dispute is settled by correcting the marks. The pact does not cap what is confirmed.
 */
export type OvertimeReviewProblem = 'nothing_found' | 'not_positive' | 'over_found' | 'on_paid_permission';

/**
 * Whether `seconds` may be confirmed of a day with `foundSeconds` of overtime. On a day a full-day paid
 * permission covers (vacation, P.G.R., the legal permissions per event) nothing was owed, so the engine
 * shows all the worked time as overtime; it is not ordinary overtime to confirm but a day that does not
 * add up (`trabajo_en_permiso`): the permission is annulled or shortened, or the marks corrected, first.
 */
export function checkOvertimeConfirmation(foundSeconds: number, seconds: number, onPaidPermission = false): OvertimeReviewProblem | null {
  if (!(foundSeconds > 0)) return 'nothing_found';
  if (onPaidPermission) return 'on_paid_permission';
  if (!(seconds > 0)) return 'not_positive';
  if (seconds > foundSeconds) return 'over_found';
  return null;
}

/**
 * Why a day's overtime needs a person's eyes, in the order a reviewer reads them: the employer's
 * compliance problems (no pact in force, art. 32 inc. 1; more than 2 hours, art. 31; more than the
 * pact's own maximum; on a rest day or holiday of the worker's plan, art. 35–38) and, short of those,
 * overtime above the company's review threshold. A threshold for review, never for pay: a day below it
 * is still paid in full.
 */
type OvertimeReviewFlag = 'trabajo_en_permiso' | 'sin_pacto' | 'extension_diciembre' | 'sobre_limite_legal' | 'sobre_pacto' | 'dia_descanso' | 'sobre_umbral';

interface OvertimeReviewInput {
  foundSeconds: number;
  /** The daily maximum of the pact in force that day, or null without one. */
  pactMaxSecondsPerDay: number | null;
  /** The day is a rest day or a holiday off in the worker's plan. */
  restDay: boolean;
  /** The company's review threshold, in seconds of overtime a day. */
  thresholdSeconds: number;
  /** A full-day paid permission covers the day: the time worked on it is flagged first (`trabajo_en_permiso`). */
  onPaidPermission?: boolean;
  /**
   * Commerce's December extension (art. 24, `decemberExtensionCover`): the covered share is the extension paid as
   * overtime and needs no pact; what a declared day has beyond it is `extension_diciembre` (no pact may cover it).
   * The other checks read the day's overtime without the covered share.
   */
  extension?: ExtensionCover | undefined;
}

export function overtimeReviewFlags(day: OvertimeReviewInput): OvertimeReviewFlag[] {
  if (!(day.foundSeconds > 0)) return [];
  const flags: OvertimeReviewFlag[] = [];
  const { pactable, beyondExtension, rest } = overtimeOutsideExtension(day.foundSeconds, day.extension);
  if (day.onPaidPermission) flags.push('trabajo_en_permiso');
  if (beyondExtension > 0) flags.push('extension_diciembre');
  if (day.pactMaxSecondsPerDay === null && pactable > 0) flags.push('sin_pacto');
  if (rest > DAILY_OVERTIME_LIMIT_SECONDS) flags.push('sobre_limite_legal');
  if (day.pactMaxSecondsPerDay !== null && rest > day.pactMaxSecondsPerDay) flags.push('sobre_pacto');
  if (day.restDay && rest > 0) flags.push('dia_descanso');
  if (day.foundSeconds > day.thresholdSeconds) flags.push('sobre_umbral');
  return flags;
}

/**
 * A day's overtime without what commerce's December extension explains (art. 24): `rest` is what the ordinary
 * checks read, `beyondExtension` the part of it on a declared day that no pact may cover, and `pactable` the part
 * an overtime pact covers (art. 32), whose absence is `sin_pacto`.
 */
export function overtimeOutsideExtension(foundSeconds: number, extension: ExtensionCover | undefined): { rest: number; beyondExtension: number; pactable: number } {
  const rest = Math.max(0, foundSeconds - (extension?.coveredSeconds ?? 0));
  const beyondExtension = Math.min(rest, extension?.beyondExtensionSeconds ?? 0);
  return { rest, beyondExtension, pactable: rest - beyondExtension };
}
