export { WorkerBalancesPanel } from './components/worker-balances-panel';
