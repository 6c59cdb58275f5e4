export { WorkerAttendancePage } from './components/worker-page';
