/**
 * What the alerts watch of attendance: the engine's inputs around an instant (the shifts about to start or
 * end, with their marks and permissions) and the stored worked time of the recent days, each with its
 * worker's exceptional schedule in force. Both come from `app.attendanceReads`; the worked time is the
 * stored evaluation, brought up to date first with `ensureFresh`.
 */
import { addDays, exceptionalScheduleOver, weekStart, type ExceptionalSchedule } from '@jornada/domain';
import type { AttendanceReads, AttendanceService, WorkerShiftsNear } from '../attendance/index';

/** A worker's stored day as the limit alerts count it. */
export interface StoredWorkedDay {
  userId: string;
  fecha: string;
  workedSeconds: number;
  zone: string;
  /** The worker is excluded from the hours limit (art. 22 inc. 2): no limit to pass. */
  excludedFromHoursLimit: boolean;
  /** The exceptional schedule (art. 38 inc. final) the worker is under on that day, if any. */
  exceptionalSchedule?: ExceptionalSchedule;
}

export interface WatchedAttendance {
  /** The workers with a planned shift around `now`, with their shift instances, marks and approved permissions. */
  shiftsNear(companyId: string, now: Date): Promise<WorkerShiftsNear[]>;
  /** The stored worked time of the workers who marked in the last days, over the current and the previous Monday–Sunday weeks. */
  recentWorkedDays(companyId: string, now: Date): Promise<{ days: StoredWorkedDay[] }>;
}

const utcDate = (at: Date) => at.toISOString().slice(0, 10);

export function createWatchedAttendance({ reads, attendance }: { reads: AttendanceReads; attendance: Pick<AttendanceService, 'ensureFresh'> }): WatchedAttendance {
  return {
    shiftsNear: reads.shiftsNear,
    async recentWorkedDays(companyId, now) {
      const monday = addDays(weekStart(utcDate(now)), -7);
      const to = addDays(utcDate(now), 1);
      const userIds = await reads.workersWithMarks(companyId, new Date(`${addDays(monday, -1)}T00:00:00Z`), new Date(now.getTime() + 1));
      if (userIds.length === 0) return { days: [] };
      await attendance.ensureFresh(companyId, userIds, monday, to, now);
      const stored = await reads.days.workedSeconds(companyId, userIds, monday, to);
      return {
        days: stored.map(({ exceptional, ...day }) => {
          const schedule = exceptionalScheduleOver(exceptional, day.fecha, day.fecha);
          return schedule ? { ...day, exceptionalSchedule: schedule } : day;
        }),
      };
    },
  };
}
