/**
 * The server's own memory and its exports' first bytes, measured on the server as `npm start` runs it:
 * the compiled API (scripts/api-build.mjs) with its V8 options, in its own process, answering real HTTP
 * from this one. The scale company (apps/api/src/demo/scale.ts, October 2026 planned and marked) is
 * built first; the server then, as its administrator's browser would ask:
 * 1. reads the month's attendance summary for the first time (the engine evaluates and stores five weeks
 *    of every worker in the server: the heaviest work it does);
 * 2. reads the month's summary `BENCH_REPEATS` times (stored days), then the month's remunerations page;
 * 3. exports the month's attendance report to Excel;
 * 4. exports the month's marks report to Excel;
 * 5. exports the month's marks report to CSV.
 * The process's resident memory (VmRSS, /proc) is sampled every 50 ms; each phase reports its peak and
 * the run the kernel's own peak (VmHWM). `BENCH_SERVERS=bundle,tsx` runs the same phases on a fresh copy
 * of the same company with the server run through tsx without V8 options (how `npm start` ran it before),
 * for the comparison in one run.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_WORKERS=10000 npx tsx bench/server-memory.ts
 * (without DATABASE_URL: PGlite in a data directory, built here and opened by the server;
 * `BENCH_PGLITE_TEMPLATE=<dir>` keeps that directory and reuses it on the next run, which then starts
 * at once instead of spending minutes building 10,000 workers).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApi, SERVER_NODE_OPTIONS } from '../scripts/api-build.mjs';
import { analyzeTables, openDatabase } from '../apps/api/src/db/client';
import { buildScaleCompany, type ScaleCompany } from '../apps/api/src/demo/scale';
import { APP_ROLE, databaseUrl } from '../apps/api/src/test/app';
import { machineLine, measured, printRows, type BenchRow } from './_report';
import { firstRead, memoryOf, startServer } from './_server';
import { buildCompany, download, p, postgresDatabase } from './_setup';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 1000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 10);
const SERVERS = (process.env.BENCH_SERVERS ?? 'bundle').split(',') as ('bundle' | 'tsx')[];
const RSS_TARGET_MB = 300;
const FIRST_BYTE_TARGET_MS = 1000;
const MONTH = 'desde=2026-10-01&hasta=2026-10-31';
/** `BENCH_SERVER_OPTIONS` tries other V8 options on the compiled server. */
const NODE_OPTIONS = process.env.BENCH_SERVER_OPTIONS?.split(' ').filter(Boolean) ?? SERVER_NODE_OPTIONS;
const SERVER_LABEL = { bundle: `compilado, ${NODE_OPTIONS.join(' ') || 'sin opciones de V8'}`, tsx: 'tsx, sin opciones de V8' } as const;

/** Peak VmRSS per phase, sampled every 50 ms. */
function phaseSampler(pid: number) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 50);
  return {
    /** The peak since the last call (or the start), then starts over from the current value. */
    take(): number {
      const value = Math.max(peak, memoryOf(pid).rss);
      peak = memoryOf(pid).rss;
      return Math.round(value);
    },
    stop: () => clearInterval(timer),
  };
}

