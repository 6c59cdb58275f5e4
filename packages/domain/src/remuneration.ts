/**
 * Pay variables (remuneraciones) of a period from its evaluation and the worker's salary: what a
 * payroll system imports. Seconds stay exact; money is computed unrounded and rounded once, here,
 * to whole pesos. There are no daily deductions: lateness is only deducted as the week's shortfall.
 */
import type { LocalDate } from './calendar/local-date';
import { OVERTIME_SURCHARGE, dayValue, ordinaryHourValue, overtimeHourValue, roundPesos } from './law';
import type { PeriodResult } from './period-evaluation';

/** Salary terms of the worker for the period. */
export interface RemunerationInput {
  /** Monthly base salary in pesos. */
  salary: number;
  /** Agreed ordinary weekly hours (H of the overtime formula). */
  weeklyHours: number;
  /** Payroll period `YYYYMM`, echoed in the result. */
  period?: string;
  /**
   * Overtime approved per date, in seconds (the written pact and the supervisor's approval). When
   * absent every overtime second found is payable: worked time is always paid.
   */
  approvedOvertime?: ReadonlyMap<LocalDate, number> | Readonly<Record<LocalDate, number>>;
}

/** Permission days of one type in the period, and the deduction of the unpaid ones. */
export interface PermissionDaysLine {
  type: string;
  paid: boolean;
  days: number;
  /** Deduction for unpaid days (days x salary / 30), whole pesos; 0 when paid. */
  deduction: number;
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
  /** Overtime paid with the 50 % surcharge (art. 32). */
  overtime: {
    surchargePercent: number;
    seconds: number;
    hours: number;
    /** Part within and beyond the 2-hour daily limit (the latter is paid and also alerted). */
    withinLimitSeconds: number;
    beyondLimitSeconds: number;
    hourValue: number;
    amount: number;
  };
  sundaysWorked: number;
  holidaysWorked: number;
  sundaysOrHolidaysWorked: number;
  permissions: PermissionDaysLine[];
  /** Days still 'incompleto': their time is not deducted until corrected. */
  pendingDays: number;
  dayValue: number;
  ordinaryHourValue: number;
}

function approvedGetter(approved: RemunerationInput['approvedOvertime']): ((date: LocalDate) => number) | null {
  if (!approved) return null;
  if (approved instanceof Map) return (date) => approved.get(date) ?? 0;
  const record = approved as Readonly<Record<LocalDate, number>>;
  return (date) => (Object.prototype.hasOwnProperty.call(record, date) ? (record[date] ?? 0) : 0);
}

/** Computes the payroll variables of an evaluated period for a salary and agreed weekly hours. */
export function remunerationVariables(result: PeriodResult, input: RemunerationInput): RemunerationVariables {
  if (!(Number.isFinite(input.salary) && input.salary >= 0)) throw new RangeError(`Sueldo inválido: ${input.salary}`);
  const ordinaryHour = ordinaryHourValue(input.salary, input.weeklyHours);
  const overtimeHour = overtimeHourValue(input.salary, input.weeklyHours);
  const day = dayValue(input.salary);
  const approved = approvedGetter(input.approvedOvertime);

  // Payable overtime per week: what remains after compensation, capped by what was approved.
  let overtimeSeconds = 0;
  let withinSeconds = 0;
  for (const week of result.weeks) {
    let payable = week.netOvertimeSeconds;
    if (approved) {
      let approvedSeconds = 0;
      for (const d of result.days) {
        if (d.date >= week.from && d.date <= week.to && d.status === 'presente') {
          approvedSeconds += Math.min(Math.max(0, approved(d.date)), d.overtimeSeconds);
        }
      }
      payable = Math.min(payable, approvedSeconds);
    }
    overtimeSeconds += payable;
    withinSeconds += Math.min(payable, week.netOvertimeWithinLimitSeconds);
  }

  const t = result.totals;
  const permissions = t.permissionDays.map((p) => ({ ...p, deduction: p.paid ? 0 : roundPesos(p.days * day) }));
  return {
    period: input.period ?? null,
    daysWorked: t.daysWorked,
    unjustifiedAbsenceDays: t.daysByStatus.ausente,
    unjustifiedAbsenceDeduction: roundPesos(t.daysByStatus.ausente * day),
    shortfallSeconds: t.shortfallSeconds,
    shortfallMinutes: t.shortfallSeconds / 60,
    shortfallDeduction: roundPesos((t.shortfallSeconds / 3600) * ordinaryHour),
    lateSecondsAfterCompensation: t.lateAfterCompensationSeconds,
    earlyLeaveSecondsAfterCompensation: t.earlyLeaveAfterCompensationSeconds,
    overtime: {
      surchargePercent: OVERTIME_SURCHARGE * 100,
      seconds: overtimeSeconds,
      hours: overtimeSeconds / 3600,
      withinLimitSeconds: withinSeconds,
      beyondLimitSeconds: overtimeSeconds - withinSeconds,
      hourValue: roundPesos(overtimeHour),
      amount: roundPesos((overtimeSeconds / 3600) * overtimeHour),
    },
    sundaysWorked: t.sundaysWorked,
    holidaysWorked: t.holidaysWorked,
    sundaysOrHolidaysWorked: t.sundaysOrHolidaysWorked,
    permissions,
    pendingDays: t.daysByStatus.incompleto,
    dayValue: roundPesos(day),
    ordinaryHourValue: roundPesos(ordinaryHour),
  };
}
