/**
 * Period evaluation: a worker's week, fortnight or month. Places the plan's shifts, attributes the
 * marks, evaluates each day, then applies the weekly rules: lateness and early leave made up within
 * the same Monday-to-Sunday week are not a shortfall (the compensating time is not overtime either),
 * and the plan itself is checked against the legal limits in force on its dates.
 */
import { holidayLookup, type HolidayLookup } from './calendar/holidays';
import { addDays, fromDayNumber, toDayNumber, weekdayOfDayNumber, type LocalDate } from './calendar/local-date';
import { attributeMarks, type AttributionOptions, type MarkAttribution } from './attribution';
import { evaluateDay, type DayResult, type DayStatus, type EvaluationOptions, type Permission, type PlanKind } from './day-evaluation';
import { DAILY_ORDINARY_LIMIT_SECONDS, MIN_BREAK_SECONDS, PART_TIME_MAX_WEEKLY_HOURS, allowedDaysPerWeek, weeklyHoursLimit } from './law';
import { formatDurationEs, type Mark } from './marks';
import { placeShift, type ShiftInstance, type ShiftTemplate } from './shift-instance';
import { DEFAULT_TIME_ZONE } from './time-zone';

/** What the plan assigns to a date: a shift or a rest day (a date absent from the plan has nothing planned). */
export type PlanEntry = { kind: 'turno'; shift: ShiftTemplate } | { kind: 'libre' };

/** A plan by date, as a Map or a plain object. */
export type PlanByDate = ReadonlyMap<LocalDate, PlanEntry> | Readonly<Record<LocalDate, PlanEntry>>;

/** Options of a period evaluation: the company's rules plus attribution windows and plan checks. */
export interface PeriodEvaluationOptions extends EvaluationOptions {
  attribution?: AttributionOptions;
  /** Commerce worker: planning a shift on an irrenunciable holiday raises an alert. */
  commerce?: boolean;
  /** Exceptional schedule authorised by a DT resolution (7x7, 4x4...): weekly hours and days are averaged over the cycle, so their weekly alerts are skipped. */
  exceptionalSchedule?: boolean;
}

/** A worker and a period to evaluate. */
export interface PeriodEvaluationInput {
  from: LocalDate;
  to: LocalDate;
  /** IANA zone of the worker's site (America/Santiago by default). */
  zone?: string;
  /** The plan; include the day before `from` so its night shift keeps its morning marks. */
  plan: PlanByDate;
  /** Marks from the day before `from` to the day after `to`; marks of other days are attributed but not reported. */
  marks: readonly Mark[];
  permissions?: readonly Permission[];
  /** Holiday calendar of the site (national holidays by default). */
  holidays?: HolidayLookup;
  options?: PeriodEvaluationOptions;
}

/** Codes of the legal-limit alerts raised by a plan. */
export type PlanAlertCode =
  | 'jornada_semanal_sobre_limite'
  | 'jornada_diaria_sobre_limite'
  | 'dias_por_semana_fuera_de_rango'
  | 'colacion_bajo_minimo'
  | 'turno_en_feriado_irrenunciable';

/** A legal-limit alert of the plan, with a Spanish message. */
export interface PlanAlert {
  code: PlanAlertCode;
  /** The day concerned, or the Monday of the week concerned. */
  date: LocalDate;
  message: string;
  /** The planned figure and the legal limit it was compared with (seconds, days). */
  value: number;
  limit: number;
}

