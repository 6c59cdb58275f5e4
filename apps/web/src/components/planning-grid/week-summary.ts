import { addDays, placeShift, weeklyHoursLimit, type LocalDate, type PlanAlertCode, type ShiftTemplate } from '@jornada/domain';
import type { GridShift, WorkerPlan } from './types';

/** A week's flag: one of the engine's plan alerts (`PLAN_ALERT_CODES`), as the server sent it. */
export type WeekFlagCode = PlanAlertCode;

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
 * A week's planned figures as the grid counts them from the plan it holds: hours, working days, whether a
 * day is still unplanned, and the weekly limit in force (the last planned day's, as the engine binds it).
 * Never a legal judgement: the alerts of a week are the engine's (`planAlerts` of packages/domain, through
 * the server's `semanas`), and a week the server did not judge shows its hours only.
 */
export function plannedWeek(monday: LocalDate, plan: WorkerPlan | undefined, zone: string): WeekSummary {
  let plannedSeconds = 0;
  let workingDays = 0;
  let incomplete = false;
  let lastPlanned = addDays(monday, 6);
  for (let i = 0; i < 7; i++) {
    const date = addDays(monday, i);
    const entry = plan?.get(date);
    if (entry === undefined) incomplete = true;
    if (entry?.kind !== 'turno') continue;
    plannedSeconds += entry.seconds ?? plannedSecondsOn(entry.shift, date, zone);
    workingDays++;
    lastPlanned = date;
  }
  return { monday, plannedSeconds, workingDays, limitHours: weeklyHoursLimit(lastPlanned), flags: [], longDays: [], incomplete };
}
