/**
 * The permissions module's one door: permission types, workers' permissions (assigned or requested,
 * approved by the worker's leader), balances and attachments. Other modules use only what this file
 * exports.
 */
export { permissionsModule } from './permissions.module';

export { approvedPermissions, pendingPermissionRequests, type PermissionsService } from './permissions.service';
export { createDefaultPermissionTypes, permissionTypeNames } from './permissions.catalog';
export type { PermissionsDeps } from './permissions.context';
export { answeredRequests, type AnsweredRequest } from './permissions.inbox';
export { DEFAULT_PERMISSION_TYPES } from './permissions.defaults';
export * from './permissions.reports';
