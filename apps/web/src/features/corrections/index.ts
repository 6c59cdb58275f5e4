export { CorrectionsPage } from './components/corrections-page';
