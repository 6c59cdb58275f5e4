/**
 * What other modules read of the stored evaluation, given to them at assembly as `app.attendanceReads`
 * (never as functions they call with a database of their own): the management reports' selection and
 * sums, the legal reports' days, the inconsistencies, the payroll facts, the overtime found, the
 * compensatory rest owed and what the legal alerts watch. Each read takes a transaction only where a
 * caller reads inside its own (the closing of a payroll month).
 */
import type { Db, DbOrTx } from '../../db/client';
import type { PermissionReads } from '../permissions/index';
import type { PlanReader } from '../planning/index';
import { recentWorkedDays, shiftsNear } from './attendance.alerts';
import { createOwedCompensatoryRest } from './attendance.compensatory-rest';
import { createInconsistencyReads } from './attendance.inconsistencies';
import { createAttendanceLegalReads } from './attendance.legal';
import { foundOvertime } from './attendance.overtime';
import { incompleteDays, payrollFacts, payrollStoredDays } from './attendance.payroll';
import { createAttendanceReports } from './attendance.reports';
import type { AttendanceService } from './attendance.service';

interface AttendanceReadsDeps {
  db: Db;
  attendance: AttendanceService;
  /** The plan as the engine reads it (modules/planning's `app.plan`): the shifts the alerts watch. */
  plan: PlanReader;
  /** The approved permissions around a missed mark (modules/permissions' `app.permissionReads`). */
  permissions: Pick<PermissionReads, 'approvedPermissions'>;
}

export function createAttendanceReads({ db, attendance, plan, permissions }: AttendanceReadsDeps) {
  return {
    /** The management reports' selection of workers and days, their sums, series and stored days. */
    reports: createAttendanceReports({ db, attendance }),
    /** The legal reports' workers and stored days. */
    legal: createAttendanceLegalReads({ db, attendance }),
    /** The inconsistencies of the stored days, with their dismissals and corrections. */
    inconsistencies: createInconsistencyReads({ db, attendance }),
    /** What payroll takes from attendance, per worker (`executor`: the closing transaction, when it reads inside one). */
    payroll: {
      facts: (companyId: string, userIds: readonly string[], from: string, closed: string, executor: DbOrTx = db) => payrollFacts(executor, companyId, userIds, from, closed),
      storedDays: (companyId: string, userId: string, from: string, closed: string) => payrollStoredDays(db, companyId, userId, from, closed),
      incompleteDays: (companyId: string, userIds: readonly string[], from: string, closed: string, executor: DbOrTx = db) => incompleteDays(executor, companyId, userIds, from, closed),
    },
    /** The overtime the evaluation found, per worker and day (and the days in `alsoDays` whatever their figure now). */
    foundOvertime: (companyId: string, userIds: readonly string[], from: string, to: string, alsoDays: readonly { userId: string; fecha: string }[] = [], executor: DbOrTx = db) =>
      foundOvertime(executor, companyId, userIds, from, to, alsoDays),
    /** The compensatory rest of art. 38 each worker is owed (the Sundays and holidays worked): what permissions' balance counts. */
    compensatoryRest: createOwedCompensatoryRest(db, attendance),
    /** What the legal alerts watch: the shifts about to start or end, and the recent worked days. */
    alerts: {
      shiftsNear: (companyId: string, now: Date) => shiftsNear(db, plan, permissions, companyId, now),
      recentWorkedDays: (companyId: string, now: Date) => recentWorkedDays(db, attendance, companyId, now),
    },
  };
}

export type AttendanceReads = ReturnType<typeof createAttendanceReads>;
