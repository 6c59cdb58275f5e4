export { ClocksPage } from './components/clocks-page';
