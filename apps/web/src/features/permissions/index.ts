export { PermissionsPage } from './components/permissions-page';
export { MyPermissionsPage } from './components/my-permissions-page';
export { PermissionTypesPage } from './components/permission-types-page';
