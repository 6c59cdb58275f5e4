export { WebMarkingPage, type FingerprintActionContext, type WebMarkingPageProps } from './components/web-marking-page';