async function measureServer(kind: 'bundle' | 'tsx', env: Record<string, string>, company: ScaleCompany, label: string): Promise<BenchRow[]> {
  const { child, base } = await startServer(kind, env, NODE_OPTIONS);
  const pid = child.pid!;
  const sampler = phaseSampler(pid);
  try {
    const idle = sampler.take();
    const auth = await fetch(`${base}/api/usuarios/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rut: company.admin.rut, password: company.admin.password }) });
    if (auth.status !== 200) throw new Error(`inicio de sesión: ${auth.status} ${await auth.text()}`);
    const headers = { authorization: `Bearer ${((await auth.json()) as { tokenSesion: string }).tokenSesion}` };
    const read = async (url: string) => {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      await response.arrayBuffer();
      return performance.now() - started;
    };
    const monthUrl = `/api/v1/asistencia/resumen?${MONTH}`;
    // The month never evaluated: 202 and the job queue evaluates it in the same process; followed until the page is ready.
    const evaluation = (await firstRead(base, monthUrl, headers)).readyMs;
    const evaluationPeak = sampler.take();
    const reads: number[] = [];
    for (let i = 0; i < REPEATS; i++) reads.push(await read(monthUrl));
    reads.sort((a, b) => a - b);
    const readsPeak = sampler.take();
    // The month's remunerations: every worker's pay for the page's totals, a chunk of workers at a time.
    const payroll = await read('/api/v1/remuneraciones/202610?pageSize=50');
    const payrollPeak = sampler.take();
    const attendanceExcel = await download(`${base}/api/v1/reportes/asistencia/exportar?formato=xlsx&${MONTH}`, headers);
    const attendanceExcelPeak = sampler.take();
    const marksExcel = await download(`${base}/api/v1/reportes/marcas/exportar?formato=xlsx&${MONTH}`, headers);
    const marksExcelPeak = sampler.take();
    const marksCsv = await download(`${base}/api/v1/reportes/marcas/exportar?formato=csv&${MONTH}`, headers);
    const marksCsvPeak = sampler.take();
    const { hwm } = memoryOf(pid);
    const who = `${WORKERS.toLocaleString('es-CL')} trabajadores, ${label}, servidor ${SERVER_LABEL[kind]}`;
    console.log(
      `${who}: RSS en reposo ${idle} MB · primera lectura del mes ${(evaluation / 1000).toFixed(1)} s, máximo ${evaluationPeak} MB · ` +
        `lecturas del mes p50 ${p(reads, 50)} ms, máximo ${readsPeak} MB · remuneraciones del mes ${Math.round(payroll)} ms, máximo ${payrollPeak} MB · Excel de asistencia ${(attendanceExcel.bytes / 1024 ** 2).toFixed(1)} MB: primer byte ${Math.round(attendanceExcel.firstByteMs)} ms, total ${(attendanceExcel.totalMs / 1000).toFixed(1)} s, máximo ${attendanceExcelPeak} MB · ` +
        `Excel de marcas ${(marksExcel.bytes / 1024 ** 2).toFixed(1)} MB: primer byte ${Math.round(marksExcel.firstByteMs)} ms, total ${(marksExcel.totalMs / 1000).toFixed(1)} s, máximo ${marksExcelPeak} MB · ` +
        `CSV de marcas ${(marksCsv.bytes / 1024 ** 2).toFixed(1)} MB: primer byte ${Math.round(marksCsv.firstByteMs)} ms, total ${(marksCsv.totalMs / 1000).toFixed(1)} s, máximo ${marksCsvPeak} MB · VmHWM ${Math.round(hwm)} MB`,
    );
    const ceiling = (figure: string, value: number): BenchRow => measured({ figure: `${figure} (${who})`, value, unit: 'MB', target: `< ${RSS_TARGET_MB} MB`, pass: value < RSS_TARGET_MB });
    const firstByte = (figure: string, value: number): BenchRow =>
      measured({ figure: `${figure} (${who})`, value: Math.round(value), unit: 'ms', target: `< ${FIRST_BYTE_TARGET_MS} ms`, pass: value < FIRST_BYTE_TARGET_MS });
    return [
      measured({ figure: `RSS del servidor en reposo (${who})`, value: idle, unit: 'MB', target: 'referencia', pass: true }),
      ceiling('RSS máximo del servidor al evaluar y guardar el mes en su primera lectura', evaluationPeak),
      ceiling('RSS máximo del servidor al leer el mes', readsPeak),
      ceiling('RSS máximo del servidor al leer las remuneraciones del mes', payrollPeak),
      measured({ figure: `Resumen del mes, p50 (${who})`, value: p(reads, 50), unit: 'ms', target: WORKERS > 1000 ? '< 3000 ms' : '< 300 ms', pass: p(reads, 50) < (WORKERS > 1000 ? 3000 : 300) }),
      firstByte('Excel del reporte de asistencia del mes: primer byte', attendanceExcel.firstByteMs),
      ceiling('RSS máximo del servidor durante el Excel del reporte de asistencia', attendanceExcelPeak),
      firstByte('Excel del reporte de marcas del mes: primer byte', marksExcel.firstByteMs),
      ceiling('RSS máximo del servidor durante el Excel del reporte de marcas', marksExcelPeak),
      firstByte('CSV del reporte de marcas del mes: primer byte', marksCsv.firstByteMs),
      ceiling('RSS máximo del servidor durante el CSV del reporte de marcas', marksCsvPeak),
      ceiling('RSS máximo del servidor en toda la corrida (VmHWM)', Math.round(hwm)),
    ];
  } finally {
    sampler.stop();
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  await buildApi();
  const serverUrl = process.env.DATABASE_URL;
  const rows: BenchRow[] = [];
  const built = Date.now();
  if (serverUrl) {
    // Built once in a template database; each server gets its own copy (nothing evaluated yet).
    const template = await postgresDatabase(serverUrl);
    try {
      await template.migrate();
      const company = await buildCompany(template, { workers: WORKERS, from: '2026-10-01', to: '2026-10-31' });
      console.log(`PostgreSQL: empresa de ${company.workers} trabajadores y ${company.marks} marcas en ${((Date.now() - built) / 1000).toFixed(0)} s`);
      const templateName = new URL(template.url).pathname.slice(1);
      await template.disconnect();
      for (const kind of SERVERS) {
        const name = `${templateName}_${kind}`;
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName} OWNER ${APP_ROLE}`);
        try {
          rows.push(...(await measureServer(kind, { DATABASE_URL: databaseUrl(serverUrl, name, APP_ROLE) }, company, 'PostgreSQL')));
        } finally {
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await admin.end();
        }
      }
    } finally {
      await template.close();
    }
  } else {
    const kept = process.env.BENCH_PGLITE_TEMPLATE;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-bench-'));
    const template = kept ?? path.join(dir, 'plantilla');
    const companyFile = path.join(template, 'empresa.json');
    try {
      let company: ScaleCompany;
      if (existsSync(companyFile)) {
        company = JSON.parse(readFileSync(companyFile, 'utf8')) as ScaleCompany;
        if (company.workers !== WORKERS) throw new Error(`${template} tiene ${company.workers} trabajadores, no ${WORKERS}`);
        console.log(`PGlite: empresa de ${company.workers} trabajadores y ${company.marks} marcas, ya construida en ${template}`);
      } else {
        const database = await openDatabase({ kind: 'pglite', dir: path.join(template, 'pglite') });
        await database.migrate();
        company = await buildScaleCompany(database.db, { workers: WORKERS, from: '2026-10-01', to: '2026-10-31' });
        await analyzeTables(database.db);
        await database.close();
        writeFileSync(companyFile, JSON.stringify(company));
        console.log(`PGlite: empresa de ${company.workers} trabajadores y ${company.marks} marcas en ${((Date.now() - built) / 1000).toFixed(0)} s`);
      }
      for (const kind of SERVERS) {
        const dataDir = path.join(dir, kind);
        cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
        rows.push(...(await measureServer(kind, { DATA_DIR: dataDir }, company, 'PGlite')));
        rmSync(dataDir, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  printRows(rows);
}

await main();
