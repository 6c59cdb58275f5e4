import type { ExceptionalSchedule } from './day-result';

/**
 * An exceptional distribution system as a company records it (art. 38 inc. final): the DT resolution's
 * number, its cycle (null when unknown), the daily ordinary hours it authorises (null: none stated) and
 * the dates it is in force (null: open).
 */
export interface AuthorisedSchedule {
  resolution: string;
  workDays: number | null;
  restDays: number | null;
  dailyOrdinaryHours: number | null;
  validFrom: string | null;
  validTo: string | null;
}

/**
 * The engine's `exceptionalSchedule` option for a worker under `schedule` over the period [from, to]
 * (`aaaa-mm-dd`): the whole period is treated under the schedule when its validity touches the period,
 * and under the ordinary limits when it does not (a period is not split at the validity's edges).
 */
export function exceptionalScheduleOver(schedule: AuthorisedSchedule | null | undefined, from: string, to: string): ExceptionalSchedule | undefined {
  if (!schedule) return undefined;
  if ((schedule.validFrom !== null && schedule.validFrom > to) || (schedule.validTo !== null && schedule.validTo < from)) return undefined;
  const option: ExceptionalSchedule = { resolution: schedule.resolution };
  if (schedule.dailyOrdinaryHours !== null) option.dailyOrdinaryHours = schedule.dailyOrdinaryHours;
  if (schedule.workDays !== null && schedule.restDays !== null) option.cycle = { workDays: schedule.workDays, restDays: schedule.restDays };
  return option;
}
