/**
 * Pay variables (remuneraciones) of a period from its evaluation and the worker's salary: what a
 * payroll system imports. Seconds stay exact; money is computed unrounded and rounded once, here,
 * to whole pesos. There are no daily deductions: lateness is only deducted as the week's shortfall,
 * in the period in which the week ends.
 */
import { addDays, daysInMonth, isoWeekday, weekStart, type LocalDate } from './calendar/local-date';
import type { DayResult, DayStatus } from './day-result';
import { OVERTIME_SURCHARGE, dayValue, ordinaryHourValue, overtimeHourValue, roundPesos, weeklyHoursLimit } from './law';
import type { PeriodResult } from './period-evaluation';
import type { PeriodTotals } from './period-totals';
import type { PermissionUnit } from './permissions';
import { exceptedFromSundayRestOn, type SundayRestException } from './sunday-rest';

/** Salary terms of the worker for the period. */
interface RemunerationInput {
  /** Monthly base salary in pesos. */
  salary: number;
  /**
   * Agreed ordinary weekly hours (H of the overtime formula). Above the legal limit in force they
   * are lowered to it for the hour values, week by week, and reported in `alerts`.
   */
  weeklyHours: number;
  /** Payroll period `YYYYMM`, echoed in the result. */
  period?: string;
  /**
   * Overtime a supervisor confirmed in review, per date, in seconds: reported beside what is paid,
   * never a cap on it. Overtime the employer knew of is owed with or without a pact or an approval
   * (art. 32 inc. 3; DT Ord. 332/23, 1305/2021): every net overtime second the engine finds is paid.
   */
  approvedOvertime?: ReadonlyMap<LocalDate, number> | Readonly<Record<LocalDate, number>>;
  /**
   * Surcharge in percent on the ordinary hours worked on Sunday, for a worker excepted from Sunday
   * rest (art. 38 inc. 2, as amended by Ley 20.823: at least 30 %): the company's setting. Absent or
   * null: the worker is not excepted and nothing is computed.
   */
  sundaySurchargePercent?: number | null;
  /**
   * The dates the exception from Sunday rest is in force (`SundayRestException`): only the Sundays within them
   * carry the surcharge. Absent: every Sunday of the period, as when the exception covers the whole contract.
   */
  sundaySurchargeDates?: SundayRestException;
  /**
   * Overtime compensated with vacation days (art. 32 inc. 4, Ley 21.561; overtime-rest.ts): `compensatedSeconds`
   * of the month's overtime are not paid (the worker takes 1.5 times them as rest), and `payoutSeconds` of
   * overtime whose rest expired unused are paid this month, the 7th after the month they arose in (DT).
   */
  overtimeRest?: { compensatedSeconds: number; payoutSeconds: number };
}

/** Minimum Sunday surcharge on ordinary hours of workers excepted from Sunday rest (art. 38 inc. 2, Ley 20.823). */
export const MIN_SUNDAY_SURCHARGE_PERCENT = 30;

/** Permission days of one type in the period, and the deduction of the unpaid ones. */
export interface PermissionDaysLine {
  type: string;
  paid: boolean;
  /** Unit of `days`: business days for vacaciones, calendar days otherwise. */
  unit: PermissionUnit;
  days: number;
  /** Deduction for unpaid days (days x salary / 30), whole pesos; 0 when paid. */
  deduction: number;
}

/** Hours of hour permissions of one type in the period, and the deduction of the unpaid ones. */
export interface PermissionHoursLine {
  type: string;
  paid: boolean;
  seconds: number;
  /** Deduction for unpaid hours at the ordinary hour value, whole pesos; 0 when paid. */
  deduction: number;
}

/** Something payroll must look at before importing the figures. */
export interface RemunerationAlert {
  code: 'horas_pactadas_sobre_limite_legal' | 'descuentos_topados_al_sueldo';
  /** Monday of the first week concerned. */
  date: LocalDate;
  message: string;
}

