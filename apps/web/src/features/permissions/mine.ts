export { MyPermissionsPage } from './components/my-permissions-page';
