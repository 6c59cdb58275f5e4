/** Marks (entrada, salida, colación): their hash chain, receipts and reads. Marks are never updated or deleted. */
export { registerMarkRoutes } from './marks.routes';
export { registerReceiptJobs } from './receipt-jobs';
export { createMarksService, RECEIPT_JOB, REPEAT_WINDOW_MS, type MarksService } from './marks.service';
export { createMarksReadService, type MarksReadService } from './marks.read';
export { GENESIS_HASH, markHash, type HashedMark } from './marks.hash';
export { receiptDateTime } from './receipt';
