import { deserialize } from 'node:v8';
import { MessageChannel } from 'node:worker_threads';
import Tinypool from 'tinypool';
import { AppError } from '../errors';
import { CompanyLanes } from '../company-lanes';
import { slicer } from '../slices';
import { spreadsheetError } from './errors';
import { LIMIT_MESSAGES, SPREADSHEET_LIMITS } from './limits';
import type { ReadTask } from './parse-file';
import type { ReadResult, WorkerTask } from './reader.worker';
import type { Sheet, SheetRow } from './sheet';

/** Reader threads at once on this two-core class of machine. */
const READER_THREADS = 2;

/**
 * A small pool of reader threads (tinypool), each with a bounded heap, started on demand and ended
 * after a minute idle. Files reach it only through the company lanes (one file per company at a
 * time, never more than there are threads), so a file never waits in tinypool's own queue; uploads
 * beyond what the lanes hold are told to come back (429) instead of piling up in memory.
 */
const POOL_OPTIONS = {
  filename: new URL('./reader-worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: READER_THREADS,
  idleTimeout: 60_000,
  maxQueue: 16,
  resourceLimits: { maxOldGenerationSizeMb: SPREADSHEET_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
};

const busy = () => new AppError('RATE_LIMITED', LIMIT_MESSAGES.busy, undefined, { 'retry-after': '5' });
const lanes = new CompanyLanes({ running: READER_THREADS, waitingPerCompany: 2, waitingTotal: 16 }, busy);

let pool: Tinypool | null = null;

const codeOf = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '');

/**
 * Reads a file in a reader thread, in its company's turn (`company`: the session's company; reads
 * without one share a lane). A file that is too slow or too big for the thread's heap is a 400, not a
 * dead server; its time counts from when the thread starts reading it, never while it waits.
 */
export async function readInWorker(task: ReadTask, company = ''): Promise<Sheet> {
  const result = await lanes.run(company, () => runInPool(task));
  if (!result.ok) throw spreadsheetError(result.message);
  const rows: SheetRow[] = [];
  const pause = slicer();
  for (const piece of result.rows) {
    await pause();
    for (const row of deserialize(piece) as SheetRow[]) rows.push(row);
  }
  return { format: result.format, headers: result.headers, rows };
}

async function runInPool(task: ReadTask): Promise<ReadResult> {
  pool ??= new Tinypool(POOL_OPTIONS);
  const controller = new AbortController();
  // The thread says when it starts on the file; only then does the clock start (not while a thread starts up).
  const { port1, port2 } = new MessageChannel();
  let timer: NodeJS.Timeout | undefined;
  port1.once('message', () => {
    timer = setTimeout(() => controller.abort(), task.limits.timeoutMs);
  });
  const workerTask: WorkerTask = { ...task, started: port2 };
  try {
    return (await pool.run(workerTask, { signal: controller.signal, transferList: [port2] })) as ReadResult;
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message = error instanceof Error ? error.message : '';
    if (controller.signal.aborted || name === 'AbortError' || /aborted/i.test(message)) throw spreadsheetError(LIMIT_MESSAGES.tooSlow);
    if (codeOf(error) === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(message)) throw spreadsheetError(LIMIT_MESSAGES.tooComplex);
    if (/queue is at limit/i.test(message)) throw busy();
    throw error;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

/** Ends the reader threads (the app's close); the next upload starts new ones. */
export async function closeSpreadsheetReaders(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
