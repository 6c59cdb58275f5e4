/** Marks (entrada, salida, colación): their hash chain and its one verifier (marks.chain.ts), receipts and reads. Marks are never updated or deleted. */
export { marksModule } from './marks.module';

export { REPEAT_WINDOW_MS, type MarksService } from './marks.service';
export type { MarksReadService } from './marks.read';
export type { HashedMark } from './marks.hash';
export { chainTailProblem, markIntegrity, type ChainStep, type IntegrityResult, type Predecessor } from './marks.chain';
export { receiptDateTime } from './receipt';
