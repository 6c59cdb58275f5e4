export { ExceptionalSchedulesPage } from './components/exceptional-schedules-page';
