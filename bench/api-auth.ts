/**
 * API benchmark: sign-in (`POST /api/usuarios/auth`, argon2id on purpose) and the session check of
 * every page (`POST /api/usuarios/profile`) through real HTTP with autocannon, against the app
 * started in this process on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database.
 * `GET /api/health` (no database) runs in the same session as the baseline: its ratio tells how much
 * of a figure is the database and the work, independent of how busy the shared machine is.
 * Load comes from an autocannon worker thread so the server's event loop is not the client's.
 * Run: npx tsx bench/api-auth.ts
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';
import { postgresDatabase } from './_setup';

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface Result {
  requests: Histogram & { total: number };
  latency: Histogram;
  non2xx: number;
  errors: number;
}
interface Options {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  workers?: number;
}
// autocannon ships no types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Options) => Promise<Result>;

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 6);
/**
 * Our targets (design.md sets none for these calls). PostgreSQL is the production setting: a page's
 * session check must stay under 100 ms at p99. PGlite is the embedded single-process default for one
 * company: its queries run on the API's own thread, so 20 simultaneous requests queue; under 0.5 s
 * at p99 still feels immediate there. Sign-in pays argon2id on purpose.
 */
const TARGETS = {
  PGlite: { profileP99Ms: 500, signInP99Ms: 2000 },
  PostgreSQL: { profileP99Ms: 100, signInP99Ms: 1000 },
} as const;
const ADMIN = { rut: '12.345.678-5', password: 'bench-jornada-2026' };

async function postJson<T>(base: string, url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * As in production (docs/operations.md): the app connects as the ordinary role `jornada_app`, owner of
 * its database, so row-level security applies. `BENCH_PG_SUPERUSER=1` connects as DATABASE_URL's user.
 */

function load(options: Omit<Options, 'duration' | 'workers'> & { duration?: number }): Promise<Result> {
  return autocannon({ duration: DURATION_S, workers: 1, ...options });
}

function check(name: string, result: Result): void {
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} respuestas no 2xx y ${result.errors} errores`);
}

const rows: BenchRow[] = [];

async function benchmark(label: keyof typeof TARGETS, database: Database): Promise<void> {
  const target = TARGETS[label];
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: path.join(os.tmpdir(), 'jornada-sin-web'), DATA_DIR: os.tmpdir() });
  const app = await buildApp({ db: database.db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const razonSocial = 'Transportes Bench SpA';
    const company = await postJson<{ onboardingToken: string }>(base, '/api/empresa/crear', { nombre: 'Bench', rutEmpresa: '76.543.210-3', razonSocial });
    await postJson(
      base,
      '/api/usuarios/crear',
      { nombre: 'Ana', apellidos: 'Bench', cargo: 'Gerenta', rut: ADMIN.rut, password: ADMIN.password, email: 'ana@bench.cl', direccion: '', razon_social: razonSocial, telefono: '', inicio_contrato: '2024-01-01', fin_contrato: '' },
      { 'x-onboarding-token': company.onboardingToken },
    );
    const { tokenSesion } = await postJson<{ tokenSesion: string }>(base, '/api/usuarios/auth', ADMIN);
    const profile = { url: `${base}/api/usuarios/profile`, method: 'POST' as const, headers: { authorization: `Bearer ${tokenSesion}` }, connections: 20 };

    // Warm-up: JIT, connection pool, PGlite's caches.
    await load({ url: `${base}/api/health`, connections: 10, duration: 2 });
    await load({ ...profile, duration: 2 });

    const health = await load({ url: `${base}/api/health`, connections: 20 });
    check('health', health);
    const profiles = await load(profile);
    check('profile', profiles);
    // Sign-in is argon2id-bound: 10 connections keep both cores busy without queueing for nothing.
    const signIns = await load({ url: `${base}/api/usuarios/auth`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN), connections: 10 });
    check('auth', signIns);

    const ratio = profiles.requests.average / health.requests.average;
    console.log(
      `${label}: health ${Math.round(health.requests.average)}/s (p99 ${health.latency.p99} ms) · profile ${Math.round(profiles.requests.average)}/s (p50 ${profiles.latency.p50} ms, p99 ${profiles.latency.p99} ms, ${(ratio * 100).toFixed(0)} % de health) · inicio de sesión ${Math.round(signIns.requests.average)}/s (p50 ${signIns.latency.p50} ms, p99 ${signIns.latency.p99} ms)`,
    );
    const vsRate = (result: Result) => relativeToHealth(result.requests.average, health.requests.average);
    const vsP99 = (result: Result) => relativeToHealth(result.latency.p99, health.latency.p99);
    rows.push(
      measured({ figure: `API ${label}: health por segundo, 20 conexiones`, value: Math.round(health.requests.average), unit: 'sol/s', target: 'referencia', pass: true, vsHealth: 1 }),
      measured({ figure: `API ${label}: perfil (sesión) por segundo, 20 conexiones`, value: Math.round(profiles.requests.average), unit: 'sol/s', target: 'referencia', pass: true, vsHealth: vsRate(profiles) }),
      measured({ figure: `API ${label}: perfil p99, 20 conexiones`, value: profiles.latency.p99, unit: 'ms', target: `< ${target.profileP99Ms} ms`, pass: profiles.latency.p99 < target.profileP99Ms, vsHealth: vsP99(profiles) }),
      measured({ figure: `API ${label}: inicios de sesión por segundo (argon2id), 10 conexiones`, value: Math.round(signIns.requests.average), unit: 'sol/s', target: 'referencia', pass: true, vsHealth: vsRate(signIns) }),
      measured({ figure: `API ${label}: inicio de sesión p99, 10 conexiones`, value: signIns.latency.p99, unit: 'ms', target: `< ${target.signInP99Ms} ms`, pass: signIns.latency.p99 < target.signInP99Ms, vsHealth: vsP99(signIns) }),
    );
  } finally {
    await app.close();
    await database.close();
  }
}

console.log(`${machineLine()}; ${DURATION_S} s por escenario`);
await benchmark('PGlite', await openDatabase({ kind: 'pglite', dir: null }));
if (process.env.DATABASE_URL) {
  const database = await postgresDatabase(process.env.DATABASE_URL, { asApp: process.env.BENCH_PG_SUPERUSER !== '1' });
  console.log(`PostgreSQL como ${(await database.rowSecurity()).role}`);
  await benchmark('PostgreSQL', database);
}
else console.log('PostgreSQL omitido: define DATABASE_URL para medirlo también.');
printRows(rows);
