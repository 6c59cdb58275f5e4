export { UserDetailPage } from './components/user-detail-page';
