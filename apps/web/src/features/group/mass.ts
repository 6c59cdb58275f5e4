export { MassAssignmentPage } from './components/mass-assignment-page';
