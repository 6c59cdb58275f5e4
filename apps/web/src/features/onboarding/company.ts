export { CompanyFormPage } from './components/company-form-page';
