export { KioskPage } from './components/kiosk-page';
