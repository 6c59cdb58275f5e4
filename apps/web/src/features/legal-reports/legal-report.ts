export { LegalReportPage } from './components/legal-report-page';
