export { ApprovalsPage } from './components/approvals-page';
export { PactsPage } from './components/pacts-page';
export { MyOvertimePage } from './components/my-overtime-page';
