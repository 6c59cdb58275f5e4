/**
 * Pages of evaluated attendance at two sizes (target: a page costs its page): scale companies of 1,000
 * and 10,000 workers (apps/api/src/demo/scale.ts, 2026-09-28..2026-11-01 planned and marked) built in the
 * same run, each served by its own server as `npm start` runs it (bench/_server.ts) and read over real
 * HTTP as its administrator. The month is evaluated once first (the first read of the month summary
 * stores it); then BENCH_REPEATS (5) reads of each page, after one unmeasured read:
 * - home (`/v1/inicio`), the day's board page of 50, the month summary page of 50 with its totals,
 *   the attendance report page of 25, the lateness report and the remunerations page of 50 of October;
 * - the month summary's aggregate as one raw SQL statement (the API should stay within 1.5× of it);
 * - the server's resident memory after the remunerations reads (target ≤ 300 MB).
 * After the first read the database is analysed, as autovacuum would (the project's PostgreSQL runs without it).
 * Prints the p50 at each size and the ratio 10,000 ÷ 1,000 (target ≤ 2).
 * Needs PostgreSQL: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/evaluated-pages.ts
 * `BENCH_SIZES=1000,10000` picks the sizes; `BENCH_KEEP=<prefix>` keeps each built and evaluated
 * database as `<prefix>_<size>` and reuses it on the next run (the server migrates it on start).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApi } from '../scripts/api-build.mjs';
import { openDatabase } from '../apps/api/src/db/client';
import type { ScaleCompany } from '../apps/api/src/demo/scale';
import { APP_ROLE, databaseUrl, ensureAppRole } from '../apps/api/src/test/app';
import { machineLine, measured, printRows, type BenchRow } from './_report';
import { firstRead, memoryOf, startServer } from './_server';
import { buildCompany, p } from './_setup';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000').split(',').map(Number);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
const KEEP = process.env.BENCH_KEEP;
const RSS_TARGET_MB = 300;
const MONTH = 'desde=2026-10-01&hasta=2026-10-31';
const PAGES = [
  { key: 'inicio', figure: 'Inicio (tarjetas del día y la semana)', url: '/api/v1/inicio', target: 300 },
  { key: 'dia', figure: 'Asistencia del día, página de 50', url: '/api/v1/asistencia/dia?fecha=2026-10-27&pageSize=50', target: 300 },
  { key: 'resumen', figure: 'Resumen del mes, página de 50 y totales', url: `/api/v1/asistencia/resumen?${MONTH}&pageSize=50`, target: 500 },
  { key: 'reporte', figure: 'Reporte de asistencia, página de 25', url: `/api/v1/reportes/asistencia?${MONTH}&pageSize=25`, target: 500 },
  { key: 'atrasos', figure: 'Reporte de atrasos de octubre', url: `/api/v1/reportes/atrasos?${MONTH}`, target: 500 },
  { key: 'remuneraciones', figure: 'Remuneraciones, página de 50', url: '/api/v1/remuneraciones/202610?pageSize=50', target: 300 },
] as const;

/** The month summary's figures for the whole company as one statement (what the API's totals add up). */
const RAW_MONTH_SQL = `select count(*) as dias, sum(planned_seconds), sum(worked_seconds), sum(ordinary_seconds), sum(missing_seconds),
  sum(justified_seconds), sum(late_seconds), sum(early_leave_seconds), sum(break_seconds), sum(overtime_seconds), sum(overtime_over_agreed_seconds),
  sum(least(overtime_seconds + overtime_over_agreed_seconds, 7200)), sum(greatest(overtime_seconds + overtime_over_agreed_seconds - 7200, 0)),
  sum(missing_seconds) filter (where status = 'ausente'), sum(week_compensated_seconds), sum(week_shortfall_seconds), sum(week_late_after_seconds),
  sum(week_early_leave_after_seconds), sum(week_net_overtime_seconds), sum(week_net_overtime_within_seconds), sum(week_net_overtime_beyond_seconds),
  sum(week_pending_seconds), sum(sunday_seconds), sum(holiday_seconds), count(*) filter (where status in ('presente', 'incompleto')),
  count(*) filter (where plan_kind = 'turno' and status <> 'feriado'), count(*) filter (where late_seconds > 0), count(*) filter (where early_leave_seconds > 0),
  count(*) filter (where overtime_seconds + overtime_over_agreed_seconds > 0), count(*) filter (where inconsistency_count > 0),
  count(*) filter (where status = 'presente'), count(*) filter (where status = 'ausente'), count(*) filter (where status = 'justificado'),
  count(*) filter (where status = 'libre'), count(*) filter (where status = 'feriado'), count(*) filter (where status = 'incompleto')
  from attendance_days where company_id = $1 and fecha between '2026-10-01' and '2026-10-31'`;

