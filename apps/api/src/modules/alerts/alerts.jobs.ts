import type { TipoAlerta } from '@jornada/contracts';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { alertEmail } from './alerts.email';
import * as repo from './alerts.repository';
import { ALERT_MAIL_JOB, type AlertsService } from './alerts.service';

/** Where the worker reviews their attendance (the link of every alert). */
function attendanceLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/dashboard/settings/assists-user`;
}

/**
 * The alert e-mail job: to the worker's personal address (the work one when absent), a copy to the
 * leaders of their group and, when the company chose it, to its administrators. A failure throws, so
 * the queue retries; an alert already marked sent is not sent again (a retry after the send was stored).
 */
export function registerAlertJobs(queue: JobQueue, deps: { db: Db; mailer: Mailer; publicUrl: string; alerts: AlertsService; clock: () => Date }): void {
  queue.handle(ALERT_MAIL_JOB, async (payload) => {
    const { companyId, alertId } = payload as { companyId: string; alertId: string };
    const alert = await repo.findAlert(deps.db, companyId, alertId);
    if (!alert || alert.sentAt) return;
    const people = await repo.alertPeople(deps.db, companyId, alert.userId);
    if (!people) return;
    const config = await deps.alerts.settingsOf(companyId);
    const to = people.worker.emailPersonal ?? people.worker.email;
    const copies = [...new Set([...people.leaders, ...(config.copiaAdministradores ? people.admins : [])])].filter((address) => address !== to && address !== people.worker.email);
    const message = alertEmail(
      {
        tipo: alert.kind as TipoAlerta,
        trabajador: people.worker,
        empresa: people.company,
        zone: alert.timeZone,
        fecha: alert.fecha,
        expectedAt: alert.expectedAt,
        workedSeconds: alert.workedSeconds,
        limitSeconds: alert.limitSeconds,
        detectedAt: alert.detectedAt,
        enlace: attendanceLink(deps.publicUrl),
      },
      to,
      copies,
    );
    await deps.mailer.send(message);
    await repo.markSent(deps.db, companyId, alert.id, deps.clock(), to, copies);
  });
}
