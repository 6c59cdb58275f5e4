export { BulkUpload } from './bulk-upload';
