export { ReceiptPage } from './components/receipt-page';
