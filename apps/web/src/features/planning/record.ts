export { WorkerPlanningPanel } from './components/worker-planning-panel';
