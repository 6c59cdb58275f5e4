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
 * (`BENCH_WORKERS=10000` for the 10,000 workers; `BENCH_REPEATS` reads per series).
 */
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';
import { adminReader, benchApp, benchDatabase, buildCompany, p } from './_setup';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 1000);
/** The issue asks remunerations for 10,000 workers in under 5 s: 0.5 ms per worker. */
const TARGET_MS = WORKERS / 2;
const REPEATS = Number(process.env.BENCH_REPEATS ?? 20);
const NOW = new Date('2026-11-03T15:00:00Z');

async function main(): Promise<void> {
  console.log(machineLine());
  const { label, database } = await benchDatabase();
  try {
    const built = Date.now();
    const company = await buildCompany(database, { workers: WORKERS, from: '2026-09-28', to: '2026-11-01' });
    console.log(`${label}: empresa de ${company.workers} trabajadores, ${company.plannedDays} días planificados y ${company.marks} marcas en ${((Date.now() - built) / 1000).toFixed(0)} s`);
    const app = await benchApp(database, { clock: () => NOW });
    try {
      const { time, series } = await adminReader(app, company.admin, REPEATS);
      const monthUrl = '/api/v1/remuneraciones/202610?pageSize=50';
      const cold = await time(monthUrl);
      const health = await series('/api/health');
      const month = await series(monthUrl);
      const csv = await series('/api/v1/remuneraciones/202610/exportar?formato=csv');
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
