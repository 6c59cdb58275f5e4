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
import { buildScaleCompany } from '../apps/api/src/demo/scale';
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';
import { adminReader, benchApp, benchDatabase, p } from './_setup';

const WORKERS = 1000;
const TARGET_MS = 300;
const REPEATS = 30;
const NOW = new Date('2026-11-03T15:00:00Z');

async function main(): Promise<void> {
  console.log(machineLine());
  const { label, database } = await benchDatabase();
  try {
    const built = Date.now();
    const company = await buildScaleCompany(database.db, { workers: WORKERS, from: '2026-10-01', to: '2026-10-31' });
    console.log(`${label}: empresa de ${company.workers} trabajadores, ${company.plannedDays} días planificados y ${company.marks} marcas en ${((Date.now() - built) / 1000).toFixed(0)} s`);
    const app = await benchApp(database, { clock: () => NOW });
    try {
      const { time, series } = await adminReader(app, company.admin, REPEATS);
      const dayUrl = '/api/v1/asistencia/dia?fecha=2026-10-27';
      const cold = await time(dayUrl);
      const health = await series('/api/health');
      const day = await series(dayUrl);
      const monthUrl = '/api/v1/asistencia/resumen?desde=2026-10-01&hasta=2026-10-31';
      const monthCold = await time(monthUrl);
      const month = await series(monthUrl);
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
