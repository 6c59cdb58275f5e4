/**
 * The setup the benchmarks share: a temporary PostgreSQL database (owned by the app's role, so
 * row-level security applies, and dropped on close) or PGlite in memory, the app built in production
 * mode without jobs, the administrator's sign-in, and timing of `app.inject` reads.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { buildApp, type AppDeps } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { buildScaleCompany, type ScaleCompany, type ScaleOptions } from '../apps/api/src/demo/scale';
import { APP_ROLE, databaseUrl, ensureAppRole } from '../apps/api/src/test/app';
import type { MarkingLoadOptions, MarkingLoadResult } from '../apps/api/src/test/marking-load';

/**
 * The web-marking load (apps/api/src/test/marking-load.ts) run from a worker thread, off the server's
 * event loop: each token marks through real HTTP, alternating entrada and salida, retrying as the web does.
 */
export function runMarkingLoad(options: MarkingLoadOptions): Promise<MarkingLoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./_marking-load-worker.mjs', import.meta.url), { workerData: options });
    worker.once('message', (message: { ok: boolean; result?: MarkingLoadResult; error?: string }) => {
      void worker.terminate();
      if (message.ok) resolve(message.result!);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
}

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, dropped on close. As the app's ordinary
 * role by default; `asApp: false` connects as the server URL's own user (a superuser skips row-level security).
 */
export async function postgresDatabase(serverUrl: string, { asApp = true }: { asApp?: boolean } = {}): Promise<Database & { url: string; disconnect(): Promise<void> }> {
  const name = `jornada_bench_${randomBytes(4).toString('hex')}`;
  if (asApp) await ensureAppRole(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${asApp ? ` OWNER ${APP_ROLE}` : ''}`);
  await admin.end();
  const url = databaseUrl(serverUrl, name, asApp ? APP_ROLE : undefined);
  const database = await openDatabase({ kind: 'postgres', url });
  let connected = true;
  const disconnect = async () => {
    if (connected) await database.close();
    connected = false;
  };
  return {
    ...database,
    url,
    /** Closes this process's connections and keeps the database (to copy it as a template). */
    disconnect,
    close: async () => {
      await disconnect();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/**
 * The scale company (apps/api/src/demo/scale.ts). On PostgreSQL it is built by a child process
 * (bench/_build-company.ts), so this process's RSS is the server's and its reads', not the builder's;
 * PGlite in memory can only be built here.
 */
export async function buildCompany(database: Database & { url?: string }, options: Omit<ScaleOptions, 'onProgress' | 'now'>): Promise<ScaleCompany> {
  if (!database.url) return buildScaleCompany(database.db, options);
  const child = spawn(process.execPath, [path.join(import.meta.dirname, '../node_modules/tsx/dist/cli.mjs'), path.join(import.meta.dirname, '_build-company.ts')], {
    env: { ...process.env, BENCH_BUILD_URL: database.url, BENCH_BUILD_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('COMPANY '));
  if (code !== 0 || !line) throw new Error(`no se pudo construir la empresa de escala (código ${code})`);
  return JSON.parse(line.slice('COMPANY '.length)) as ScaleCompany;
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in memory; migrated. */
export async function benchDatabase(): Promise<{ label: 'PostgreSQL' | 'PGlite'; database: Database & { url?: string } }> {
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await postgresDatabase(serverUrl) : await openDatabase({ kind: 'pglite', dir: null });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return { label: serverUrl ? 'PostgreSQL' : 'PGlite', database };
}

/**
 * The app in production mode, silent, without the web build or background jobs. Without its job loop a
 * page never queues a period's first evaluation: it evaluates inline whatever the size, as the
 * in-process benchmarks measure it (over HTTP, bench/_server.ts `firstRead` follows the queue).
 */
export function benchApp(database: Database, options: Omit<AppDeps, 'db' | 'config'> = {}) {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: path.join(os.tmpdir(), 'jornada-sin-web'), DATA_DIR: os.tmpdir() });
  return buildApp({ db: database.db, config, startJobs: false, attendanceInlineDays: Number.POSITIVE_INFINITY, payInlineWorkers: Number.POSITIVE_INFINITY, ...options });
}

type BenchAppInstance = Awaited<ReturnType<typeof benchApp>>;

/** `p`-th percentile of ascending `sorted`. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Percentile rounded to a tenth of a millisecond. */
export const p = (sorted: readonly number[], q: number): number => Math.round(percentile(sorted, q) * 10) / 10;

/**
 * Signs the administrator in and returns timers of `GET` reads through `app.inject` (routing, perfil
 * checks, zod validation and serialisation count): `time` one read (non-200 throws), `series` `repeats`
 * reads sorted ascending. `/api/v1` URLs carry the session; others (health) none.
 */
export async function adminReader(app: BenchAppInstance, admin: { rut: string; password: string }, repeats: number) {
  const auth = await app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: admin.rut, password: admin.password } });
  if (auth.statusCode !== 200) throw new Error(`inicio de sesión: ${auth.statusCode} ${auth.body}`);
  const headers = { authorization: `Bearer ${auth.json<{ tokenSesion: string }>().tokenSesion}` };
  const time = async (url: string): Promise<number> => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers: url.startsWith('/api/v1') ? headers : {} });
    const ms = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return ms;
  };
  const series = async (url: string): Promise<number[]> => {
    const all: number[] = [];
    for (let i = 0; i < repeats; i++) all.push(await time(url));
    return all.sort((a, b) => a - b);
  };
  return { headers, time, series };
}

/** A download over HTTP read to the end: time to the first byte, total time and bytes. */
export async function download(url: string, headers: Record<string, string>): Promise<{ firstByteMs: number; totalMs: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  const reader = response.body!.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.byteLength;
  }
  return { firstByteMs, totalMs: performance.now() - started, bytes };
}

/** One export: first byte, total, bytes and the process's peak RSS meanwhile. */
export async function exportOnce(url: string, headers: Record<string, string>) {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  try {
    const timing = await download(url, headers);
    const top = Math.max(peak, process.memoryUsage.rss());
    return { ...timing, peakMb: top / 1024 ** 2, growthMb: (top - before) / 1024 ** 2 };
  } finally {
    clearInterval(sampler);
  }
}