interface SizeResult {
  workers: number;
  evaluationMs: number;
  pages: Record<string, number>;
  rawSqlMs: number;
  rssMb: number;
}

/** A database of the app's role with the scale company of `workers` built in it; kept and reused under BENCH_KEEP. */
async function companyDatabase(serverUrl: string, workers: number): Promise<{ url: string; company: ScaleCompany; drop(): Promise<void> }> {
  await ensureAppRole(serverUrl);
  const name = KEEP ? `${KEEP}_${workers}` : `jornada_bench_paginas_${workers}_${process.pid}`;
  const companyFile = path.join(os.tmpdir(), `${name}.json`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const drop = async () => {
    if (KEEP) return;
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  try {
    const url = databaseUrl(serverUrl, name, APP_ROLE);
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && existsSync(companyFile)) {
      console.log(`${workers} trabajadores: base ${name} ya construida`);
      return { url, company: JSON.parse(readFileSync(companyFile, 'utf8')) as ScaleCompany, drop };
    }
    if (exists) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${APP_ROLE}`);
    const database = await openDatabase({ kind: 'postgres', url });
    try {
      await database.migrate();
      const started = Date.now();
      const company = await buildCompany({ ...database, url }, { workers, from: '2026-09-28', to: '2026-11-01' });
      console.log(`${workers} trabajadores: empresa con ${company.marks} marcas en ${((Date.now() - started) / 1000).toFixed(0)} s`);
      writeFileSync(companyFile, JSON.stringify(company));
      return { url, company, drop };
    } finally {
      await database.close();
    }
  } finally {
    await admin.end();
  }
}

/** ANALYZE of the database at `url`, as the server's own superuser. */
async function analyze(serverUrl: string, url: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl(serverUrl, new URL(url).pathname.slice(1)) });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

async function measureSize(serverUrl: string, workers: number): Promise<SizeResult> {
  const { url, company, drop } = await companyDatabase(serverUrl, workers);
  try {
    const server = await startServer('bundle', { DATABASE_URL: url });
    try {
      const auth = await fetch(`${server.base}/api/usuarios/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rut: company.admin.rut, password: company.admin.password }),
      });
      if (auth.status !== 200) throw new Error(`inicio de sesión: ${auth.status} ${await auth.text()}`);
      const headers = { authorization: `Bearer ${((await auth.json()) as { tokenSesion: string }).tokenSesion}` };
      const read = async (pageUrl: string) => {
        const started = performance.now();
        const response = await fetch(`${server.base}${pageUrl}`, { headers });
        const body = await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${pageUrl}: ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
        return performance.now() - started;
      };
      // The period evaluated and stored once (warm): the month summary's first read answers 202 and the
      // server's job queue evaluates the month (followed as the web app does), then each page once.
      const first = await firstRead(server.base, PAGES[2].url, headers);
      const evaluationMs = first.readyMs;
      console.log(`${workers} trabajadores: primera lectura del mes: respuesta en ${Math.round(first.firstAnswerMs)} ms (${first.queued ? '202, en la cola de trabajos' : '200, sin cola'}), página lista en ${(first.readyMs / 1000).toFixed(1)} s`);
      // As autovacuum would after the first evaluation (this PostgreSQL runs without it): the planner
      // knows the stored days are there.
      await analyze(serverUrl, url);
      const pages: Record<string, number> = {};
      for (const page of PAGES) {
        // Unmeasured; a page of another period never evaluated (home: this week) is queued and followed.
        await firstRead(server.base, page.url, headers);
        const times: number[] = [];
        for (let i = 0; i < REPEATS; i++) times.push(await read(page.url));
        pages[page.key] = p(times.sort((a, b) => a - b), 50);
      }
      const rssMb = Math.round(memoryOf(server.child.pid!).rss);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const raw: number[] = [];
      try {
        const { companyId } = company;
        // Row-level security: the statement sees the company's rows as the app's own connections do.
        await client.query(`select set_config('jornada.company_id', $1, false)`, [companyId]);
        await client.query(RAW_MONTH_SQL, [companyId]);
        for (let i = 0; i < REPEATS; i++) {
          const started = performance.now();
          await client.query(RAW_MONTH_SQL, [companyId]);
          raw.push(performance.now() - started);
        }
      } finally {
        await client.end();
      }
      return { workers, evaluationMs, pages, rawSqlMs: p(raw.sort((a, b) => a - b), 50), rssMb };
    } finally {
      await server.stop();
    }
  } finally {
    await drop();
  }
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('bench/evaluated-pages.ts mide en PostgreSQL: falta DATABASE_URL');
  console.log(machineLine());
  await buildApi();
  const results: SizeResult[] = [];
  for (const workers of SIZES) {
    const result = await measureSize(serverUrl, workers);
    console.log(`${workers} trabajadores: primera lectura del mes ${(result.evaluationMs / 1000).toFixed(1)} s · ${PAGES.map((pg) => `${pg.key} ${result.pages[pg.key]} ms`).join(' · ')} · SQL del mes ${result.rawSqlMs} ms · RSS ${result.rssMb} MB`);
    results.push(result);
  }
  const small = results[0]!;
  const large = results[results.length - 1]!;
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  console.log(`\n| Página | ${small.workers} | ${large.workers} | razón | meta |`);
  console.log('|---|---|---|---|---|');
  for (const page of PAGES) console.log(`| ${page.figure} | ${small.pages[page.key]} ms | ${large.pages[page.key]} ms | ${ratio(large.pages[page.key]!, small.pages[page.key]!)} | ≤ ${page.target} ms |`);
  console.log(`| SQL del resumen del mes (una sentencia) | ${small.rawSqlMs} ms | ${large.rawSqlMs} ms | ${ratio(large.rawSqlMs, small.rawSqlMs)} | — |`);
  console.log(`| Resumen por la API ÷ su SQL | ${ratio(small.pages.resumen!, small.rawSqlMs)} | ${ratio(large.pages.resumen!, large.rawSqlMs)} | | ≤ 1,5 |`);
  console.log(`| RSS del servidor después de remuneraciones | ${small.rssMb} MB | ${large.rssMb} MB | | ≤ ${RSS_TARGET_MB} MB |`);
  const rows: BenchRow[] = [];
  for (const r of results) {
    for (const page of PAGES) {
      const value = r.pages[page.key]!;
      const twice = r === small || value <= 2 * small.pages[page.key]!;
      rows.push(measured({ figure: `${page.figure}, ${r.workers} trabajadores, p50 (PostgreSQL, HTTP)`, value, unit: 'ms', target: `≤ ${page.target} ms${r === small ? '' : ' y ≤ 2× la de ' + small.workers}`, pass: value <= page.target && twice }));
    }
    rows.push(measured({ figure: `Resumen del mes por la API ÷ su SQL, ${r.workers} trabajadores`, value: ratio(r.pages.resumen!, r.rawSqlMs), unit: '×', target: '≤ 1,5', pass: r.pages.resumen! <= 1.5 * r.rawSqlMs }));
    rows.push(measured({ figure: `RSS del servidor después de remuneraciones, ${r.workers} trabajadores`, value: r.rssMb, unit: 'MB', target: `≤ ${RSS_TARGET_MB} MB`, pass: r.rssMb <= RSS_TARGET_MB }));
  }
  printRows(rows);
}

await main();
