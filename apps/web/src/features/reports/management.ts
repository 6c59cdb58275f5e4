export { managementReportPage } from './components/management-report-page';
