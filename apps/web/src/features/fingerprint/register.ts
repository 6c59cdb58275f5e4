export { FootprintsRegisterPage } from './components/footprints-register-page';
