/**
 * Overtime compensated with additional days of vacation (art. 32 inc. 4 of the Código del Trabajo, text of
 * Ley 21.561, in force since 2024-04-26): the parties may agree in writing that overtime is compensated with
 * additional days of feriado instead of pay. The DT (Dictamen 199/05 of 2024-03-28) reads it as follows, and
 * so does this ledger:
 *
 * - each overtime hour gives an hour and a half of rest, the surcharge of its pay (50 %);
 * - at most 5 business days of rest a year, «year» being each year since the contract started (its
 *   anniversaries), not the calendar year; overtime beyond the cap is paid as usual;
 * - the days are used within the 6 months after the period (here the payroll month) in which they arose; the
 *   worker gives 48 hours' notice to use them (checked where the days are requested);
 * - rest left unused at the end of those 6 months is paid as overtime with the remuneration of the 7th month
 *   counted from the month it arose (DT criterion).
 *
 * Choices where the law and the DT say nothing precise, stated so they can be changed:
 * - a month's rest can be used from the first day of the next month (the month's overtime is only known
 *   once the month ends) up to the last day of the 6th month after it;
 * - rest is kept in seconds and days are the worker's business day (agreed weekly hours / days a week);
 *   the balance may be a fraction of a day. Secondary sources say only whole days may be granted: not enforced
 *   here beyond the permission's own unit.
 * - uses consume the oldest rest still usable on their date (first in, first out).
 */
import { daysInMonth, formatLocalDate, type LocalDate } from './calendar/local-date';

/** Hours of rest per overtime hour: the surcharge of its pay (art. 32 inc. 3 and 4). */
const OVERTIME_REST_FACTOR = 1.5;
/** Most business days of rest a contract year (art. 32 inc. 4). */
const OVERTIME_REST_MAX_BUSINESS_DAYS = 5;
/** Months after the month the rest arose in during which it can be used (art. 32 inc. 4). */
const OVERTIME_REST_USE_MONTHS = 6;
/** The day Ley 21.561 put art. 32 inc. 4 in force: overtime before it is never compensated with rest. */
const OVERTIME_REST_IN_FORCE_FROM: LocalDate = '2024-04-26';

/** A written agreement (signed, in force from..to) to compensate overtime with vacation days. */
export interface OvertimeRestAgreement {
  from: LocalDate;
  to: LocalDate;
}

/** Rest taken (or asked for): its first date and its length in seconds of rest. */
export interface OvertimeRestUse {
  date: LocalDate;
  restSeconds: number;
}

export interface OvertimeRestInput {
  /** The stored evaluation's overtime per day (beyond the plan plus the planned time over the agreed hours). */
  days: readonly { date: LocalDate; overtimeSeconds: number }[];
  agreements: readonly OvertimeRestAgreement[];
  contractStart: LocalDate;
  /** The worker's business day: agreed weekly hours / days worked a week, in seconds. */
  businessDaySeconds: number;
  uses: readonly OvertimeRestUse[];
  /** The local today: rest whose last day has passed is expired (and owed as pay). */
  today: LocalDate;
}

/** One payroll month of the ledger. */
export interface OvertimeRestMonth {
  /** `aaaa-mm`. */
  month: string;
  /** Overtime found in the month (all of it, compensated or not). */
  foundSeconds: number;
  /** Of it, overtime compensated with rest (under an agreement, within the contract year's cap): not paid this month. */
  compensatedSeconds: number;
  /** Of it, overtime paid as usual this month: found - compensated. */
  paidSeconds: number;
  /** Rest earned: compensated × 1.5. */
  restSeconds: number;
  /** First and last day the rest can be used. */
  usableFrom: LocalDate;
  expiresOn: LocalDate;
  /** Rest already taken or asked for out of this month's. */
  usedRestSeconds: number;
  /** Rest left unused once `expiresOn` has passed (0 before). */
  expiredRestSeconds: number;
  /** The payroll month that pays the expired rest (the 7th after this one), `aaaa-mm`. */
  payoutMonth: string;
  /** The overtime to pay then, with its usual surcharge: expired rest / 1.5. */
  payoutOvertimeSeconds: number;
}

export interface OvertimeRestLedger {
  months: OvertimeRestMonth[];
  /** Rest usable today and not yet used (months with `usableFrom` ≤ today ≤ `expiresOn`). */
  availableRestSeconds: number;
  /** Rest earned in months still open or just ended and not usable yet (usable from the next month). */
  accruingRestSeconds: number;
  /** Rest asked for that no usable rest covers on its date (what a new request may not leave). */
  uncoveredUseSeconds: number;
}

/** `aaaa-mm` plus `n` months. */
export function addMonthsToMonth(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const firstDay = (month: string): LocalDate => `${month}-01`;
const lastDay = (month: string): LocalDate => formatLocalDate(Number(month.slice(0, 4)), Number(month.slice(5, 7)), daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7))));

