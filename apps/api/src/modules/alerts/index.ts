/**
 * The alerts module's one door (DT Res. Exenta 38): a missed mark 30 minutes after the planned time
 * and worked time past the daily or weekly legal limit, e-mailed once through the job queue; the
 * company's settings and the log of alerts sent.
 */
export { registerAlertRoutes } from './alerts.routes';
export { registerAlertJobs } from './alerts.jobs';
export { ALERT_MAIL_JOB, ALERT_SCAN_EVERY_MS, createAlertsService, type AlertsService } from './alerts.service';
