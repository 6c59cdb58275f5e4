/**
 * The legal-reports module's door: the DT's legal reports a) to f) (routes, service), the
 * technical-incidents log with its outage detection, and the daily e-mail job (e).
 */
export { registerLegalReportRoutes } from './legal-reports.routes';
export { createLegalReportsService, HEARTBEAT_EVERY_MS, type LegalReportsService } from './legal-reports.service';
export { DAILY_REPORT_EVERY_MS, DAILY_REPORT_JOB, registerLegalReportJobs, scheduleDailyReports } from './legal-reports.jobs';
