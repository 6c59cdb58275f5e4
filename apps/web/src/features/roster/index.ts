export { RosterPage } from './components/roster-page';
