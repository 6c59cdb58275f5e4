export { PactsPage } from './components/pacts-page';
