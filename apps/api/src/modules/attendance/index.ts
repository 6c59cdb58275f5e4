/**
 * The attendance module's one door: the engine's evaluation of real marks, stored per worker and
 * day (`attendance_days`), and the reads built on it. Other modules use only what is exported here:
 * the plugin, the ports it decorates (`app.attendance`, `app.attendanceTrend`, `app.attendanceReads`),
 * their types, and the pure reading of a stored day's board status.
 */
export { attendanceModule } from './attendance.module';

export type { AttendanceTrend } from './attendance.trend';
export type { AttendanceReads, AttendanceWorker, AttendanceWorkerFilter, FoundOvertimeDay, PayDayRow } from './attendance.reads';
export type { WorkerShiftsNear } from './attendance.inputs-near';
export { boardStatus, type StoredDay, type StoredWeek } from './attendance.model';

export { createAttendanceService, type AttendanceService } from './attendance.service';

export type { InconsistencyReads, InconsistenciasFiltro, InconsistenciasInput } from './attendance.inconsistencies';

export type { AttendanceReports, ReportBucket, ReportDay, ReportDayKind, ReportSelection, ReportWorker } from './attendance.selection';