/** The pay variables of a period. Money in whole pesos; time in seconds, with hours and minutes unrounded. */
export interface RemunerationVariables {
  period: string | null;
  daysWorked: number;
  unjustifiedAbsenceDays: number;
  unjustifiedAbsenceDeduction: number;
  /** Missing time after the weekly compensation, and its deduction at the ordinary hour value. */
  shortfallSeconds: number;
  shortfallMinutes: number;
  shortfallDeduction: number;
  lateSecondsAfterCompensation: number;
  earlyLeaveSecondsAfterCompensation: number;
  /** Overtime paid with the 50 % surcharge (art. 32): every net overtime second of the settled weeks. */
  overtime: {
    surchargePercent: number;
    seconds: number;
    hours: number;
    /** Part within and beyond the 2-hour daily limit (the latter is paid and also alerted). */
    withinLimitSeconds: number;
    beyondLimitSeconds: number;
    hourValue: number;
    amount: number;
    /** Of the paid seconds, those over the agreed weekly hours though planned (art. 30). */
    overAgreedSeconds: number;
    /** Of the paid seconds, those a supervisor confirmed in review (each day at most its overtime); null when no reviews were given. */
    confirmedSeconds: number | null;
    /** Overtime of the month compensated with vacation days (art. 32 inc. 4): not in `seconds`, not paid. */
    compensatedRestSeconds: number;
  };
  /** Overtime whose compensating rest expired unused, paid this month with the 50 % surcharge (art. 32 inc. 4; DT: the 7th month). */
  overtimeRestPayout: { seconds: number; hours: number; amount: number };
  sundaysWorked: number;
  holidaysWorked: number;
  sundaysOrHolidaysWorked: number;
  /**
   * Ordinary hours worked on Sunday by a worker excepted from Sunday rest and their surcharge (art. 38
   * inc. 2, Ley 20.823): hours x ordinary hour value x percent / 100. Zeros, with a null percent, for
   * a worker who is not excepted. Overtime on Sunday is not here: it has its own 50 % (art. 32).
   */
  sundaySurcharge: {
    percent: number | null;
    seconds: number;
    hours: number;
    amount: number;
  };
  permissions: PermissionDaysLine[];
  permissionHours: PermissionHoursLine[];
  /** Days still 'incompleto': their time is not deducted until corrected. */
  pendingDays: number;
  dayValue: number;
  /** Ordinary hour value of the period's last settled week (the weekly hours used may change within a period). */
  ordinaryHourValue: number;
  /** Weekly hours the hour values used: the agreed ones, or the legal limit where they exceed it (last settled week). */
  weeklyHoursUsed: number;
  /** Each week settled in the period and what it adds (the drill-down of shortfall and overtime). */
  weeks: RemunerationWeekLine[];
  alerts: RemunerationAlert[];
}

/** What one settled week adds to the period's shortfall and overtime. */
export interface RemunerationWeekLine {
  from: LocalDate;
  to: LocalDate;
  weeklyHoursUsed: number;
  shortfallSeconds: number;
  shortfallDeduction: number;
  /** Overtime left after the week's compensation. */
  netOvertimeSeconds: number;
  /** Of the net overtime, the ordinary time over the agreed weekly hours (art. 30). */
  overAgreedSeconds: number;
  /** Seconds confirmed in review on the week's attended days (each capped by the day's overtime); null when reviews were not given. Never a cap on pay. */
  approvedOvertimeSeconds: number | null;
  /** Paid: the week's whole net overtime. */
  payableOvertimeSeconds: number;
  overtimeAmount: number;
}

/** A day as payroll reads it: enough to report how much of a week's overtime was confirmed in review. */
export interface PayrollDay {
  date: LocalDate;
  status: DayStatus;
  /** Overtime beyond the plan plus the planned time over the agreed weekly hours given to the day. */
  overtimeSeconds: number;
}

/**
 * A week settled in the period (its Sunday inside it), with the engine's settlement; under an averaged distribution
 * pact (art. 22 bis), the pact's cycle that ends in the period.
 */