/** The contract year a date falls in: 0 for the first year from the contract's start, 1 from its first anniversary... */
export function contractYearOf(contractStart: LocalDate, date: LocalDate): number {
  const years = Number(date.slice(0, 4)) - Number(contractStart.slice(0, 4));
  return date.slice(5) < contractStart.slice(5) ? years - 1 : years;
}

const covered = (agreements: readonly OvertimeRestAgreement[], date: LocalDate) => agreements.some((a) => a.from <= date && date <= a.to);

/**
 * The ledger of a worker's overtime compensated with rest: per month, what is compensated and what is paid, the
 * rest earned, used and expired, and the overtime to pay in the 7th month for the rest never used.
 */
export function overtimeRestLedger(input: OvertimeRestInput): OvertimeRestLedger {
  const capOvertimeSeconds = (OVERTIME_REST_MAX_BUSINESS_DAYS * Math.max(0, input.businessDaySeconds)) / OVERTIME_REST_FACTOR;
  const usedInYear = new Map<number, number>();
  const byMonth = new Map<string, OvertimeRestMonth>();
  const monthOf = (month: string): OvertimeRestMonth => {
    let row = byMonth.get(month);
    if (!row) {
      row = {
        month,
        foundSeconds: 0,
        compensatedSeconds: 0,
        paidSeconds: 0,
        restSeconds: 0,
        usableFrom: firstDay(addMonthsToMonth(month, 1)),
        expiresOn: lastDay(addMonthsToMonth(month, OVERTIME_REST_USE_MONTHS)),
        usedRestSeconds: 0,
        expiredRestSeconds: 0,
        payoutMonth: addMonthsToMonth(month, OVERTIME_REST_USE_MONTHS + 1),
        payoutOvertimeSeconds: 0,
      };
      byMonth.set(month, row);
    }
    return row;
  };
  // Days in date order: the contract year's cap goes to its earliest overtime.
  const days = [...input.days].filter((d) => d.overtimeSeconds > 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const day of days) {
    const row = monthOf(day.date.slice(0, 7));
    row.foundSeconds += day.overtimeSeconds;
    if (day.date < OVERTIME_REST_IN_FORCE_FROM || day.date < input.contractStart || !covered(input.agreements, day.date)) continue;
    const year = contractYearOf(input.contractStart, day.date);
    const left = Math.max(0, capOvertimeSeconds - (usedInYear.get(year) ?? 0));
    const compensated = Math.min(day.overtimeSeconds, left);
    usedInYear.set(year, (usedInYear.get(year) ?? 0) + compensated);
    row.compensatedSeconds += compensated;
  }
  const months = [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
  for (const row of months) {
    row.paidSeconds = row.foundSeconds - row.compensatedSeconds;
    row.restSeconds = row.compensatedSeconds * OVERTIME_REST_FACTOR;
  }
  // Uses take the oldest rest usable on their date.
  let uncovered = 0;
  const uses = [...input.uses].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const use of uses) {
    let need = Math.max(0, use.restSeconds);
    for (const row of months) {
      if (need <= 1e-6) break;
      if (row.usableFrom > use.date || use.date > row.expiresOn) continue;
      const take = Math.min(need, row.restSeconds - row.usedRestSeconds);
      if (take <= 0) continue;
      row.usedRestSeconds += take;
      need -= take;
    }
    if (need > 1e-6) uncovered += need;
  }
  let available = 0;
  let accruing = 0;
  for (const row of months) {
    const left = row.restSeconds - row.usedRestSeconds;
    if (input.today > row.expiresOn) {
      row.expiredRestSeconds = left;
      row.payoutOvertimeSeconds = left / OVERTIME_REST_FACTOR;
    } else if (input.today >= row.usableFrom) available += left;
    else accruing += left;
  }
  return { months, availableRestSeconds: available, accruingRestSeconds: accruing, uncoveredUseSeconds: uncovered };
}

/**
 * What a payroll month takes from the ledger: its overtime compensated with rest (not paid) and the overtime
 * to pay for rest that expired unused, whose 7th month it is.
 */
export function overtimeRestForMonth(ledger: OvertimeRestLedger, month: string): { compensatedSeconds: number; payoutSeconds: number } {
  const own = ledger.months.find((m) => m.month === month);
  const payoutSeconds = ledger.months.filter((m) => m.payoutMonth === month).reduce((s, m) => s + m.payoutOvertimeSeconds, 0);
  return { compensatedSeconds: own?.compensatedSeconds ?? 0, payoutSeconds };
}

/** Notice the worker gives before using the rest (art. 32 inc. 4): 48 hours. */
const OVERTIME_REST_NOTICE_MS = 48 * 3600 * 1000;

/** Whether rest starting at `startMs` (the first day's local midnight) is asked with the 48 hours' notice at `nowMs`. */
export const hasOvertimeRestNotice = (startMs: number, nowMs: number): boolean => startMs - nowMs >= OVERTIME_REST_NOTICE_MS;
