import Tinypool from 'tinypool';
import { AppError } from '../errors';
import { spreadsheetError } from './errors';
import { LIMIT_MESSAGES, SPREADSHEET_LIMITS } from './limits';
import type { ReadTask } from './parse-file';
import type { ReadResult } from './reader.worker';
import type { Sheet } from './sheet';

/**
 * A small pool of reader threads (tinypool): at most two at once on this two-core class of machine,
 * each with a bounded heap, started on demand and ended after a minute idle. Uploads beyond what the
 * queue holds are told to come back (429) instead of piling up in memory.
 */
const POOL_OPTIONS = {
  filename: new URL('./reader-worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: 2,
  idleTimeout: 60_000,
  maxQueue: 16,
  resourceLimits: { maxOldGenerationSizeMb: SPREADSHEET_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
};

let pool: Tinypool | null = null;

const codeOf = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '');

/** Reads a file in a reader thread; a file that is too slow or too big for the thread's heap is a 400, not a dead server. */
export async function readInWorker(task: ReadTask): Promise<Sheet> {
  pool ??= new Tinypool(POOL_OPTIONS);
  let result: ReadResult;
  try {
    result = (await pool.run(task, { signal: AbortSignal.timeout(task.limits.timeoutMs) })) as ReadResult;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message = error instanceof Error ? error.message : '';
    if (name === 'AbortError' || name === 'TimeoutError' || /aborted/i.test(message)) throw spreadsheetError(LIMIT_MESSAGES.tooSlow);
    if (codeOf(error) === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(message)) throw spreadsheetError(LIMIT_MESSAGES.tooComplex);
    if (/queue is at limit/i.test(message)) throw new AppError('RATE_LIMITED', LIMIT_MESSAGES.busy, undefined, { 'retry-after': '5' });
    throw error;
  }
  if (!result.ok) throw spreadsheetError(result.message);
  return result.sheet;
}

/** Ends the reader threads (the app's close); the next upload starts new ones. */
export async function closeSpreadsheetReaders(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
