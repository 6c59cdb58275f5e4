export { UserDetailPage, type RecordTab } from './components/user-detail-page';
