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
