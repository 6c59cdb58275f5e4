export { MyOvertimePage } from './components/my-overtime-page';
