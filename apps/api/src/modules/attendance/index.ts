/**
 * The attendance module's one door: the engine's evaluation of real marks, stored per worker and
 * day (`attendance_days`), and the reads built on it. Other modules use only what is exported here.
 */
export { attendanceModule } from './attendance.module';

export type { AttendanceTrend } from './attendance.trend';

export { createAttendanceService, type AttendanceService } from './attendance.service';
export { incompleteDays, payrollFacts, payrollStoredDays, type PayrollStoredDay } from './attendance.payroll';
export { foundOvertime, type FoundOvertimeDay } from './attendance.overtime';

export { recentWorkedDays, shiftsNear, type StoredWorkedDay, type WorkerShiftsNear } from './attendance.alerts';

export { createInconsistencyReads, INCONSISTENCY_MESSAGES, type InconsistencyReads, type InconsistenciasFiltro, type InconsistenciasInput } from './attendance.inconsistencies';

export * from './attendance.reports';

export { createAttendanceLegalReads, type AttendanceLegalReads, type LegalDay, type LegalWorker, type LegalWorkerFilter } from './attendance.legal';
