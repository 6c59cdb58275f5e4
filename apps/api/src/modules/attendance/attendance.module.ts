import { apiModule } from '../../lib/api-module';
import { createAttendanceHome, type AttendanceHome } from './attendance.home';
import { registerAttendanceHomeRoutes } from './attendance.home.routes';
import { registerAttendanceJobs } from './attendance.jobs';
import { registerAttendanceRoutes } from './attendance.routes';
import { createAttendanceService, type AttendanceService } from './attendance.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The engine's evaluation of real marks, stored per worker and day (modules/attendance). */
    attendance: AttendanceService;
    /** Today and the week's trend for a perfil's scope, read by the home. */
    attendanceHome: AttendanceHome;
  }
}

/** Attendance: the engine's evaluation of real marks, stored per worker and day and kept up to date by a job. */
export const attendanceModule = apiModule('attendance', ['planning'], (app, { db, clock, log, jobs }) => {
  const attendance = createAttendanceService({ db, log, plan: app.plan });
  registerAttendanceJobs(jobs, { attendance, clock });
  registerAttendanceRoutes(app, attendance, clock);
  const home = createAttendanceHome({ db, attendance });
  registerAttendanceHomeRoutes(app, home, clock);
  app.decorate('attendance', attendance);
  app.decorate('attendanceHome', home);
});
