export { DashboardGroupsPage } from './components/groups-view';
