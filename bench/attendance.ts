/**
 * Attendance reads benchmark: a scale company of 1,000 workers with October 2026 planned and marked
 * (apps/api/src/demo/scale.ts), read through the app (app.inject, so routing, perfil checks, zod
 * validation and serialisation count) as its administrator:
 * - `GET /api/v1/asistencia/dia` for one day, the first time (the week of 1,000 workers evaluated by
 *   the engine and stored) and then steady state (stored days: a query and the board's assembly);
 * - `GET /api/v1/asistencia/resumen` for the month, first page of 50, steady state (the whole
 *   filter's totals from stored rows).
 * Runs on PostgreSQL when DATABASE_URL is set (a temporary database owned by the app's role, so
 * row-level security applies), otherwise on PGlite in memory.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/attendance.ts
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
const TARGET_MS = 300;
const REPEATS = 30;
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
    const company = await buildScaleCompany(database.db, { workers: WORKERS, from: '2026-10-01', to: '2026-10-31' });
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
      const dayUrl = '/api/v1/asistencia/dia?fecha=2026-10-27';
      const cold = await time(dayUrl);
      const health = await series('/api/health');
      const day = await series(dayUrl);
      const monthUrl = '/api/v1/asistencia/resumen?desde=2026-10-01&hasta=2026-10-31';
      const monthCold = await time(monthUrl);
      const month = await series(monthUrl);
      const p = (s: number[], q: number) => Math.round(percentile(s, q) * 10) / 10;
      console.log(
        `${label}: día de ${WORKERS} trabajadores, primera lectura (evalúa y guarda la semana) ${cold.toFixed(0)} ms; luego p50 ${p(day, 50)} ms, p95 ${p(day, 95)} ms · ` +
          `resumen del mes: primera ${monthCold.toFixed(0)} ms, luego p50 ${p(month, 50)} ms, p95 ${p(month, 95)} ms · health p50 ${p(health, 50)} ms`,
      );
      const rows: BenchRow[] = [
        measured({ figure: `Asistencia del día, ${WORKERS} trabajadores, p95 (${label})`, value: p(day, 95), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(day, 95) < TARGET_MS, vsHealth: relativeToHealth(p(day, 95), p(health, 95)) }),
        measured({ figure: `Asistencia del día, primera lectura: evalúa ${WORKERS} trabajadores (${label})`, value: Math.round(cold), unit: 'ms', target: 'referencia', pass: true }),
        measured({ figure: `Resumen del mes, ${WORKERS} trabajadores, p95 (${label})`, value: p(month, 95), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(month, 95) < TARGET_MS, vsHealth: relativeToHealth(p(month, 95), p(health, 95)) }),
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
