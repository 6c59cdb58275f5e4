/**
 * Management reports benchmark (target: the monthly attendance report for 1,000 workers in under
 * 300 ms): a scale company of 1,000 workers with October 2026 planned and marked
 * (apps/api/src/demo/scale.ts), read through the app (app.inject) as its administrator:
 * - `GET /api/v1/reportes/asistencia` for the month the first time (every worker's month evaluated by
 *   the engine and stored), then steady state: the first page of 50 in the default order and sorted by
 *   the month's hours worked (every worker's monthly total added up before the page is cut);
 * - the first page of each other report (atrasos, ausencias, permisos asignados, horas extra, dotación)
 *   for the same month, steady state.
 * - the attendance report's Excel export of the whole month over real HTTP: first byte, total, the
 *   process's peak RSS and its growth during the export.
 * p50 and p95 of BENCH_REPEATS (20) reads each, after one unmeasured read; the target applies to the attendance report's p50.
 * `BENCH_WORKERS=10000` for 10,000 workers (target 3 s).
 * Runs on PostgreSQL when DATABASE_URL is set (a temporary database owned by the app's role, so
 * row-level security applies), otherwise on PGlite in memory.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/management-reports.ts
 */
import type { AddressInfo } from 'node:net';
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';
import { adminReader, benchApp, benchDatabase, buildCompany, exportOnce, p } from './_setup';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 1000);
/** 300 ms for the month of 1,000 workers; 3 s for 10,000. */
const TARGET_MS = WORKERS > 1000 ? 3000 : 300;
const FIRST_BYTE_TARGET_MS = 1000;
const RSS_TARGET_MB = 300;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const NOW = new Date('2026-11-03T15:00:00Z');
const MONTH = 'desde=2026-10-01&hasta=2026-10-31&pageSize=50';
const OTHERS = [
  ['atrasos', 'Atrasos'],
  ['ausencias', 'Ausencias'],
  ['permisos-asignados', 'Permisos asignados'],
  ['horas-extra', 'Horas extra'],
  ['dotacion', 'Dotación'],
] as const;

async function main(): Promise<void> {
  console.log(machineLine());
  const { label, database } = await benchDatabase();
  try {
    const built = Date.now();
    const company = await buildCompany(database, { workers: WORKERS, from: '2026-10-01', to: '2026-10-31' });
    console.log(`${label}: empresa de ${company.workers} trabajadores, ${company.plannedDays} días planificados y ${company.marks} marcas en ${((Date.now() - built) / 1000).toFixed(0)} s`);
    const app = await benchApp(database, { clock: () => NOW });
    try {
      const reader = await adminReader(app, company.admin, REPEATS);
      const { time } = reader;
      // One unmeasured read before each series: the first after another report pays for its plans and cold pages.
      const series = async (url: string) => {
        await time(url);
        return reader.series(url);
      };
      const attendanceUrl = `/api/v1/reportes/asistencia?${MONTH}`;
      const cold = await time(attendanceUrl);
      const health = await series('/api/health');
      const attendance = await series(attendanceUrl);
      const byWorked = await series(`${attendanceUrl}&orden=trabajado&direccion=desc`);
      const rows: BenchRow[] = [
        measured({ figure: `Reporte de asistencia del mes, ${WORKERS} trabajadores, primera página, p50 (${label})`, value: p(attendance, 50), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(attendance, 50) < TARGET_MS, vsHealth: relativeToHealth(p(attendance, 50), p(health, 50)) }),
        measured({ figure: `Reporte de asistencia del mes ordenado por horas trabajadas, ${WORKERS} trabajadores, p50 (${label})`, value: p(byWorked, 50), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(byWorked, 50) < TARGET_MS, vsHealth: relativeToHealth(p(byWorked, 50), p(health, 50)) }),
        measured({ figure: `Reporte de asistencia, primera lectura: evalúa el mes de ${WORKERS} trabajadores (${label})`, value: Math.round(cold), unit: 'ms', target: 'referencia', pass: true }),
      ];
      const lines = [`asistencia p50 ${p(attendance, 50)} ms, p95 ${p(attendance, 95)} ms`, `asistencia por horas trabajadas p50 ${p(byWorked, 50)} ms, p95 ${p(byWorked, 95)} ms`];
      for (const [reporte, titulo] of OTHERS) {
        const times = await series(`/api/v1/reportes/${reporte}?${MONTH}`);
        lines.push(`${reporte} p50 ${p(times, 50)} ms, p95 ${p(times, 95)} ms`);
        rows.push(measured({ figure: `Reporte de ${titulo.toLowerCase()} del mes, ${WORKERS} trabajadores, primera página, p50 (${label})`, value: p(times, 50), unit: 'ms', target: 'referencia', pass: true, vsHealth: relativeToHealth(p(times, 50), p(health, 50)) }));
      }
      // The month's Excel over real HTTP, as the browser downloads it.
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const excel = await exportOnce(`${base}/api/v1/reportes/asistencia/exportar?formato=xlsx&desde=2026-10-01&hasta=2026-10-31`, reader.headers);
      const what = `Reporte de asistencia, Excel del mes de ${WORKERS} trabajadores (${(excel.bytes / 1024 ** 2).toFixed(1)} MB, ${label})`;
      rows.push(
        measured({ figure: `${what}: primer byte`, value: Math.round(excel.firstByteMs), unit: 'ms', target: `< ${FIRST_BYTE_TARGET_MS} ms`, pass: excel.firstByteMs < FIRST_BYTE_TARGET_MS }),
        measured({ figure: `${what}: total`, value: Math.round(excel.totalMs), unit: 'ms', target: 'referencia', pass: true }),
        measured({ figure: `${what}: RSS máximo del proceso (${database.url ? 'servidor y cliente; la empresa se construyó en otro proceso' : 'con PGlite y la empresa en memoria'})`, value: Math.round(excel.peakMb), unit: 'MB', target: `< ${RSS_TARGET_MB} MB`, pass: excel.peakMb < RSS_TARGET_MB }),
        measured({ figure: `${what}: crecimiento del RSS durante la exportación`, value: Math.round(excel.growthMb), unit: 'MB', target: 'referencia', pass: true }),
      );
      lines.push(`Excel del mes ${(excel.bytes / 1024 ** 2).toFixed(1)} MB: primer byte ${Math.round(excel.firstByteMs)} ms, total ${Math.round(excel.totalMs)} ms, RSS ${Math.round(excel.peakMb)} MB (+${Math.round(excel.growthMb)} MB)`);
      console.log(`${label}: ${WORKERS} trabajadores, primera lectura ${cold.toFixed(0)} ms; luego ${lines.join(' · ')} · health p50 ${p(health, 50)} ms`);
      printRows(rows);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

await main();
