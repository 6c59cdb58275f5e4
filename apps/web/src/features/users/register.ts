export { RegisterUserPage } from './components/register-page';
