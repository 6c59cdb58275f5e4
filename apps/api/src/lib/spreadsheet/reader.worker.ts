import type { MessagePort } from 'node:worker_threads';
import { readInThisThread, type ReadTask } from './parse-file';
import type { Sheet } from './sheet';

/** What a reader thread is handed: the file, and a port on which it says when it starts reading (its time limit counts from then). */
export type WorkerTask = ReadTask & { started?: MessagePort };

/** What crosses back to the main thread: an AppError would lose its class on the way, so problems travel as their message. */
export type ReadResult = { ok: true; sheet: Sheet } | { ok: false; message: string };

/** Runs in a reader thread: reads one file and never throws for a problem with the file itself. */
export default async function read({ started, ...task }: WorkerTask): Promise<ReadResult> {
  started?.postMessage('started');
  try {
    return { ok: true, sheet: await readInThisThread(task) };
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') return { ok: false, message: error.message };
    throw error;
  }
}
