export { AttendanceDayPage } from './components/day-page';
