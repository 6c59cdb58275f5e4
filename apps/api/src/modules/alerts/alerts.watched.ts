/**
 * What the alerts watch of attendance: the engine's inputs around an instant (the shifts about to start or
 * end, with their marks and permissions) and the stored worked time of the recent days, each with its
 * worker's exceptional schedule in force. Both come from `app.attendanceReads`; the worked time is the
 * stored evaluation, brought up to date first with `ensureFresh`.
 */
import { CODIGO_DESCANSO_COMPENSATORIO } from '@jornada/contracts';
import {
  addDays,
  compensatoryRestOwed,
  COMPENSATORY_REST_TERM_DAYS,
  exceptionalScheduleOver,
  sundayRestExceptionOf,
  uncompensatedRest,
  weekStart,
  type CompensatoryRestDay,
  type ExceptionalSchedule,
  type UncompensatedRest,
} from '@jornada/domain';
import type { Db } from '../../db/client';
import { localDate } from '../../lib/clock';
import type { AttendanceReads, AttendanceService, WorkerShiftsNear } from '../attendance/index';
import type { PermissionReads } from '../permissions/index';
import type { PlanReader } from '../planning/index';

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

/** An excepted worker's Sundays and holidays worked whose compensatory day was not granted in its term. */
export interface UncompensatedWorker {
  userId: string;
  zone: string;
  rest: UncompensatedRest[];
}

/** How many days back a term that ended still gets its alert (a process down for a while catches up). */
const COMPENSATORY_REST_LOOKBACK_DAYS = 21;

export interface WatchedAttendance {
  /** The workers with a planned shift around `now`, with their shift instances, marks and approved permissions. */
  shiftsNear(companyId: string, now: Date): Promise<WorkerShiftsNear[]>;
  /** The stored worked time of the workers who marked in the last days, over the current and the previous Monday–Sunday weeks. */
  recentWorkedDays(companyId: string, now: Date): Promise<{ days: StoredWorkedDay[] }>;
  /**
   * The workers excepted from Sunday rest (art. 38) with a Sunday or holiday owed (art. 38 inc. 3) whose term ended
   * in the last `COMPENSATORY_REST_LOOKBACK_DAYS` days without a rest day of the plan or a whole-day D.C.38
   * permission to compensate it (`uncompensatedRest`), each date with the exception in force on it.
   */
  uncompensatedRest(companyId: string, now: Date): Promise<UncompensatedWorker[]>;
}

const utcDate = (at: Date) => at.toISOString().slice(0, 10);

interface WatchedDeps {
  db: Db;
  reads: AttendanceReads;
  attendance: Pick<AttendanceService, 'ensureFresh'>;
  /** The plan's rest days (modules/planning's `app.plan`). */
  plan: Pick<PlanReader, 'plannedDays'>;
  /** The approved D.C.38 permissions (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'approvedPermissions'>;
}

export function createWatchedAttendance({ db, reads, attendance, plan, permissions }: WatchedDeps): WatchedAttendance {
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

    async uncompensatedRest(companyId, now) {
      const today = localDate(now);
      // Dates owed whose term ended in the lookback; the week before the first tells whether its Sunday had rest.
      const from = addDays(today, -(COMPENSATORY_REST_LOOKBACK_DAYS + COMPENSATORY_REST_TERM_DAYS));
      const to = addDays(today, -1);
      const { items: workers } = await reads.workers(companyId, { exceptedFromSundayRest: true, activeFrom: from, activeTo: to }, null);
      if (workers.length === 0) return [];
      const ids = workers.map((w) => w.id);
      await attendance.ensureFresh(companyId, ids, addDays(from, -6), to, now);
      const [worked, planned, approved] = await Promise.all([
        reads.days.worked(companyId, ids, addDays(from, -6), to),
        plan.plannedDays(companyId, ids, { from, to }),
        permissions.approvedPermissions(db, companyId, ids, from, to),
      ]);
      const daysOf = new Map<string, CompensatoryRestDay[]>();
      for (const { userId, ...day } of worked) {
        const list = daysOf.get(userId);
        if (list) list.push(day);
        else daysOf.set(userId, [day]);
      }
      const result: UncompensatedWorker[] = [];
      for (const w of workers) {
        const exception = sundayRestExceptionOf(w.exceptuadoDescansoDominical, w.exceptuadoDescansoDominicalDesde, w.exceptuadoDescansoDominicalHasta);
        const owed = compensatoryRestOwed(daysOf.get(w.id) ?? [], { exceptedFromSundayRest: exception }, from);
        if (owed.days === 0) continue;
        const restDays = [...(planned.get(w.id) ?? new Map()).entries()].filter(([, entry]) => entry.kind === 'libre').map(([date]) => date);
        const dc38 = (approved.get(w.id) ?? []).filter((p) => p.type === CODIGO_DESCANSO_COMPENSATORIO);
        const rest = uncompensatedRest(owed.dates, { restDays, permissions: dc38 }, today);
        if (rest.length > 0) result.push({ userId: w.id, zone: w.zone, rest });
      }
      return result;
    },
  };
}
