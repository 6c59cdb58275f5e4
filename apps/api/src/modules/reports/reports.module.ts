import { apiModule } from '../../lib/api-module';
import { createManagementReportsService } from './management-reports.service';
import { registerManagementReportRoutes } from './management-reports.routes';
import { createMarkAudit, MARK_AUDIT_EVERY_MS, registerMarkAuditJobs, scheduleMarkAudits, type MarkAudit } from './mark-audit';
import { createMarksReportService } from './marks-report.service';
import { registerReportRoutes } from './reports.routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit of the marks' hash chains, whose verdicts the reports read: see reports/mark-audit.ts. */
    markAudit: MarkAudit;
  }
}

/**
 * Reports: the marks report with each row's integrity in its worker's hash chain (audited at start and
 * then on a schedule, one queued job per company), and the management reports (asistencia, atrasos,
 * ausencias, permisos asignados, horas extra, dotación) read from the attendance and permissions modules.
 */
export const reportsModule = apiModule('reports', ['attendance', 'permissions', 'overtime', 'groups'], (app, { db, clock, log, jobs, every }) => {
  const markAudit = createMarkAudit({ db, clock, log });
  registerMarkAuditJobs(jobs, markAudit);
  app.decorate('markAudit', markAudit);
  registerReportRoutes(app, createMarksReportService({ db, audit: markAudit, ledGroups: app.ledGroups }), clock);
  const management = createManagementReportsService({
    db,
    attendance: app.attendanceReads.selection,
    permissions: app.permissionReads.reports,
    overtimeReviews: (companyId, ids, from, to) => app.overtimeReads.overtimeReviewsOf(db, companyId, ids, from, to),
  });
  registerManagementReportRoutes(app, management, clock);
  every({
    everyMs: MARK_AUDIT_EVERY_MS,
    atStart: true,
    run: () => scheduleMarkAudits(db, clock()).then((queued) => (queued > 0 ? jobs.kick() : undefined)),
    failure: 'no se pudo programar la auditoría de las cadenas de marcas',
  });
});