export interface PayrollWeek {
  from: LocalDate;
  to: LocalDate;
  /** Ordinary weekly limit in force for the week (see `settledWeekLimitSeconds`); for a cycle, its weeks' limits averaged. */
  weeklyLimitSeconds: number;
  shortfallSeconds: number;
  netOvertimeSeconds: number;
  netOvertimeWithinLimitSeconds: number;
  /** Of the net overtime, the ordinary time over the agreed weekly hours (0 when stored before the rule). */
  overAgreedSeconds?: number;
}

/** Ordinary seconds worked on one Sunday (by the clock), from the day or days whose work reached it. */
export interface SundayOrdinaryWork {
  /** The Sunday. */
  date: LocalDate;
  seconds: number;
}

/** What of a day `sundayOrdinaryWorkOf` reads: the engine's DayResult, or a stored day's columns. */
interface SundayWorkDayFacts {
  date: LocalDate;
  workedSeconds: number;
  /** Worked within the plan (DayResult.ordinarySeconds). */
  ordinarySeconds: number;
  /** Of the ordinary seconds, those over the week's agreed hours, paid as overtime (art. 30). */
  overAgreedSeconds: number;
  /** Worked seconds that fell on a Sunday by the clock. */
  sundaySeconds: number;
}

/**
 * The ordinary seconds a day's work put on a Sunday (the Sunday surcharge's base, art. 38 inc. 2).
 * The engine gives per day the worked seconds on a Sunday by the clock and the split of the day's
 * worked time into ordinary and overtime, not where each overtime second lies on the clock. The rule:
 * the day's work is read in clock order as its ordinary time first and its overtime last. Overtime
 * is the work beyond the plan, which is staying past the shift's end (time before the shift's start
 * is not worked unless the company counts early arrival, and that rare case is read the same way),
 * and the planned time over the agreed weekly hours is paid as overtime (art. 30) and is the week's
 * last hours, so it leaves the ordinary time too. Hence, with ordinary = ordinary − over-agreed:
 * - a day dated on the Sunday starts on it: its Sunday seconds come first, min(sunday, ordinary);
 * - a day dated before it (Saturday's night shift) reaches it after midnight: its other seconds come
 *   first, min(sunday, max(0, ordinary − (worked − sunday))).
 * A shift from Saturday 22:00 to Sunday 06:00 with a 30-minute colación on Sunday, worked until 08:00,
 * has 7.5 h ordinary and 2 h overtime: 2 h on Saturday, then 5.5 ordinary hours and the 2 overtime
 * hours on Sunday. Null when no ordinary second fell on a Sunday.
 */
export function sundayOrdinaryWorkOf(day: SundayWorkDayFacts): SundayOrdinaryWork | null {
  if (!(day.sundaySeconds > 0)) return null;
  const ordinary = Math.max(0, day.ordinarySeconds - day.overAgreedSeconds);
  if (ordinary <= 0) return null;
  const weekday = isoWeekday(day.date);
  const seconds = weekday === 7 ? Math.min(day.sundaySeconds, ordinary) : Math.min(day.sundaySeconds, Math.max(0, ordinary - (day.workedSeconds - day.sundaySeconds)));
  if (seconds <= 0) return null;
  return { date: weekday === 7 ? day.date : addDays(day.date, 7 - weekday), seconds };
}

/** Adds the Sunday ordinary work of some days into one entry per Sunday within `from`..`to`, by date. */
export function sundayOrdinaryWorkIn(days: Iterable<SundayWorkDayFacts>, from: LocalDate, to: LocalDate): SundayOrdinaryWork[] {
  const bySunday = new Map<LocalDate, number>();
  for (const d of days) {
    const w = sundayOrdinaryWorkOf(d);
    if (w && w.date >= from && w.date <= to) bySunday.set(w.date, (bySunday.get(w.date) ?? 0) + w.seconds);
  }
  return [...bySunday].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([date, seconds]) => ({ date, seconds }));
}

