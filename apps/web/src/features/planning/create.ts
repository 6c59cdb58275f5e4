export { CreatePlanningPage } from './components/create-planning-page';
