import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema/index';
import type { JobQueue } from '../../lib/jobs';
import type { Mailer } from '../../lib/mailer';
import { accessNoticeMail } from './inspector-mail';
import * as repo from './inspectors.repository';
import { ACCESS_NOTICE_JOB, type AccessNoticePayload } from './inspectors.service';

/**
 * The employer's notice of an inspector's access, one job per administrator so a failed address is retried alone.
 * A failure throws and the queue retries it; an administrator deactivated meanwhile gets nothing.
 */
export function registerInspectorJobs(queue: JobQueue, deps: { db: Db; mailer: Mailer; publicUrl: string }): void {
  queue.handle(ACCESS_NOTICE_JOB, async (payload) => {
    const { companyId, eventId, userId } = payload as AccessNoticePayload;
    const access = await repo.findEvent(deps.db, companyId, eventId);
    const [admin] = await deps.db
      .select({ email: users.email, nombre: users.nombre, active: users.active, razonSocial: companies.razonSocial })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
    if (!access || !admin?.active) return;
    await deps.mailer.send(
      accessNoticeMail({
        to: admin.email,
        adminNombre: admin.nombre,
        nombre: access.nombre ?? '',
        apellidos: access.apellidos ?? '',
        rut: access.rut ?? '',
        email: access.email,
        razonSocial: admin.razonSocial,
        at: access.at,
        link: `${deps.publicUrl}/dashboard/settings/inspections`,
      }),
    );
  });
}