const sundayFactsOfDay = (d: DayResult): SundayWorkDayFacts => ({
  date: d.date,
  workedSeconds: d.workedSeconds,
  ordinarySeconds: d.ordinarySeconds,
  overAgreedSeconds: d.overtimeOverAgreedSeconds,
  sundaySeconds: d.sundaySeconds,
});

/**
 * What the pay variables are computed from: the engine's results of a period, either straight from
 * `evaluatePeriod` (`remunerationFactsOf`) or as stored per worker and day by the attendance module.
 * Counts and sums only; no attendance rule is applied to them here.
 */
export interface RemunerationFacts {
  /** Only the weeks whose Sunday lies in the period. */
  weeks: readonly PayrollWeek[];
  /** The days of those weeks (the days before the period included), for the confirmed-overtime report. */
  weekDays: readonly PayrollDay[];
  /** Ordinary seconds worked on each Sunday of the period (`sundayOrdinaryWorkIn`); absent reads as none. */
  sundayOrdinaryWork?: readonly SundayOrdinaryWork[];
  totals: Pick<
    PeriodTotals,
    | 'daysWorked'
    | 'shortfallSeconds'
    | 'lateAfterCompensationSeconds'
    | 'earlyLeaveAfterCompensationSeconds'
    | 'sundaysWorked'
    | 'holidaysWorked'
    | 'sundaysOrHolidaysWorked'
    | 'permissionDays'
    | 'permissionHours'
  > & {
    unjustifiedAbsenceDays: number;
    /** Days still 'incompleto'. */
    pendingDays: number;
  };
}

/**
 * The ordinary weekly limit of a week, as the engine settles it: the one in force on the week's last
 * day with a planned shift, or on its Sunday when none was planned.
 */
export function settledWeekLimitSeconds(sunday: LocalDate, plannedDates: Iterable<LocalDate>): number {
  let last: LocalDate | null = null;
  for (const d of plannedDates) if (d <= sunday && (last === null || d > last)) last = d;
  return weeklyHoursLimit(last ?? sunday) * 3600;
}

/** The facts of an evaluated period (what `remunerationVariables` reads). */
export function remunerationFactsOf(result: PeriodResult): RemunerationFacts {
  const t = result.totals;
  return {
    weeks: result.weeks
      .filter((w) => w.settledInPeriod)
      .map((w) => ({
        from: w.from,
        to: w.to,
        weeklyLimitSeconds: w.weeklyLimitSeconds,
        shortfallSeconds: w.shortfallSeconds,
        netOvertimeSeconds: w.netOvertimeSeconds,
        netOvertimeWithinLimitSeconds: w.netOvertimeWithinLimitSeconds,
        overAgreedSeconds: w.overtimeOverAgreedSeconds,
      })),
    // The days of the units settled in the period: from the first day of `from`'s week or cycle (the day before a Monday `from` belongs to an earlier one).
    weekDays: [...result.adjacentDays, ...result.days]
      .filter((d) => d.date >= (result.weeks[0]?.settledInPeriod ? result.weeks[0].from : weekStart(result.from)) && d.date <= result.to)
      .map((d) => ({ date: d.date, status: d.status, overtimeSeconds: d.overtimeSeconds + d.overtimeOverAgreedSeconds })),
    // By the Sunday's date: Saturday's night shift into the period's first Sunday counts here (the day before `from` is evaluated).
    sundayOrdinaryWork: sundayOrdinaryWorkIn([...result.adjacentDays, ...result.days].map(sundayFactsOfDay), result.from, result.to),
    totals: {
      daysWorked: t.daysWorked,
      shortfallSeconds: t.shortfallSeconds,
      lateAfterCompensationSeconds: t.lateAfterCompensationSeconds,
      earlyLeaveAfterCompensationSeconds: t.earlyLeaveAfterCompensationSeconds,
      sundaysWorked: t.sundaysWorked,
      holidaysWorked: t.holidaysWorked,
      sundaysOrHolidaysWorked: t.sundaysOrHolidaysWorked,
      permissionDays: t.permissionDays,
      permissionHours: t.permissionHours,
      unjustifiedAbsenceDays: t.daysByStatus.ausente,
      pendingDays: t.daysByStatus.incompleto,
    },
  };
}

