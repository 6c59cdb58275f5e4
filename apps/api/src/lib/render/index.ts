/**
 * Exports that never hold the event loop: files drawn in render threads (render-pool.ts) from plain
 * data, the export lanes that bound how many run at once per company and in all (export-lanes.ts), and
 * the pacing of the files streamed from the main thread (pace.ts).
 */
export { renderInWorker, closeRenderThreads } from './render-pool';
export type { Renderer } from './render.worker';
export { runExport, runStreamedExport } from './export-lanes';
export { EXPORT_LANES, EXPORT_MESSAGES, RENDER_LIMITS } from './limits';
export { ExportClosed, pace, sheetBacklog, type Backlog } from './pace';
export { WORD_TABLE_END, wordFile, wordParagraph, wordRun, wordTableRow, wordTableStart, wordTextWidth, xmlText, type RunStyle, type TableStyle, type WordDocument } from './word';
