/**
 * What other modules read of the stored evaluation, given to them at assembly as `app.attendanceReads`
 * (never as functions they call with a database of their own). The reads are named by what they return,
 * not by who takes them: the stored days of some workers over a period in the projections the callers
 * need, a page of the workers of a filter, the sums of a selection, the inconsistencies as stored, and the
 * engine's inputs around an instant. Each consumer shapes these into its own figures in its own module
 * (payroll facts in remunerations, the compensatory rest owed in permissions, the legal reports' days in
 * legal-reports, the limits watched in alerts), with the domain's functions.
 *
 * The stored-day reads return what is stored: the caller brings the days up to date first with the
 * attendance service's `ensureFresh` (`app.attendance`). Each takes a transaction only where a caller
 * reads inside its own (the closing of a payroll month, the overtime decisions).
 */
import type { Db, DbOrTx } from '../../db/client';
import type { PermissionReads } from '../permissions/index';
import type { PlanReader } from '../planning/index';
import { createInconsistencyReads } from './attendance.inconsistencies';
import { shiftsNear } from './attendance.inputs-near';
import * as reads from './attendance.reads.repository';
import { createAttendanceReports } from './attendance.selection';
import * as repo from './attendance.repository';
import type { AttendanceService } from './attendance.service';

/** A stored day with overtime, as `days.withOvertime` reads it. */
export type FoundOvertimeDay = reads.OvertimeDayRow;
/** A stored day reduced to what the pay variables count, as `days.pay` reads it. */
export type PayDayRow = reads.PayrollDayRow;
/** A worker as the worker pages read it (name, RUT, group, site, zone, contract). */
export type AttendanceWorker = repo.WorkerRow;
/** The filter of `workers`: the reports' filter plus the legal reports' own (the jornada's kind). */
export type AttendanceWorkerFilter = reads.LegalWorkerFilter;

interface AttendanceReadsDeps {
  db: Db;
  attendance: AttendanceService;
  /** The plan as the engine reads it (modules/planning's `app.plan`): the shifts of the engine's inputs. */
  plan: PlanReader;
  /** The approved permissions around a missed mark (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'approvedPermissions'>;
}

export function createAttendanceReads({ db, attendance, plan, permissions }: AttendanceReadsDeps) {
  return {
    /** The stored days of some workers over `from`..`to` (local dates), in worker and date order, in the projection each caller counts. */
    days: {
      /** Whole: the day's result, status and the week's settlement on its Sunday (the legal reports' blocks). */
      whole: (companyId: string, userIds: readonly string[], from: string, to: string) => reads.legalDays(db, companyId, userIds, from, to),
      /** One worker's whole days with when they were computed and the board's facts (drill-downs). */
      ofWorker: (companyId: string, userId: string, from: string, to: string) => repo.periodDays(db, companyId, userId, from, to),
      /** What the pay variables count (`StoredPayDay` of packages/domain). */
      pay: (companyId: string, userIds: readonly string[], from: string, to: string, executor: DbOrTx = db) => reads.payrollDayRows(executor, companyId, userIds, from, to),
      /** The days with a worked status, each with whether it is a holiday of the worker's calendar (what `compensatoryRestOwed` counts). */
      worked: (companyId: string, userIds: readonly string[], from: string, to: string) => reads.workedDays(db, companyId, userIds, from, to),
      /** The worked seconds of each day, with the worker's zone, hours-limit exclusion and exceptional schedule (what `limitBreaches` counts). */
      workedSeconds: (companyId: string, userIds: readonly string[], from: string, to: string) => repo.storedWorkedSeconds(db, companyId, userIds, from, to),
      /** The days with overtime found, plus those in `alsoDays` whatever their figure now (decided days whose figure may have dropped to nothing). */
      withOvertime: (companyId: string, userIds: readonly string[], from: string, to: string, alsoDays: readonly { userId: string; fecha: string }[] = [], executor: DbOrTx = db) =>
        reads.overtimeDays(executor, companyId, userIds, from, to, alsoDays),
      /** How many days are still waiting for a mark (`incompleto`), per date. */
      incompleteCounts: async (companyId: string, userIds: readonly string[], from: string, to: string, executor: DbOrTx = db) =>
        (await reads.incompleteDayCounts(executor, companyId, userIds, from, to)).map((r) => ({ fecha: r.fecha, cantidad: r.n })),
    },
    /** A page of the workers of a filter active at some point of its range (surname order), and how many match. */
    workers: (companyId: string, filter: AttendanceWorkerFilter, paging: { limit: number; offset: number } | null) => reads.legalWorkers(db, companyId, filter, paging),
    /** The active workers with a mark in [from, to). */
    workersWithMarks: (companyId: string, from: Date, to: Date) => repo.workersWithMarks(db, companyId, from, to),
    /** A management report's selection of workers and days: its checks, a page of rows, the totals, chart series and stored days. */
    selection: createAttendanceReports({ db, attendance }),
    /** The inconsistencies of the stored days, with their dismissals and corrections. */
    inconsistencies: createInconsistencyReads({ db, attendance }),
    /** The engine's inputs for the workers with a shift around `now` (what the missed-mark alerts watch). */
    shiftsNear: (companyId: string, now: Date) => shiftsNear(db, plan, permissions, companyId, now),
  };
}

export type AttendanceReads = ReturnType<typeof createAttendanceReads>;
