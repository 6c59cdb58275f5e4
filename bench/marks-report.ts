/**
 * Marks report at scale: a company of BENCH_WORKERS workers (1,000 by default) with September 2026
 * planned and marked (apps/api/src/demo/scale.ts, real hash chains), the app listening on HTTP in this
 * process. Measures, medians of BENCH_REPEATS (3):
 * - a report page of 10 workers (the first and one in the middle of the company) and its
 *   ratio to `/api/health`;
 * - the Excel and CSV exports of the whole month and a PDF within its 20,000-mark limit (the first week;
 *   with more than 2,000 workers, the first day's entries): time to the first byte, total time and the
 *   process's peak RSS while it ran (server and client are this process; the client counts bytes and
 *   keeps none).
 * On PGlite (a temporary directory) by default; with DATABASE_URL on a fresh PostgreSQL database as the
 * ordinary role `jornada_app` (row-level security on), dropped afterwards.
 * Run: npx tsx bench/marks-report.ts   (BENCH_WORKERS=10000 for the 10,000-worker figures)
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { buildScaleCompany } from '../apps/api/src/demo/scale';
import { runAsCompany } from '../apps/api/src/db/tenant-context';
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';
import { exportOnce, postgresDatabase } from './_setup';
// The decoration `app.markAudit` is declared by its module (a module augmentation of Fastify's types), reached through its door.
import type {} from '../apps/api/src/modules/reports/index';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 1000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const MONTH = 'desde=2026-09-01&hasta=2026-09-30';
const PDF_PERIOD = WORKERS <= 2000 ? 'desde=2026-09-01&hasta=2026-09-07' : 'desde=2026-09-01&hasta=2026-09-01&tipo=entrada';
/** The goals: a page under 300 ms at 1,000 workers and under 3 s at 10,000; exports' first bytes within a second, under 300 MB. */
const PAGE_TARGET_MS = WORKERS <= 1000 ? 300 : 3000;
const FIRST_BYTE_TARGET_MS = 1000;
const RSS_TARGET_MB = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function pgliteDatabase(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-bench-reporte-'));
  const database = await openDatabase({ kind: 'pglite', dir });
  return {
    ...database,
    close: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

async function run(label: string, database: Database): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  await database.migrate();
  const building = performance.now();
  const company = await buildScaleCompany(database.db, { workers: WORKERS, from: '2026-09-01', to: '2026-09-30', seed: 18 });
  // What building the company left on the heap is not the report's.
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`${label}: ${company.workers} trabajadores, ${company.marks.toLocaleString('es-CL')} marcas (${((performance.now() - building) / 1000).toFixed(0)} s en construir)`);
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: path.join(os.tmpdir(), 'jornada-sin-web'), DATA_DIR: os.tmpdir() });
  const app = await buildApp({ db: database.db, config, startJobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    // The audit's first pass, as the server schedules it at start (reports read its verdicts).
    const auditStarted = performance.now();
    const audit = await runAsCompany(company.companyId, () => app.markAudit.auditCompany(company.companyId));
    const auditMs = performance.now() - auditStarted;
    rows.push(measured({ figure: `${label} · auditoría de cadenas, ${audit.marks.toLocaleString('es-CL')} marcas`, value: Math.round(auditMs), unit: 'ms', target: 'referencia', pass: true }));

    const signIn = await fetch(`${base}/api/usuarios/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: company.admin.rut, password: company.admin.password }) });
    const { tokenSesion } = (await signIn.json()) as { tokenSesion: string };
    const headers = { authorization: `Bearer ${tokenSesion}` };
    const health = `${base}/api/health`;
    const middle = Math.ceil(WORKERS / 20);
    // Warm-up.
    await timed(`${base}/api/v1/reportes/marcas?${MONTH}&pageSize=10`, headers);
    for (let i = 0; i < 20; i += 1) await timed(health, {});

    const healthMs = median(await Promise.all(Array.from({ length: 9 }, () => timed(health, {}))));
    for (const [name, page] of [['primera página', 1], ['página del medio', middle]] as const) {
      const times: number[] = [];
      for (let i = 0; i < REPEATS; i += 1) times.push(await timed(`${base}/api/v1/reportes/marcas?${MONTH}&pageSize=10&page=${page}`, headers));
      const value = Math.round(median(times));
      rows.push(measured({ figure: `${label} · reporte de marcas, ${name} (10 de ${WORKERS.toLocaleString('es-CL')} trabajadores, mes)`, value, unit: 'ms', target: `< ${PAGE_TARGET_MS} ms`, pass: value < PAGE_TARGET_MS, vsHealth: relativeToHealth(value, healthMs) }));
    }

    for (const [formato, period] of [['xlsx', MONTH], ['csv', MONTH], ['pdf', PDF_PERIOD]] as const) {
      const runs = [];
      for (let i = 0; i < (formato === 'pdf' ? REPEATS : Math.min(REPEATS, WORKERS > 2000 ? 1 : REPEATS)); i += 1) runs.push(await exportOnce(`${base}/api/v1/reportes/marcas/exportar?formato=${formato}&${period}`, headers));
      const first = Math.round(median(runs.map((r) => r.firstByteMs)));
      const total = Math.round(median(runs.map((r) => r.totalMs)));
      const peak = Math.round(Math.max(...runs.map((r) => r.peakMb)));
      const growth = Math.round(Math.max(...runs.map((r) => r.growthMb)));
      const what = `${label} · exportación ${formato.toUpperCase()} (${period === MONTH ? 'mes' : period === PDF_PERIOD && WORKERS <= 2000 ? 'primera semana' : 'entradas del primer día'}, ${(runs[0]!.bytes / 1024 ** 2).toFixed(1)} MB)`;
      rows.push(measured({ figure: `${what}: primer byte`, value: first, unit: 'ms', target: `< ${FIRST_BYTE_TARGET_MS} ms`, pass: first < FIRST_BYTE_TARGET_MS, vsHealth: relativeToHealth(first, healthMs) }));
      rows.push(measured({ figure: `${what}: total`, value: total, unit: 'ms', target: 'referencia', pass: true, vsHealth: relativeToHealth(total, healthMs) }));
      rows.push(measured({ figure: `${what}: RSS máximo del proceso (servidor, cliente y la empresa recién construida)`, value: peak, unit: 'MB', target: `< ${RSS_TARGET_MB} MB`, pass: peak < RSS_TARGET_MB }));
      rows.push(measured({ figure: `${what}: crecimiento del RSS durante la exportación`, value: growth, unit: 'MB', target: 'referencia', pass: true }));
    }
    rows.push(measured({ figure: `${label} · /api/health (mediana)`, value: Number(healthMs.toFixed(1)), unit: 'ms', target: 'referencia', pass: true }));
  } finally {
    await app.close();
  }
  return rows;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const rows: BenchRow[] = [];
  const serverUrl = process.env.DATABASE_URL;
  const targets: [string, () => Promise<Database>][] = serverUrl ? [['PostgreSQL', () => postgresDatabase(serverUrl)]] : [['PGlite', pgliteDatabase]];
  if (serverUrl && process.env.BENCH_PGLITE_TOO === '1') targets.push(['PGlite', pgliteDatabase]);
  for (const [label, open] of targets) {
    const database = await open();
    try {
      rows.push(...(await run(label, database)));
    } finally {
      await database.close();
    }
  }
  for (const row of rows) console.log(`${row.figure}: ${row.value} ${row.unit}${row.vsHealth !== undefined ? ` (× health ${row.vsHealth})` : ''} · carga ${row.load}`);
  printRows(rows);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