/** One Monday-to-Sunday week (clipped to the period) after the weekly compensation. */
export interface WeekSummary {
  weekStart: LocalDate;
  from: LocalDate;
  to: LocalDate;
  /** The whole week lies inside the period. */
  complete: boolean;
  /** Ordinary weekly limit in force on the week's Monday, in seconds. */
  weeklyLimitSeconds: number;
  plannedSeconds: number;
  workedSeconds: number;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  /** Missing seconds of attended ('presente') days before compensation. */
  missingSeconds: number;
  /** Overtime of attended days before compensation. */
  overtimeSeconds: number;
  /** Missing time made up by extra time within the week. */
  compensatedSeconds: number;
  /** Missing seconds after compensation: what may be deducted. */
  shortfallSeconds: number;
  /** Of the shortfall, the part due to lateness and to early leave. */
  lateAfterCompensationSeconds: number;
  earlyLeaveAfterCompensationSeconds: number;
  /** Overtime left after compensation, and its split by the 2-hour daily limit. */
  netOvertimeSeconds: number;
  netOvertimeWithinLimitSeconds: number;
  netOvertimeBeyondLimitSeconds: number;
  /** Missing seconds of 'incompleto' days: unknown until the marks are corrected, never deducted meanwhile. */
  pendingSeconds: number;
}

/** Totals of a period. */
export interface PeriodTotals {
  plannedSeconds: number;
  workedSeconds: number;
  ordinarySeconds: number;
  missingSeconds: number;
  justifiedSeconds: number;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  breakSeconds: number;
  overtimeSeconds: number;
  compensatedSeconds: number;
  shortfallSeconds: number;
  lateAfterCompensationSeconds: number;
  earlyLeaveAfterCompensationSeconds: number;
  netOvertimeSeconds: number;
  netOvertimeWithinLimitSeconds: number;
  netOvertimeBeyondLimitSeconds: number;
  pendingSeconds: number;
  daysByStatus: Record<DayStatus, number>;
  /** Days attended: 'presente' or 'incompleto' (a forgotten exit does not unmake the day). */
  daysWorked: number;
  sundaysWorked: number;
  holidaysWorked: number;
  /** Distinct days that were a Sunday or a holiday and had worked time. */
  sundaysOrHolidaysWorked: number;
  inconsistentDays: number;
  /** Justified days by permission type. */
  permissionDays: { type: string; paid: boolean; days: number }[];
}

/** The evaluation of a worker's period. */
export interface PeriodResult {
  from: LocalDate;
  to: LocalDate;
  zone: string;
  days: DayResult[];
  weeks: WeekSummary[];
  totals: PeriodTotals;
  planAlerts: PlanAlert[];
  /** Marks that could not be read (no day), returned so they can be logged as attempts. */
  unreadableMarks: MarkAttribution[];
}

function planGetter(plan: PlanByDate): (date: LocalDate) => PlanEntry | undefined {
  if (plan instanceof Map) return (date) => plan.get(date);
  const record = plan as Readonly<Record<LocalDate, PlanEntry>>;
  return (date) => (Object.prototype.hasOwnProperty.call(record, date) ? record[date] : undefined);
}

const nationalHolidays = holidayLookup();

