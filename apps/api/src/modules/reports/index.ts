/** The marks report (reports/brand), its exports, and the background audit of the marks' hash chains. */
export { reportsModule } from './reports.module';

export type { MarksReportService } from './marks-report.service';
export type { MarkAudit } from './mark-audit';

export type { ManagementReportsService } from './management-reports.service';
