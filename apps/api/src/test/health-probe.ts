import { expect } from 'vitest';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while asking `<base>/api/health` every 20 ms, as a person's request would arrive during
 * it: every answer must be 200; returns `work`'s result, the slowest answer and how many were asked.
 */
export async function whileProbingHealth<T>(base: string, work: () => Promise<T>): Promise<{ result: T; healthMaxMs: number; probes: number }> {
  let done = false;
  let healthMaxMs = 0;
  let probes = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
      probes += 1;
      await sleep(20);
    }
  })();
  try {
    const result = await work();
    return { result, healthMaxMs, probes };
  } finally {
    done = true;
    await probing;
  }
}

/**
 * Runs `work` while a 5 ms timer watches the event loop of this process (the server's and the test's):
 * returns `work`'s result and the longest wait between two ticks, the longest the loop was held.
 */
export async function whileTimingEventLoop<T>(work: () => Promise<T>): Promise<{ result: T; maxStallMs: number }> {
  let last = performance.now();
  let maxStallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    maxStallMs = Math.max(maxStallMs, now - last);
    last = now;
  }, 5);
  try {
    const result = await work();
    return { result, maxStallMs: Math.max(maxStallMs, performance.now() - last) };
  } finally {
    clearInterval(ticker);
  }
}
