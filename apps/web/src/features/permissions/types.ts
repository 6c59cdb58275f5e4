export { PermissionTypesPage } from './components/permission-types-page';
