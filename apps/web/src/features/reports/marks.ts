export { MarksReportPage } from './components/marks-report-page';
