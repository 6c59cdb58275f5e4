/**
 * Load generator for web marking, shaped like the web app's client: each worker marks with its own
 * session, alternating entrada and salida, and retries a failed or unanswered request with the SAME
 * `idCliente` (the idempotency key), exactly as the offline queue of /dashboard/web-marking does.
 * Used by bench/web-marking.ts (in a worker thread, so the server's event loop is not the client's)
 * and by the outage test in src/reliability.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';

export interface MarkingLoadOptions {
  base: string;
  /** One session token per worker; each is one connection. */
  tokens: string[];
  durationMs: number;
  retryDelayMs?: number;
  timeoutMs?: number;
}

export interface MarkingLoadResult {
  /** Every idCliente the server acknowledged with a mark (201, or 200 for a retry of a stored one). */
  acked: string[];
  replays: number;
  retries: number;
  /** Marks the server kept as repeats (the worker's previous run ended on the same kind). */
  repeats: number;
  latencies: number[];
  statuses: Record<string, number>;
  elapsedMs: number;
}

const KINDS = ['entrada', 'salida'] as const;

export async function runMarkingLoad({ base, tokens, durationMs, retryDelayMs = 50, timeoutMs = 10_000 }: MarkingLoadOptions): Promise<MarkingLoadResult> {
  const pool = new Pool(base, { connections: tokens.length, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const acked: string[] = [];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let replays = 0;
  let retries = 0;
  let repeats = 0;
  const started = performance.now();
  const deadline = started + durationMs;

  async function send(token: string, body: string): Promise<{ status: number; text: string }> {
    const t0 = performance.now();
    try {
      const response = await pool.request({
        path: '/api/v1/marcas',
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const text = await response.body.text();
      latencies.push(performance.now() - t0);
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      return { status: response.statusCode, text };
    } catch (error) {
      statuses.network = (statuses.network ?? 0) + 1;
      return { status: 0, text: String(error) };
    }
  }

  async function worker(token: string, index: number): Promise<void> {
    let turn = index % 2;
    while (performance.now() < deadline) {
      const idCliente = randomUUID();
      const body = JSON.stringify({ tipo: KINDS[turn], idCliente, dispositivo: 'bench' });
      // Retry with the same key until the server answers with a mark (a 5xx or a dropped connection
      // says nothing about whether it was stored: only the key makes the retry safe).
      for (;;) {
        const { status, text } = await send(token, body);
        if (status === 200 && text.includes('"marca_repetida"')) {
          // The worker's previous run (the warm-up) ended on this kind: the server kept the first.
          repeats += 1;
          break;
        }
        if (status === 201 || status === 200) {
          if (status === 200) replays += 1;
          if (!text.includes('"marca"')) throw new Error(`Respuesta inesperada: ${text.slice(0, 300)}`);
          acked.push(idCliente);
          break;
        }
        if (status >= 400 && status < 500) throw new Error(`Marca rechazada (${status}): ${text.slice(0, 300)}`);
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      }
      turn = 1 - turn;
    }
  }

  await Promise.all(tokens.map((token, index) => worker(token, index)));
  const elapsedMs = performance.now() - started;
  await pool.close();
  return { acked, replays, retries, repeats, latencies, statuses, elapsedMs };
}
