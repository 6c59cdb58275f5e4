import { expect } from 'vitest';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while asking `<base>/api/health` every 20 ms, as a person's request would arrive during
 * it: every answer must be 200; returns `work`'s result, the slowest answer, the slowest but one and how
 * many were asked. On a two-core machine shared with the database one answer can wait for a core the
 * operating system gave elsewhere; a server that holds its loop makes many answers slow, so the slowest
 * but one is the figure that tells the two apart.
 */
export async function whileProbingHealth<T>(
  base: string,
  work: () => Promise<T>,
): Promise<{ result: T; healthMaxMs: number; healthMaxButOneMs: number; probes: number }> {
  let done = false;
  let healthMaxMs = 0;
  let healthMaxButOneMs = 0;
  let probes = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      const response = await fetch(`${base}/api/health`);
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      const answeredMs = performance.now() - started;
      healthMaxButOneMs = Math.max(healthMaxButOneMs, Math.min(healthMaxMs, answeredMs));
      healthMaxMs = Math.max(healthMaxMs, answeredMs);
      probes += 1;
      await sleep(20);
    }
  })();
  try {
    const result = await work();
    return { result, healthMaxMs, healthMaxButOneMs, probes };
  } finally {
    done = true;
    await probing;
  }
}

/**
 * Runs `work` while a 5 ms timer watches the event loop of this process (the server's and the test's).
 * Returns `work`'s result, the longest wait between two ticks (`maxStallMs`, wall clock) and, for each
 * wait, the CPU time this process spent meanwhile, the longest of the two counted (`maxHeldMs`): the
 * longest the loop was held by this process's own work. On a machine busy with other processes a wait
 * can also be time the process was not given a core; that part is not the loop being held.
 */
export async function whileTimingEventLoop<T>(work: () => Promise<T>): Promise<{ result: T; maxStallMs: number; maxHeldMs: number }> {
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  let maxStallMs = 0;
  let maxHeldMs = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = process.cpuUsage(lastCpu);
    const waitedMs = now - last;
    maxStallMs = Math.max(maxStallMs, waitedMs);
    maxHeldMs = Math.max(maxHeldMs, Math.min(waitedMs, (cpu.user + cpu.system) / 1000));
    last = now;
    lastCpu = process.cpuUsage();
  };
  const ticker = setInterval(tick, 5);
  try {
    const result = await work();
    tick();
    return { result, maxStallMs, maxHeldMs };
  } finally {
    clearInterval(ticker);
  }
}
