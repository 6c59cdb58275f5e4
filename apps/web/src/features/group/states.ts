export { GroupStatesPage } from './components/group-states-page';
