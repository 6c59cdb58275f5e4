import { apiModule } from '../../lib/api-module';
import { createLegalAttendance } from './legal-reports.attendance';
import { DAILY_REPORT_EVERY_MS, registerLegalReportJobs, scheduleDailyReports } from './legal-reports.jobs';
import { registerLegalReportRoutes } from './legal-reports.routes';
import { createLegalReportsService, HEARTBEAT_EVERY_MS } from './legal-reports.service';

/** The DT's legal reports a)–f), the technical-incidents log, the daily e-mail (e) and the outage-detecting heartbeat. */
export const legalReportsModule = apiModule('legal-reports', ['attendance', 'planning', 'shifts'], (app, { db, mailer, clock, jobs, every }) => {
  const attendance = createLegalAttendance({ reads: app.attendanceReads, attendance: app.attendance });
  const legal = createLegalReportsService({ db, attendance, planning: app.planning, shiftCatalog: app.shiftCatalog });
  registerLegalReportRoutes(app, legal, clock);
  registerLegalReportJobs(jobs, { db, mailer, attendance, clock });
  // Yesterday's daily e-mail, once per company across processes.
  every({
    everyMs: DAILY_REPORT_EVERY_MS,
    atStart: true,
    run: () => scheduleDailyReports(db, clock()).then((queued) => (queued > 0 ? jobs.kick() : undefined)),
    failure: 'no se pudo programar el reporte diario',
  });
  every({ everyMs: HEARTBEAT_EVERY_MS, atStart: true, run: () => legal.heartbeat(clock()), failure: 'no se pudo registrar el latido del sistema' });
});
