/** The marks report (reports/brand), its exports, and the background audit of the marks' hash chains. */
export { registerReportRoutes } from './reports.routes';
export { createMarksReportService, type MarksReportService } from './marks-report.service';
export { createMarkAudit, MARK_AUDIT_EVERY_MS, registerMarkAuditJobs, scheduleMarkAudits, type MarkAudit } from './mark-audit';
export { registerManagementReportRoutes } from './management-reports.routes';
export { createManagementReportsService, type ManagementReportsService } from './management-reports.service';
