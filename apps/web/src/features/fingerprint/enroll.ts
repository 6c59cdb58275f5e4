export { EnrollFootprintPage } from './components/enroll-page';
