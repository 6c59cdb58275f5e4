/**
 * Pacing for the streamed exports: yield to the event loop (so other requests, `/api/health`
 * included, are answered between two slices of rendering) and wait while the reader is behind (the
 * bytes already made but not yet sent stay under PACE_BUFFER_BYTES), so memory stays flat whatever
 * the number of rows. A stream closed by the reader (download cancelled) stops the export.
 */
import type { Readable } from 'node:stream';

const PACE_BUFFER_BYTES = 1 << 20;

export class ExportClosed extends Error {
  constructor() {
    super('La descarga se cerró antes de terminar.');
  }
}

export async function pace(stream: Readable): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (!stream.destroyed && stream.readableLength > PACE_BUFFER_BYTES) await new Promise<void>((resolve) => setTimeout(resolve, 5));
  if (stream.destroyed) throw new ExportClosed();
}