/** Evaluates a worker's period: days, weeks with the weekly compensation, totals and the plan's legal alerts. */
export function evaluatePeriod(input: PeriodEvaluationInput): PeriodResult {
  const zone = input.zone ?? DEFAULT_TIME_ZONE;
  const options = input.options ?? {};
  const holidays = input.holidays ?? nationalHolidays;
  const getPlan = planGetter(input.plan);
  const first = toDayNumber(input.from);
  const last = toDayNumber(input.to);
  if (last < first) throw new RangeError(`Periodo inválido: ${input.from} a ${input.to}`);

  // Place the shifts of the period plus one day each side, so boundary marks find their shift.
  const instances: ShiftInstance[] = [];
  const instanceByDay = new Map<number, ShiftInstance>();
  const dates: LocalDate[] = [];
  for (let n = first - 1; n <= last + 1; n++) {
    const date = fromDayNumber(n);
    dates.push(date);
    const entry = getPlan(date);
    if (entry?.kind === 'turno') {
      const instance = placeShift(entry.shift, date, zone);
      instances.push(instance);
      instanceByDay.set(n, instance);
    }
  }

  const attributions = attributeMarks(input.marks, instances, zone, options.attribution);
  const byDate = new Map<LocalDate, MarkAttribution[]>();
  const unreadableMarks: MarkAttribution[] = [];
  for (const a of attributions) {
    if (a.date === null) {
      unreadableMarks.push(a);
      continue;
    }
    const list = byDate.get(a.date);
    if (list) list.push(a);
    else byDate.set(a.date, [a]);
  }

  const permissions = input.permissions ?? [];
  const days: DayResult[] = [];
  for (let n = first; n <= last; n++) {
    const date = dates[n - first + 1]!;
    const entry = getPlan(date);
    const planKind: PlanKind = entry ? entry.kind : 'sin_planificacion';
    let permission: Permission | null = null;
    for (const p of permissions) {
      if (p.from <= date && date <= p.to) {
        permission = p;
        break;
      }
    }
    days.push(
      evaluateDay({
        date,
        planKind,
        instance: instanceByDay.get(n) ?? null,
        attributions: byDate.get(date) ?? [],
        holiday: holidays(date) ?? null,
        permission,
        options,
      }),
    );
  }

  const weeks = summariseWeeks(days, first);
  return {
    from: input.from,
    to: input.to,
    zone,
    days,
    weeks,
    totals: totalsOf(days, weeks),
    planAlerts: planAlerts(first, last, getPlan, zone, holidays, options),
    unreadableMarks,
  };
}

function summariseWeeks(days: readonly DayResult[], first: number): WeekSummary[] {
  const weeks: WeekSummary[] = [];
  let i = 0;
  while (i < days.length) {
    const n = first + i;
    const weekday = weekdayOfDayNumber(n);
    const weekStartNumber = n - (weekday - 1);
    const end = Math.min(days.length, i + (8 - weekday));
    const week: WeekSummary = {
      weekStart: fromDayNumber(weekStartNumber),
      from: days[i]!.date,
      to: days[end - 1]!.date,
      complete: weekday === 1 && end - i === 7,
      weeklyLimitSeconds: weeklyHoursLimit(fromDayNumber(weekStartNumber)) * 3600,
      plannedSeconds: 0,
      workedSeconds: 0,
      lateSeconds: 0,
      earlyLeaveSeconds: 0,
      missingSeconds: 0,
      overtimeSeconds: 0,
      compensatedSeconds: 0,
      shortfallSeconds: 0,
      lateAfterCompensationSeconds: 0,
      earlyLeaveAfterCompensationSeconds: 0,
      netOvertimeSeconds: 0,
      netOvertimeWithinLimitSeconds: 0,
      netOvertimeBeyondLimitSeconds: 0,
      pendingSeconds: 0,
    };
    let within = 0;
    let beyond = 0;
    for (let k = i; k < end; k++) {
      const d = days[k]!;
      week.plannedSeconds += d.plannedSeconds;
      week.workedSeconds += d.workedSeconds;
      if (d.status === 'presente') {
        week.missingSeconds += d.missingSeconds;
        week.overtimeSeconds += d.overtimeSeconds;
        week.lateSeconds += d.lateSeconds;
        week.earlyLeaveSeconds += d.earlyLeaveSeconds;
        within += d.overtimeWithinLimitSeconds;
        beyond += d.overtimeBeyondLimitSeconds;
      } else if (d.status === 'incompleto') {
        week.pendingSeconds += d.missingSeconds;
        week.lateSeconds += d.lateSeconds;
        week.earlyLeaveSeconds += d.earlyLeaveSeconds;
      }
    }
    const compensated = Math.min(week.missingSeconds, week.overtimeSeconds);
    week.compensatedSeconds = compensated;
    week.shortfallSeconds = week.missingSeconds - compensated;
    // Extra time that made up missing time is not overtime; it is taken first from what broke the daily limit.
    const fromBeyond = Math.min(beyond, compensated);
    week.netOvertimeBeyondLimitSeconds = beyond - fromBeyond;
    week.netOvertimeWithinLimitSeconds = within - (compensated - fromBeyond);
    week.netOvertimeSeconds = week.netOvertimeWithinLimitSeconds + week.netOvertimeBeyondLimitSeconds;
    week.lateAfterCompensationSeconds = Math.min(week.lateSeconds, week.shortfallSeconds);
    week.earlyLeaveAfterCompensationSeconds = Math.min(week.earlyLeaveSeconds, week.shortfallSeconds - week.lateAfterCompensationSeconds);
    weeks.push(week);
    i = end;
  }
  return weeks;
}

