export { ShiftListPage } from './components/shift-list-page';
