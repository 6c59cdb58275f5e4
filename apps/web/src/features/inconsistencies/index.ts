export { InconsistenciesPage } from './components/inconsistencies-page';