function totalsOf(days: readonly DayResult[], weeks: readonly WeekSummary[]): PeriodTotals {
  const totals: PeriodTotals = {
    plannedSeconds: 0,
    workedSeconds: 0,
    ordinarySeconds: 0,
    missingSeconds: 0,
    justifiedSeconds: 0,
    lateSeconds: 0,
    earlyLeaveSeconds: 0,
    breakSeconds: 0,
    overtimeSeconds: 0,
    compensatedSeconds: 0,
    shortfallSeconds: 0,
    lateAfterCompensationSeconds: 0,
    earlyLeaveAfterCompensationSeconds: 0,
    netOvertimeSeconds: 0,
    netOvertimeWithinLimitSeconds: 0,
    netOvertimeBeyondLimitSeconds: 0,
    pendingSeconds: 0,
    daysByStatus: { presente: 0, ausente: 0, justificado: 0, libre: 0, feriado: 0, incompleto: 0 },
    daysWorked: 0,
    sundaysWorked: 0,
    holidaysWorked: 0,
    sundaysOrHolidaysWorked: 0,
    inconsistentDays: 0,
    permissionDays: [],
  };
  const permissionDays = new Map<string, { type: string; paid: boolean; days: number }>();
  for (const d of days) {
    totals.plannedSeconds += d.plannedSeconds;
    totals.workedSeconds += d.workedSeconds;
    totals.ordinarySeconds += d.ordinarySeconds;
    totals.missingSeconds += d.missingSeconds;
    totals.justifiedSeconds += d.justifiedSeconds;
    totals.lateSeconds += d.lateSeconds;
    totals.earlyLeaveSeconds += d.earlyLeaveSeconds;
    totals.breakSeconds += d.breakSeconds;
    totals.overtimeSeconds += d.overtimeSeconds;
    totals.daysByStatus[d.status]++;
    if (d.status === 'presente' || d.status === 'incompleto') totals.daysWorked++;
    if (d.workedOnSundayOrHoliday) {
      totals.sundaysOrHolidaysWorked++;
      if (d.isSunday) totals.sundaysWorked++;
      if (d.holiday) totals.holidaysWorked++;
    }
    if (d.inconsistencies.length > 0) totals.inconsistentDays++;
    if (d.permission) {
      const key = `${d.permission.type}\u0000${d.permission.paid}`;
      const entry = permissionDays.get(key);
      if (entry) entry.days++;
      else permissionDays.set(key, { type: d.permission.type, paid: d.permission.paid, days: 1 });
    }
  }
  for (const w of weeks) {
    totals.compensatedSeconds += w.compensatedSeconds;
    totals.shortfallSeconds += w.shortfallSeconds;
    totals.lateAfterCompensationSeconds += w.lateAfterCompensationSeconds;
    totals.earlyLeaveAfterCompensationSeconds += w.earlyLeaveAfterCompensationSeconds;
    totals.netOvertimeSeconds += w.netOvertimeSeconds;
    totals.netOvertimeWithinLimitSeconds += w.netOvertimeWithinLimitSeconds;
    totals.netOvertimeBeyondLimitSeconds += w.netOvertimeBeyondLimitSeconds;
    totals.pendingSeconds += w.pendingSeconds;
  }
  totals.permissionDays = [...permissionDays.values()].sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : Number(a.paid) - Number(b.paid)));
  return totals;
}

function hours(seconds: number): string {
  return formatDurationEs(seconds);
}

