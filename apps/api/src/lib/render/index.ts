/**
 * Exports that never hold the event loop: files drawn in render threads (render-pool.ts) from plain
 * data, the export lanes that bound how many run at once per company and in all (export-lanes.ts), and
 * the pacing of the files streamed from the main thread (pace.ts).
 */
export { renderInWorker, closeRenderThreads } from './render-pool';
export { runExport, runStreamedExport } from './export-lanes';
export { ExportClosed, pace, sheetBacklog } from './pace';
