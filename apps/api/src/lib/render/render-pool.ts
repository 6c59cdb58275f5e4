import { MessageChannel } from 'node:worker_threads';
import Tinypool from 'tinypool';
import { AppError } from '../errors';
import { EXPORT_MESSAGES, RENDER_LIMITS } from './limits';
import type { RenderTask } from './render.worker';

/**
 * A small pool of render threads (tinypool), each with a bounded heap, started on demand and ended after
 * a minute idle. Exports reach it through the export lanes (export-lanes.ts), which bound how many run
 * at once, so its own queue stays short; past it, the export is told to come back (429).
 */
const POOL_OPTIONS = {
  filename: new URL('./render-worker.mjs', import.meta.url).href,
  minThreads: 0,
  maxThreads: RENDER_LIMITS.threads,
  idleTimeout: 60_000,
  maxQueue: 16,
  resourceLimits: { maxOldGenerationSizeMb: RENDER_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
};

let pool: Tinypool | null = null;

const codeOf = (error: unknown) => (error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '');

/**
 * Draws a file in a render thread: `renderer` is the file URL of a module whose default export takes
 * `input` (plain data, copied to the thread) and returns the file's bytes (moved back, not copied). A
 * file too slow or too big for the thread's heap is a Spanish 400, never a dead server; its time counts
 * from when the thread starts drawing it, never while it waits for a thread.
 */
export async function renderInWorker(renderer: URL | string, input: unknown): Promise<Buffer> {
  pool ??= new Tinypool(POOL_OPTIONS);
  const controller = new AbortController();
  const { port1, port2 } = new MessageChannel();
  let timer: NodeJS.Timeout | undefined;
  port1.once('message', () => {
    timer = setTimeout(() => controller.abort(), RENDER_LIMITS.timeoutMs);
  });
  const task: RenderTask = { renderer: String(renderer), input, started: port2 };
  try {
    const bytes = (await pool.run(task, { signal: controller.signal, transferList: [port2] })) as Uint8Array;
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const message = error instanceof Error ? error.message : '';
    if (controller.signal.aborted || name === 'AbortError' || /aborted/i.test(message)) throw new AppError('VALIDATION', EXPORT_MESSAGES.tooSlow);
    if (codeOf(error) === 'ERR_WORKER_OUT_OF_MEMORY' || /out of memory/i.test(message)) throw new AppError('VALIDATION', EXPORT_MESSAGES.tooBig);
    if (/queue is at limit/i.test(message)) throw new AppError('RATE_LIMITED', EXPORT_MESSAGES.busy, undefined, { 'retry-after': '5' });
    throw error;
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

/** Ends the render threads (the app's close); the next export starts new ones. */
export async function closeRenderThreads(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
