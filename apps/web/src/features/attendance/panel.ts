export { WorkerAttendancePanel } from './components/worker-attendance-panel';