function approvedGetter(approved: RemunerationInput['approvedOvertime']): ((date: LocalDate) => number) | null {
  if (!approved) return null;
  if (approved instanceof Map) return (date) => approved.get(date) ?? 0;
  const record = approved as Readonly<Record<LocalDate, number>>;
  return (date) => (Object.prototype.hasOwnProperty.call(record, date) ? (record[date] ?? 0) : 0);
}

/**
 * The month's deductions, whole pesos: unjustified absences and unpaid permission days at salary/30,
 * unpaid permission hours and the shortfall at the ordinary hour. Payroll months have 30 days: when
 * the unpaid days cover every calendar day of the month (`period` given), they deduct exactly the
 * salary, and no month deducts more than the salary (art. 42 a); the cap is taken in this order.
 */
function monthDeductions(
  input: RemunerationInput,
  t: RemunerationFacts['totals'],
  day: number,
  ordinaryHour: number,
  shortfallAmount: number,
): { absence: number; permissions: PermissionDaysLine[]; permissionHours: PermissionHoursLine[]; shortfall: number; capped: boolean } {
  const unpaidDays = t.unjustifiedAbsenceDays + t.permissionDays.reduce((sum, p) => sum + (p.paid || p.unit !== 'dias_corridos' ? 0 : p.days), 0);
  const monthDays = input.period && /^\d{6}$/.test(input.period) ? daysInMonth(Number(input.period.slice(0, 4)), Number(input.period.slice(4, 6))) : null;
  const wholeMonth = monthDays !== null && unpaidDays >= monthDays;
  const dayAmount = (days: number) => (wholeMonth ? (days / unpaidDays) * input.salary : days * day);
  let left = input.salary;
  let capped = false;
  const take = (amount: number): number => {
    const rounded = roundPesos(amount);
    const taken = Math.min(rounded, roundPesos(left));
    if (taken < rounded) capped = true;
    left -= taken;
    return taken;
  };
  const absence = take(dayAmount(t.unjustifiedAbsenceDays));
  const permissions = t.permissionDays.map((p) => ({ ...p, deduction: p.paid ? 0 : take(p.unit === 'dias_corridos' ? dayAmount(p.days) : p.days * day) }));
  const permissionHours = t.permissionHours.map((p) => ({ ...p, deduction: p.paid ? 0 : take((p.seconds / 3600) * ordinaryHour) }));
  const shortfall = take(shortfallAmount);
  return { absence, permissions, permissionHours, shortfall, capped: capped && !wholeMonth };
}

/**
 * The Sunday surcharge (art. 38 inc. 2, Ley 20.823): each Sunday's ordinary hours at the ordinary hour
 * value of its week or cycle (the agreed hours, or the legal limit in force when lower, as for
 * overtime) times the percent. Only for a worker excepted from Sunday rest (a percent given).
 */
function sundaySurchargeOf(facts: RemunerationFacts, input: RemunerationInput): RemunerationVariables['sundaySurcharge'] {
  const percent = input.sundaySurchargePercent ?? null;
  if (percent === null) return { percent: null, seconds: 0, hours: 0, amount: 0 };
  if (!(Number.isFinite(percent) && percent >= 0)) throw new RangeError(`Recargo dominical inválido: ${percent}`);
  let seconds = 0;
  let amount = 0;
  for (const w of facts.sundayOrdinaryWork ?? []) {
    if (input.sundaySurchargeDates && !exceptedFromSundayRestOn(input.sundaySurchargeDates, w.date)) continue;
    const week = facts.weeks.find((k) => k.from <= w.date && w.date <= k.to);
    const limitHours = week ? week.weeklyLimitSeconds / 3600 : weeklyHoursLimit(w.date);
    seconds += w.seconds;
    amount += (w.seconds / 3600) * ordinaryHourValue(input.salary, Math.min(input.weeklyHours, limitHours)) * (percent / 100);
  }
  return { percent, seconds, hours: seconds / 3600, amount: roundPesos(amount) };
}

