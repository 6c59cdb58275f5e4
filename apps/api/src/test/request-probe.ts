import { Worker } from 'node:worker_threads';

export interface ProbeSeries {
  /** Each answer's time, from sending the request to the last byte of its body (ms). */
  latencies: number[];
  /** When each request was sent (ms since the epoch), to line slow answers up with what the server was doing. */
  sentAt: number[];
  /** How many answers had each status (0: no answer). */
  statuses: Record<string, number>;
}

export interface ProbeResult {
  health: ProbeSeries;
  marks: ProbeSeries;
}

export const maxOf = (series: ProbeSeries) => Math.max(0, ...series.latencies);

/**
 * Runs `work` while another thread asks `<base>/api/health` every `healthEveryMs` and, with `mark`, has
 * a worker mark via the web (`POST /api/v1/marcas`, entrada and salida in turn) every `mark.everyMs`:
 * what a person would see during it. The client runs in its own thread (request-probe-worker.mjs), so a
 * server that holds its event loop shows as slow answers, not as probes that were never sent
 * (test/health-probe.ts asks from the test's own thread, which the server shares).
 */
export async function whileProbingFromThread<T>(
  options: { base: string; healthEveryMs?: number; mark?: { token: string; everyMs?: number } },
  work: () => Promise<T>,
): Promise<{ result: T; probe: ProbeResult }> {
  const worker = new Worker(new URL('./request-probe-worker.mjs', import.meta.url), {
    workerData: { base: options.base, healthEveryMs: options.healthEveryMs ?? 20, mark: options.mark ? { token: options.mark.token, everyMs: options.mark.everyMs ?? 250 } : null },
  });
  const messages: unknown[] = [];
  let wake: (() => void) | null = null;
  let failed: unknown = null;
  worker.on('message', (message: unknown) => {
    messages.push(message);
    wake?.();
  });
  worker.once('error', (error) => {
    failed = error;
    wake?.();
  });
  const next = async (): Promise<unknown> => {
    while (messages.length === 0 && failed === null) await new Promise<void>((resolve) => (wake = resolve));
    if (failed !== null) throw failed;
    return messages.shift();
  };
  try {
    await next(); // 'ready'
    const result = await work();
    worker.postMessage('stop');
    return { result, probe: (await next()) as ProbeResult };
  } finally {
    await worker.terminate();
  }
}
