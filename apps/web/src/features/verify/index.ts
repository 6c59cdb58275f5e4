export { VerifyPage } from './components/verify-page';
export { VerifyResultPage } from './components/verify-result-page';
