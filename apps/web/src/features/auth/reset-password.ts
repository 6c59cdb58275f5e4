export { ResetPasswordPage } from './components/reset-password-page';
