export { PermissionsPage } from './components/permissions-page';
