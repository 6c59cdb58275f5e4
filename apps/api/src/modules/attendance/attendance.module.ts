import { apiModule } from '../../lib/api-module';
import { createAttendanceTrend, type AttendanceTrend } from './attendance.trend';
import { registerAttendanceTrendRoutes } from './attendance.trend.routes';
import { registerAttendanceJobs } from './attendance.jobs';
import { createAttendanceReads, type AttendanceReads } from './attendance.reads';
import { registerAttendanceRoutes } from './attendance.routes';
import { createAttendanceService, type AttendanceService } from './attendance.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The engine's evaluation of real marks, stored per worker and day (modules/attendance). */
    attendance: AttendanceService;
    /** The counts per board status of each day of a range, for a perfil's scope (the week's trend). */
    attendanceTrend: AttendanceTrend;
    /** What other modules read of the stored evaluation: stored days in the projections they count, worker pages, a report's selection, inconsistencies, the engine's inputs near an instant. */
    attendanceReads: AttendanceReads;
  }
}

/** Attendance: the engine's evaluation of real marks, stored per worker and day and kept up to date by a job. */
export const attendanceModule = apiModule('attendance', ['planning', 'groups', 'permissions'], (app, { db, clock, log, jobs, attendanceInlineDays }) => {
  const attendance = createAttendanceService({
    db,
    log,
    plan: app.plan,
    ledGroups: app.ledGroups,
    permissions: app.permissionReads,
    kickJobs: () => jobs.kick(),
    ...(attendanceInlineDays === undefined ? {} : { inlineDays: attendanceInlineDays }),
  });
  registerAttendanceJobs(jobs, { attendance, clock });
  registerAttendanceRoutes(app, attendance, clock);
  const trend = createAttendanceTrend({ attendance });
  registerAttendanceTrendRoutes(app, trend, clock);
  app.decorate('attendance', attendance);
  app.decorate('attendanceTrend', trend);
  const reads = createAttendanceReads({ db, attendance, plan: app.plan, permissions: app.permissionReads });
  app.decorate('attendanceReads', reads);
  // Permissions come before attendance (the evaluation reads their approved days); their compensatory-rest balance counts what the engine found worked.
  app.engineWorkedDays.provide(async (companyId, userIds, from, to, now) => {
    if (userIds.length > 0 && from <= to) await attendance.ensureFresh(companyId, userIds, from, to, now);
    return reads.days.worked(companyId, userIds, from, to);
  });
});