/** Computes the payroll variables of an evaluated period for a salary and agreed weekly hours. */
export function remunerationVariables(result: PeriodResult, input: RemunerationInput): RemunerationVariables {
  return remunerationFromFacts(remunerationFactsOf(result), input);
}

/** Computes the payroll variables from a period's facts (evaluated now or stored) for a salary and agreed weekly hours. */
export function remunerationFromFacts(facts: RemunerationFacts, input: RemunerationInput): RemunerationVariables {
  if (!(Number.isFinite(input.salary) && input.salary >= 0)) throw new RangeError(`Sueldo inválido: ${input.salary}`);
  // Validates the agreed hours (a RangeError for impossible ones) before anything else.
  overtimeHourValue(input.salary, input.weeklyHours);
  const day = dayValue(input.salary);
  const approved = approvedGetter(input.approvedOvertime);

  // Per settled week: payable overtime (all that remains after compensation; reviews are reported,
  // never a cap) and the shortfall, valued with the weekly hours in force that week. A cycle of an averaged
  // distribution pact (art. 22 bis) is one settled unit valued with the agreed average (or its weeks' legal
  // limits averaged when lower), never with the hours of a longer week.
  let overtimeSeconds = 0;
  let overAgreedSeconds = 0;
  let confirmedSeconds: number | null = approved ? 0 : null;
  let withinSeconds = 0;
  let overtimeAmount = 0;
  let shortfallAmount = 0;
  const lastWeek = facts.weeks[facts.weeks.length - 1];
  let weeklyHoursUsed = Math.min(input.weeklyHours, lastWeek ? lastWeek.weeklyLimitSeconds / 3600 : input.weeklyHours);
  let aboveLimitFrom: LocalDate | null = null;
  let aboveLimitHours = 0;
  const weekLines: RemunerationWeekLine[] = [];
  for (const week of facts.weeks) {
    const limitHours = week.weeklyLimitSeconds / 3600;
    const hoursUsed = input.weeklyHours > limitHours ? limitHours : input.weeklyHours;
    if (input.weeklyHours > limitHours && aboveLimitFrom === null) {
      aboveLimitFrom = week.from;
      aboveLimitHours = limitHours;
    }
    weeklyHoursUsed = hoursUsed;
    const payable = week.netOvertimeSeconds;
    let approvedSeconds: number | null = null;
    if (approved) {
      approvedSeconds = 0;
      for (const d of facts.weekDays) {
        if (d.date >= week.from && d.date <= week.to && d.status === 'presente') {
          approvedSeconds += Math.min(Math.max(0, approved(d.date)), d.overtimeSeconds);
        }
      }
      confirmedSeconds = (confirmedSeconds ?? 0) + Math.min(approvedSeconds, payable);
    }
    const weekOverAgreed = Math.min(week.overAgreedSeconds ?? 0, payable);
    overAgreedSeconds += weekOverAgreed;
    const weekOvertimeAmount = (payable / 3600) * overtimeHourValue(input.salary, hoursUsed);
    const weekShortfallAmount = (week.shortfallSeconds / 3600) * ordinaryHourValue(input.salary, hoursUsed);
    overtimeSeconds += payable;
    withinSeconds += Math.min(payable, week.netOvertimeWithinLimitSeconds);
    overtimeAmount += weekOvertimeAmount;
    shortfallAmount += weekShortfallAmount;
    weekLines.push({
      from: week.from,
      to: week.to,
      weeklyHoursUsed: hoursUsed,
      shortfallSeconds: week.shortfallSeconds,
      shortfallDeduction: roundPesos(weekShortfallAmount),
      netOvertimeSeconds: week.netOvertimeSeconds,
      overAgreedSeconds: weekOverAgreed,
      approvedOvertimeSeconds: approvedSeconds,
      payableOvertimeSeconds: payable,
      overtimeAmount: roundPesos(weekOvertimeAmount),
    });
  }
  // Overtime compensated with vacation days is not paid (at most what the settled weeks pay); the amount drops
  // in proportion, so a month whose weekly hours changed keeps each week's value.
  const compensatedRestSeconds = Math.min(Math.max(0, input.overtimeRest?.compensatedSeconds ?? 0), overtimeSeconds);
  if (compensatedRestSeconds > 0) {
    overtimeAmount *= (overtimeSeconds - compensatedRestSeconds) / overtimeSeconds;
    overtimeSeconds -= compensatedRestSeconds;
    withinSeconds = Math.min(withinSeconds, overtimeSeconds);
    overAgreedSeconds = Math.min(overAgreedSeconds, overtimeSeconds);
    if (confirmedSeconds !== null) confirmedSeconds = Math.min(confirmedSeconds, overtimeSeconds);
  }
  const payoutSeconds = Math.max(0, input.overtimeRest?.payoutSeconds ?? 0);
  const ordinaryHour = ordinaryHourValue(input.salary, weeklyHoursUsed);
  const alerts: RemunerationAlert[] = [];
  if (aboveLimitFrom !== null) {
    alerts.push({
      code: 'horas_pactadas_sobre_limite_legal',
      date: aboveLimitFrom,
      message: `Las ${input.weeklyHours} horas semanales pactadas superan el máximo legal de ${aboveLimitHours} horas vigente desde la semana del ${aboveLimitFrom}: las horas se valoran con el máximo legal. Actualice el contrato.`,
    });
  }

  const sunday = sundaySurchargeOf(facts, input);
  const t = facts.totals;
  const deductions = monthDeductions(input, t, day, ordinaryHour, shortfallAmount);
  if (deductions.capped) {
    alerts.push({
      code: 'descuentos_topados_al_sueldo',
      // The month's first day (empty when the period is not a month: the API shows no date).
      date: input.period && /^\d{6}$/.test(input.period) ? `${input.period.slice(0, 4)}-${input.period.slice(4, 6)}-01` : '',
      message: `Los descuentos del mes suman más que el sueldo de ${roundPesos(input.salary)}: se descuenta como máximo el sueldo (art. 42 a; mes de 30 días).`,
    });
  }
  return {
    period: input.period ?? null,
    daysWorked: t.daysWorked,
    unjustifiedAbsenceDays: t.unjustifiedAbsenceDays,
    unjustifiedAbsenceDeduction: deductions.absence,
    shortfallSeconds: t.shortfallSeconds,
    shortfallMinutes: t.shortfallSeconds / 60,
    shortfallDeduction: deductions.shortfall,
    lateSecondsAfterCompensation: t.lateAfterCompensationSeconds,
    earlyLeaveSecondsAfterCompensation: t.earlyLeaveAfterCompensationSeconds,
    overtime: {
      surchargePercent: OVERTIME_SURCHARGE * 100,
      seconds: overtimeSeconds,
      hours: overtimeSeconds / 3600,
      withinLimitSeconds: withinSeconds,
      beyondLimitSeconds: overtimeSeconds - withinSeconds,
      hourValue: roundPesos(overtimeHourValue(input.salary, weeklyHoursUsed)),
      amount: roundPesos(overtimeAmount),
      overAgreedSeconds,
      confirmedSeconds,
      compensatedRestSeconds,
    },
    overtimeRestPayout: { seconds: payoutSeconds, hours: payoutSeconds / 3600, amount: roundPesos((payoutSeconds / 3600) * overtimeHourValue(input.salary, weeklyHoursUsed)) },
    sundaysWorked: t.sundaysWorked,
    holidaysWorked: t.holidaysWorked,
    sundaysOrHolidaysWorked: t.sundaysOrHolidaysWorked,
    sundaySurcharge: sunday,
    permissions: deductions.permissions,
    permissionHours: deductions.permissionHours,
    pendingDays: t.pendingDays,
    dayValue: roundPesos(day),
    ordinaryHourValue: roundPesos(ordinaryHour),
    weeklyHoursUsed,
    weeks: weekLines,
    alerts,
  };
}
