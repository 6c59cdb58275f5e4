export { PinPage } from './components/pin-page';
