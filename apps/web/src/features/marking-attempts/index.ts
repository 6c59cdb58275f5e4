export { MarkingAttemptsPage } from './components/marking-attempts-page';
