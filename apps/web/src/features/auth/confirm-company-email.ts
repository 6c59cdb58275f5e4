export { ConfirmCompanyEmailPage } from './components/confirm-company-email-page';
