import { readInThisThread, type ReadTask } from './parse-file';
import type { Sheet } from './sheet';

/** What crosses back to the main thread: an AppError would lose its class on the way, so problems travel as their message. */
export type ReadResult = { ok: true; sheet: Sheet } | { ok: false; message: string };

/** Runs in a reader thread: reads one file and never throws for a problem with the file itself. */
export default async function read(task: ReadTask): Promise<ReadResult> {
  try {
    return { ok: true, sheet: await readInThisThread(task) };
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') return { ok: false, message: error.message };
    throw error;
  }
}
