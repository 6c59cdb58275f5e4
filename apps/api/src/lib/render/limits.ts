/**
 * What the exports may take from the server at once. Files are drawn in render threads
 * (render-pool.ts), each with a bounded heap and time; the exports themselves, from the first query to
 * the last byte, go through the export lanes (export-lanes.ts): one per company at a time and a few in
 * all, the rest waiting in a short queue or told to come back (429).
 */
export const RENDER_LIMITS = {
  /** Render threads at once on this two-core class of machine. */
  threads: 2,
  /** Heap of a render thread: a document that needs more ends that thread with a 400, not the server. */
  workerHeapMb: 256,
  /** Wall-clock time one file may take to draw, counted from when its thread starts on it. */
  timeoutMs: 180_000,
} as const;

/** Exports running at once (first query to last byte) in all; each company runs one at a time. */
export const EXPORT_LANES = { running: 4, waitingPerCompany: 2, waitingTotal: 16 } as const;

/** Spanish messages of the exports' limits, shown to the user as they are. */
export const EXPORT_MESSAGES = {
  busy: 'Hay otras exportaciones en curso. Inténtalo de nuevo en unos segundos.',
  tooBig: 'El archivo es demasiado grande para generarlo. Filtra por grupo, sede, cargo o trabajador, o acorta el periodo.',
  tooSlow: 'El archivo tardó demasiado en generarse. Filtra por grupo, sede, cargo o trabajador, o acorta el periodo.',
} as const;
