/**
 * The API as `npm start` runs it, for benchmarks that measure over real HTTP: the compiled server
 * (scripts/api-build.mjs) with its V8 options in its own process, and its resident memory read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BUNDLE, SERVER_NODE_OPTIONS } from '../scripts/api-build.mjs';
import { freePort } from '../apps/api/src/ops/server-process';

const root = path.resolve(import.meta.dirname, '..');

/** The process's resident set now and the kernel's peak so far, in MB. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/**
 * A server process as `npm start` runs it (`bundle`, with `nodeOptions`, the server's own V8 options by
 * default), or through tsx (`tsx`); resolves once it listens.
 */
export async function startServer(
  kind: 'bundle' | 'tsx',
  env: Record<string, string>,
  nodeOptions: readonly string[] = SERVER_NODE_OPTIONS,
): Promise<{ child: ChildProcess; base: string; stop(): Promise<void> }> {
  const port = await freePort();
  const args = kind === 'bundle' ? [...nodeOptions, API_BUNDLE] : ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')];
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...inherited, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), WEB_DIST: path.join(os.tmpdir(), 'jornada-sin-web'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`el servidor no arrancó en 120 s: ${out}`)), 120_000);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('Jornada lista')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`el servidor terminó (código ${code}): ${out}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, base: `http://127.0.0.1:${port}`, stop };
}

/**
 * A page's first read over HTTP as the web app does it: a period never evaluated answers 202 while the
 * server's job queue evaluates it (modules/attendance, attendance.calculations.ts); the calculation is
 * then polled every `pollMs` until done and the page read again. Returns the time to the first answer
 * (the 202, or the page itself when it needed no queue), to the page ready, and whether it was queued.
 */
export async function firstRead(base: string, url: string, headers: Record<string, string>, pollMs = 250): Promise<{ firstAnswerMs: number; readyMs: number; queued: boolean }> {
  const started = performance.now();
  let response = await fetch(`${base}${url}`, { headers });
  const firstAnswerMs = performance.now() - started;
  const queued = response.status === 202;
  while (response.status === 202) {
    const { calculo } = (await response.json()) as { calculo: { id: string } };
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      const progress = await fetch(`${base}/api/v1/asistencia/calculos/${calculo.id}`, { headers });
      if (progress.status !== 200) throw new Error(`cálculo ${calculo.id}: ${progress.status} ${(await progress.text()).slice(0, 300)}`);
      if (((await progress.json()) as { estado: string }).estado === 'listo') break;
    }
    response = await fetch(`${base}${url}`, { headers });
  }
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
  return { firstAnswerMs, readyMs: performance.now() - started, queued };
}
