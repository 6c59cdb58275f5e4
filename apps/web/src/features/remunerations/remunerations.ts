export { RemunerationsPage } from './components/remunerations-page';
