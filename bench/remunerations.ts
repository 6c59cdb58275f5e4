/**
 * Remunerations benchmark: a scale company of 1,000 workers with October 2026 planned and marked
 * (apps/api/src/demo/scale.ts), read through the app (app.inject) as its administrator:
 * - `GET /api/v1/remuneraciones/202610` the first time (every worker's month evaluated by the engine
 *   and stored, then the pay variables) and then steady state (stored days counted, variables of all
 *   1,000 workers computed for the totals, one page of 50 served);
 * - the payroll CSV export of the whole month, steady state.
 * Runs on PostgreSQL when DATABASE_URL is set (a temporary database owned by the app's role, so
 * row-level security applies), otherwise on PGlite in memory.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/remunerations.ts
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { buildScaleCompany } from '../apps/api/src/demo/scale';
import { APP_ROLE, databaseUrl, ensureAppRole } from '../apps/api/src/test/app';
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';

const WORKERS = 1000;
/** The issue asks remunerations for 10,000 workers in under 5 s: 500 ms for 1,000. */
const TARGET_MS = 500;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const NOW = new Date('2026-11-03T15:00:00Z');

async function postgresDatabase(serverUrl: string): Promise<Database> {
  const name = `jornada_bench_${randomBytes(4).toString('hex')}`;
  await ensureAppRole(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} OWNER ${APP_ROLE}`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name, APP_ROLE) });
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main(): Promise<void> {
  console.log(machineLine());
  const label = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const database = process.env.DATABASE_URL ? await postgresDatabase(process.env.DATABASE_URL) : await openDatabase({ kind: 'pglite', dir: null });
  try {
    await database.migrate();
    const built = Date.now();
    const company = await buildScaleCompany(database.db, { workers: WORKERS, from: '2026-09-28', to: '2026-11-01' });
    console.log(`${label}: empresa de ${company.workers} trabajadores, ${company.plannedDays} días planificados y ${company.marks} marcas en ${((Date.now() - built) / 1000).toFixed(0)} s`);
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: path.join(os.tmpdir(), 'jornada-sin-web'), DATA_DIR: os.tmpdir() });
    const app = await buildApp({ db: database.db, config, clock: () => NOW, startJobs: false });
    try {
      const auth = await app.inject({ method: 'POST', url: '/api/usuarios/auth', payload: { rut: company.admin.rut, password: company.admin.password } });
      if (auth.statusCode !== 200) throw new Error(`inicio de sesión: ${auth.statusCode} ${auth.body}`);
      const headers = { authorization: `Bearer ${auth.json<{ tokenSesion: string }>().tokenSesion}` };
      const time = async (url: string): Promise<number> => {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: url.startsWith('/api/v1') ? headers : {} });
        const ms = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
        return ms;
      };
      const series = async (url: string) => {
        const all: number[] = [];
        for (let i = 0; i < REPEATS; i++) all.push(await time(url));
        return all.sort((a, b) => a - b);
      };
      const monthUrl = '/api/v1/remuneraciones/202610?pageSize=50';
      const cold = await time(monthUrl);
      const health = await series('/api/health');
      const month = await series(monthUrl);
      const csv = await series('/api/v1/remuneraciones/202610/exportar?formato=csv');
      const p = (s: number[], q: number) => Math.round(percentile(s, q) * 10) / 10;
      console.log(
        `${label}: remuneraciones de ${WORKERS} trabajadores, primera lectura (evalúa y guarda el mes) ${cold.toFixed(0)} ms; luego p50 ${p(month, 50)} ms, p95 ${p(month, 95)} ms · ` +
          `CSV del mes p50 ${p(csv, 50)} ms, p95 ${p(csv, 95)} ms · health p50 ${p(health, 50)} ms`,
      );
      const rows: BenchRow[] = [
        measured({ figure: `Remuneraciones del mes, ${WORKERS} trabajadores, p95 (${label})`, value: p(month, 95), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(month, 95) < TARGET_MS, vsHealth: relativeToHealth(p(month, 95), p(health, 95)) }),
        measured({ figure: `Remuneraciones, primera lectura: evalúa ${WORKERS} trabajadores (${label})`, value: Math.round(cold), unit: 'ms', target: 'referencia', pass: true }),
        measured({ figure: `CSV de remuneraciones, ${WORKERS} trabajadores, p95 (${label})`, value: p(csv, 95), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(csv, 95) < TARGET_MS, vsHealth: relativeToHealth(p(csv, 95), p(health, 95)) }),
      ];
      printRows(rows);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

await main();
