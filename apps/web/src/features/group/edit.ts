export { GroupEditPage } from './components/group-edit-page';
