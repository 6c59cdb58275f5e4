/**
 * The permissions module's one door: permission types, workers' permissions (assigned or requested,
 * approved by the worker's leader), balances and attachments. Other modules use only what this file
 * exports.
 */
export { permissionsModule } from './permissions.module';

export type { PermissionsService } from './permissions.service';
export { createPermissionReads, type PermissionReads } from './permissions.reads';
export type { PermissionsDeps } from './permissions.context';
export type { AnsweredRequest } from './permissions.inbox';
export { DEFAULT_PERMISSION_TYPES } from './permissions.defaults';
export { PERMISSION_REPORT_SUM_KEYS, type PermissionReportRow, type PermissionReportSumKey, type PermissionReportSums, type PermissionReports } from './permissions.reports';
