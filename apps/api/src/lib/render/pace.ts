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

/** Bytes made but not yet taken further down an export's pipeline, besides the output stream's own. */
type Backlog = () => number;

export async function pace(stream: Readable, backlog: Backlog = () => 0): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  while (!stream.destroyed && (stream.readableLength > PACE_BUFFER_BYTES || backlog() > PACE_BUFFER_BYTES)) {
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
  }
  if (stream.destroyed) throw new ExportClosed();
}

/**
 * The uncompressed XML of a sheet written with exceljs's streaming writer that its zip has not taken
 * yet. exceljs hands each sheet's XML to archiver without waiting, and the compressor takes one chunk
 * per turn of the event loop: rows written faster than that pile up in the zip entry's input (an
 * attendance month of 10,000 workers left 160 MB there; exceljs issues #1894 and #2916). The entry's
 * input is the stream exceljs pipes the sheet into (`pipes`, exceljs 4.4's StreamBuf): a readable-stream
 * PassThrough, whose version has no `writableLength` getter, so its writable state is read.
 */
export function sheetBacklog(sheet: unknown): Backlog {
  return () => {
    const pipes = (sheet as { stream?: { pipes?: { _writableState?: { length?: number } }[] } }).stream?.pipes ?? [];
    let bytes = 0;
    for (const pipe of pipes) bytes += pipe._writableState?.length ?? 0;
    return bytes;
  };
}
