/**
 * The alerts module's one door (DT Res. Exenta 38): a missed mark 30 minutes after the planned time
 * and worked time past the daily or weekly legal limit, e-mailed once through the job queue; the
 * company's settings and the log of alerts sent.
 */
export { alertsModule } from './alerts.module';

export type { AlertsService } from './alerts.service';
