export { BulkUpload } from './bulk-upload';
export { useLastUpload } from './use-last-upload';
