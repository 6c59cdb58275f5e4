import { apiModule } from '../../lib/api-module';
import { registerAlertJobs } from './alerts.jobs';
import { registerAlertRoutes } from './alerts.routes';
import { ALERT_SCAN_EVERY_MS, createAlertsService, type AlertsService } from './alerts.service';
import { createWatchedAttendance } from './alerts.watched';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alerts of DT Res. Ex. 38 (missed marks, legal limits): see modules/alerts. */
    alerts: AlertsService;
  }
}

/**
 * Alerts (Res. Ex. 38): a missed mark at +30 min and worked time past the legal limits, e-mailed once; and a
 * compensatory day of art. 38 inc. 3 not granted in its term.
 */
export const alertsModule = apiModule('alerts', ['attendance', 'planning', 'permissions'], (app, { db, mailer, config, clock, log, jobs, every }) => {
  const alerts = createAlertsService({
    db,
    watched: createWatchedAttendance({ db, reads: app.attendanceReads, attendance: app.attendance, plan: app.plan, permissions: app.permissionReads }),
    log,
    decemberExtensions: app.plan.decemberExtensions,
    onJobQueued: () => jobs.kick(),
  });
  registerAlertJobs(jobs, { db, mailer, publicUrl: config.publicUrl, alerts, clock });
  registerAlertRoutes(app, alerts, clock);
  app.decorate('alerts', alerts);
  // Every process looks for alerts due (one scan at a time); the alerts table's unique key sends each once.
  let scanning: Promise<unknown> | null = null;
  every({
    everyMs: ALERT_SCAN_EVERY_MS,
    atStart: false,
    run: () => (scanning ??= alerts.scan(clock()).finally(() => (scanning = null))),
    failure: 'no se pudieron revisar las alertas de asistencia',
  });
});
