export { HolidaysPage } from './components/holidays-page';
