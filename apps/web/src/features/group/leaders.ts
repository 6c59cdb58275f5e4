export { AssignLeadersPage } from './components/assign-leaders-page';
