export { InspectorAccessPage } from './components/inspector-access-page';
