export { UserFormPage } from './components/user-form-page';
