/**
 * The attendance module's one door: the engine's evaluation of real marks, stored per worker and
 * day (`attendance_days`), and the reads built on it. Other modules use only what is exported here:
 * the plugin, the ports it decorates (`app.attendance`, `app.attendanceTrend`, `app.attendanceReads`)
 * and their types.
 */
export { attendanceModule } from './attendance.module';

export type { AttendanceTrend } from './attendance.trend';
export type { AttendanceReads } from './attendance.reads';

export { createAttendanceService, type AttendanceService } from './attendance.service';
export type { FoundOvertimeDay } from './attendance.overtime';

export type { InconsistencyReads, InconsistenciasFiltro, InconsistenciasInput } from './attendance.inconsistencies';

export type { AttendanceReports, ReportBucket, ReportDay, ReportDayKind, ReportSelection, ReportWorker } from './attendance.reports';

export type { AttendanceLegalReads, LegalDay, LegalWorker, LegalWorkerFilter } from './attendance.legal';
