export { WorkerMarksPanel } from './components/worker-marks-panel';
