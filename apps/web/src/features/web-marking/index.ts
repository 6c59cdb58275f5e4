export { WebMarkingPage } from './components/web-marking-page';
