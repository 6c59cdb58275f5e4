import {
  DAILY_ORDINARY_LIMIT_SECONDS,
  addDays,
  allowedDaysPerWeek,
  isPartTime,
  placeShift,
  weeklyHoursLimit,
  type LocalDate,
  type PlanAlertCode,
  type ShiftTemplate,
} from '@jornada/domain';
import { hoursMinutes, shortDate } from './calendar';
import type { GridShift, WorkerPlan } from './types';

/** The grid's own flags, or the code of a server plan alert (`PLAN_ALERT_CODES`) when the week is the server's. */
export type WeekFlagCode = 'semana_sobre_limite' | 'dia_sobre_10_horas' | 'dias_fuera_de_rango' | PlanAlertCode;

export interface WeekFlag {
  code: WeekFlagCode;
  message: string;
}

export interface WeekSummary {
  monday: LocalDate;
  plannedSeconds: number;
  workingDays: number;
  limitHours: number;
  flags: WeekFlag[];
  /** Days of the week whose shift passes 10 ordinary hours. */
  longDays: LocalDate[];
  /** Some day of the week has no plan yet: it is not judged short of days until it is complete. */
  incomplete: boolean;
}

const templates = new WeakMap<GridShift, ShiftTemplate>();

function templateOf(shift: GridShift): ShiftTemplate {
  let template = templates.get(shift);
  if (!template) {
    template = { id: shift.id, start: shift.start, end: shift.end, break: shift.break ?? null };
    templates.set(shift, template);
  }
  return template;
}

/** Ordinary seconds a shift plans on a date in a zone (real length minus colación; DST included). */
export function plannedSecondsOn(shift: GridShift, date: LocalDate, zone: string): number {
  try {
    return placeShift(templateOf(shift), date, zone).plannedSeconds;
  } catch {
    return 0;
  }
}

/**
 * The legal checks of a planned week, the same the server runs (packages/domain): weekly hours
 * against the limit in force on the Monday (Ley 21.561), at most 10 ordinary hours a day, and the
 * week spread over 5 or 6 days (4 with 40 hours or fewer; part-time weeks, at most two-thirds of the
 * limit in force (art. 40 bis), are exempt, and so are weeks that are only partly planned for that reason;
 * a week with a day not planned yet is «incompleta», never short of days).
 */
export function summarizeWeek(monday: LocalDate, plan: WorkerPlan | undefined, zone: string): WeekSummary {
  let plannedSeconds = 0;
  let workingDays = 0;
  let incomplete = false;
  const longDays: LocalDate[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(monday, i);
    const entry = plan?.get(date);
    if (entry === undefined) incomplete = true;
    if (entry?.kind !== 'turno') continue;
    const seconds = entry.seconds ?? plannedSecondsOn(entry.shift, date, zone);
    plannedSeconds += seconds;
    workingDays++;
    if (seconds > DAILY_ORDINARY_LIMIT_SECONDS) longDays.push(date);
  }
  const limitHours = weeklyHoursLimit(monday);
  const flags: WeekFlag[] = [];
  if (plannedSeconds > limitHours * 3600) {
    flags.push({
      code: 'semana_sobre_limite',
      message: `${hoursMinutes(plannedSeconds)} horas planificadas superan el máximo legal de ${limitHours} horas semanales`,
    });
  }
  if (longDays.length > 0) {
    flags.push({
      code: 'dia_sobre_10_horas',
      message: `${longDays.length === 1 ? `el ${shortDate(longDays[0]!)} tiene` : `${longDays.map(shortDate).join(', ')} tienen`} más de 10 horas ordinarias`,
    });
  }
  const allowed = allowedDaysPerWeek(plannedSeconds / 3600);
  if (!isPartTime(plannedSeconds / 3600, monday) && (workingDays > allowed.max || (workingDays < allowed.min && !incomplete))) {
    flags.push({
      code: 'dias_fuera_de_rango',
      message: `${workingDays === 1 ? '1 día' : `${workingDays} días`} de trabajo: la jornada debe repartirse en ${allowed.min === 4 ? '4 (con 40 horas o menos), ' : ''}5 o 6 días`,
    });
  }
  return { monday, plannedSeconds, workingDays, limitHours, flags, longDays, incomplete };
}
