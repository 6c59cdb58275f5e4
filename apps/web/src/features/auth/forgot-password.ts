export { ForgotPasswordPage } from './components/forgot-password-page';
