export { AccessLogPage } from './components/access-log-page';
