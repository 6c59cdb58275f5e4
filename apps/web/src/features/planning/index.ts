export { PlanningPage } from './components/planning-page';
