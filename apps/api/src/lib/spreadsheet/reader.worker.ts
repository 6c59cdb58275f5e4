import { serialize } from 'node:v8';
import type { MessagePort } from 'node:worker_threads';
import { readInThisThread, type ReadTask } from './parse-file';
import type { Sheet } from './sheet';

/** Rows per piece of a sheet sent back: each piece is decoded in one go on the main thread (a few ms). */
const ROWS_PER_PIECE = 1_000;

/** What a reader thread is handed: the file, and a port on which it says when it starts reading (its time limit counts from then). */
export type WorkerTask = ReadTask & { started?: MessagePort };

/**
 * What crosses back to the main thread. The rows travel as pieces of bytes (`v8.serialize`, the
 * format of a structured clone): decoding 50,000 rows at once when the message arrived held the main
 * thread about 400 ms; the pieces are decoded one at a time, the event loop turning in between.
 * An AppError would lose its class on the way, so problems travel as their message.
 */
export type ReadResult = { ok: true; format: Sheet['format']; headers: string[]; rows: Uint8Array[] } | { ok: false; message: string };

/** Runs in a reader thread: reads one file and never throws for a problem with the file itself. */
export default async function read({ started, ...task }: WorkerTask): Promise<ReadResult> {
  started?.postMessage('started');
  try {
    const sheet = await readInThisThread(task);
    const rows: Uint8Array[] = [];
    for (let i = 0; i < sheet.rows.length; i += ROWS_PER_PIECE) rows.push(serialize(sheet.rows.slice(i, i + ROWS_PER_PIECE)));
    return { ok: true, format: sheet.format, headers: sheet.headers, rows };
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') return { ok: false, message: error.message };
    throw error;
  }
}
