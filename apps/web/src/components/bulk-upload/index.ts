export { BulkUpload, bulkSummaryText, type BulkUploadProps, type BulkTemplate, type RowError } from './bulk-upload';
