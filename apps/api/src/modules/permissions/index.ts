/**
 * The permissions module's one door: permission types, workers' permissions (assigned or requested,
 * approved by the worker's leader), balances and attachments. Other modules use only what this file
 * exports.
 */
export { permissionsModule } from './permissions.module';

export type { PermissionsService } from './permissions.service';
export { createPermissionReads, type PermissionReads, type WholeDayPermission } from './permissions.reads';
export type { PermissionsDeps } from './permissions.context';
export type { WorkedDaysReader } from './permissions.compensatory-rest';
export type { OvertimeRestSource, OvertimeRestSourceInput } from './permissions.overtime-rest';
export type { AnsweredRequest } from './permissions.inbox';
export type { PermissionReportRow, PermissionReportSumKey, PermissionReportSums, PermissionReports } from './permissions.reports';