/**
 * Legal-limit alerts of a plan over the weeks touching [first, last]: weekly hours against the limit
 * in force on each week's Monday, 10 ordinary hours a day, 5-6 days a week (4 with 40 hours or fewer;
 * part-time weeks of 30 hours or fewer are exempt), colación of 30 minutes, irrenunciable holidays.
 */
function planAlerts(
  first: number,
  last: number,
  getPlan: (date: LocalDate) => PlanEntry | undefined,
  zone: string,
  holidays: HolidayLookup,
  options: PeriodEvaluationOptions,
): PlanAlert[] {
  const alerts: PlanAlert[] = [];
  const start = first - (weekdayOfDayNumber(first) - 1);
  for (let monday = start; monday <= last; monday += 7) {
    let weekSeconds = 0;
    let weekDays = 0;
    for (let n = monday; n < monday + 7; n++) {
      const date = fromDayNumber(n);
      const entry = getPlan(date);
      if (entry?.kind !== 'turno') continue;
      const instance = placeShift(entry.shift, date, zone);
      weekSeconds += instance.plannedSeconds;
      weekDays++;
      if (n < first || n > last) continue;
      if (instance.plannedSeconds > DAILY_ORDINARY_LIMIT_SECONDS) {
        alerts.push({
          code: 'jornada_diaria_sobre_limite',
          date,
          message: `Turno ${instance.label} del ${date} con ${hours(instance.plannedSeconds)} ordinarias: supera el máximo legal de 10 horas diarias.`,
          value: instance.plannedSeconds,
          limit: DAILY_ORDINARY_LIMIT_SECONDS,
        });
      }
      if (instance.breakSeconds > 0 && instance.breakSeconds < MIN_BREAK_SECONDS) {
        alerts.push({
          code: 'colacion_bajo_minimo',
          date,
          message: `Turno ${instance.label} del ${date} con ${hours(instance.breakSeconds)} de colación: la ley exige al menos 30 minutos.`,
          value: instance.breakSeconds,
          limit: MIN_BREAK_SECONDS,
        });
      }
      const holiday = options.commerce ? holidays(date) : undefined;
      if (holiday?.irrenunciable) {
        alerts.push({
          code: 'turno_en_feriado_irrenunciable',
          date,
          message: `Turno planificado el ${date} (${holiday.name}), feriado irrenunciable para trabajadores del comercio.`,
          value: 1,
          limit: 0,
        });
      }
    }
    if (options.exceptionalSchedule) continue;
    const weekStart = fromDayNumber(monday);
    const limitHours = weeklyHoursLimit(weekStart);
    if (weekSeconds > limitHours * 3600) {
      alerts.push({
        code: 'jornada_semanal_sobre_limite',
        date: weekStart,
        message: `Semana del ${weekStart}: ${hours(weekSeconds)} planificadas superan el máximo legal de ${limitHours} horas semanales.`,
        value: weekSeconds,
        limit: limitHours * 3600,
      });
    }
    const allowed = allowedDaysPerWeek(weekSeconds / 3600);
    if (weekSeconds > PART_TIME_MAX_WEEKLY_HOURS * 3600 && (weekDays > allowed.max || weekDays < allowed.min)) {
      alerts.push({
        code: 'dias_por_semana_fuera_de_rango',
        date: weekStart,
        message: `Semana del ${weekStart}: ${weekDays} días de trabajo planificados; la jornada debe distribuirse en ${allowed.min === 4 ? '4 (con 40 horas o menos), ' : ''}5 o 6 días.`,
        value: weekDays,
        limit: weekDays > allowed.max ? allowed.max : allowed.min,
      });
    }
  }
  return alerts;
}

/** The range of plan and marks a caller should load for a period: one day more on each side. */
export function evaluationLoadRange(from: LocalDate, to: LocalDate): { from: LocalDate; to: LocalDate } {
  return { from: addDays(from, -1), to: addDays(to, 1) };
}
