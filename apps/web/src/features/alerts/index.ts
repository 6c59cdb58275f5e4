export { AlertsSettingsPage } from './components/alerts-page';
