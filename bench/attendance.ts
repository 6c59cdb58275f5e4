/**
 * Attendance reads benchmark: a scale company of 1,000 workers with October 2026 planned and marked
 * (apps/api/src/demo/scale.ts), read through the app (app.inject, so routing, perfil checks, zod
 * validation and serialisation count) as its administrator:
 * - `GET /api/v1/asistencia/dia` for one day, the first time (the week of 1,000 workers evaluated by
 *   the engine and stored) and then steady state (stored days: a query and the board's assembly);
 * - `GET /api/v1/asistencia/resumen` for the month, first page of 50, steady state (the whole
 *   filter's totals from stored rows).
 * - the process's RSS while the month is read (peak and growth over the RSS before the reads);
 * - the re-evaluation after a mark: one worker's day marked stale (what a new mark's trigger does) and
 *   the recompute job's work (`recomputeStale`, run as the job loop runs it) timed, once per worker for
 *   100 workers; then again for 100
 *   other workers while 100 workers of another company mark through real HTTP (the web-marking
 *   benchmark's load, from a worker thread).
 * Runs on PostgreSQL when DATABASE_URL is set (a temporary database owned by the app's role, so
 * row-level security applies), otherwise on PGlite in memory.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/attendance.ts
 * (`BENCH_WORKERS=10000` for the 10,000 workers: month read under 3 s and 300 MB).
 */
import { sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { runAsCompany, runAsSystem, runInBackground } from '../apps/api/src/db/tenant-context';
import { markingCompany, markingWorker } from '../apps/api/src/test/fixtures/marks';
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';
import { adminReader, benchApp, benchDatabase, buildCompany, p, runMarkingLoad } from './_setup';
// The decoration `app.attendance` is declared by its module (a module augmentation of Fastify's types), reached through its door.
import type {} from '../apps/api/src/modules/attendance/index';

const WORKERS = Number(process.env.BENCH_WORKERS ?? 1000);
/** 300 ms for a month of 1,000 workers; 3 s for 10,000 (the targets). */
const TARGET_MS = WORKERS > 1000 ? 3000 : 300;
const RSS_TARGET_MB = 300;
const REEVAL_TARGET_MS = 50;
const REEVALS = 100;
const MARKING_WORKERS = 100;
const REPEATS = Number(process.env.BENCH_REPEATS ?? (WORKERS > 1000 ? 10 : 30));
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const NOW = new Date('2026-11-03T15:00:00Z');

async function main(): Promise<void> {
  console.log(machineLine());
  const { label, database } = await benchDatabase();
  try {
    const built = Date.now();
    const company = await buildCompany(database, { workers: WORKERS, from: '2026-10-01', to: '2026-10-31' });
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
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
      const month = await series(monthUrl);
      clearInterval(sampler);

      // The re-evaluation after a mark: the day goes stale as a mark's trigger leaves it, the job evaluates its week again.
      const ids = await runAsSystem(() =>
        database.db.execute(sql`select id from users where company_id = ${company.companyId} and perfil = 'trabajador' order by rut limit ${2 * REEVALS}`),
      );
      const workerIds = (ids as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
      const reevaluate = async (id: string): Promise<number> => {
        await runAsSystem(() => app.attendance.invalidate(database.db, company.companyId, [id], '2026-10-27', '2026-10-27'));
        const started = performance.now();
        // As the job loop runs it (lib/jobs.ts): background work, in the company's scope.
        await runInBackground(() => runAsCompany(company.companyId, () => app.attendance.recomputeStale(company.companyId, NOW)));
        return performance.now() - started;
      };
      const reevals: number[] = [];
      for (const id of workerIds.slice(0, REEVALS)) reevals.push(await reevaluate(id));
      reevals.sort((a, b) => a - b);

      // The same while web marking runs: 100 workers of another company mark through HTTP.
      const marking = await runAsSystem(() => markingCompany(app, database.db));
      const tokens: string[] = [];
      for (let i = 0; i < MARKING_WORKERS; i++) tokens.push((await runAsSystem(() => markingWorker(app, database.db, marking))).token);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const loading = runMarkingLoad({ base, tokens, durationMs: 20_000 });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const loaded: number[] = [];
      for (const id of workerIds.slice(REEVALS)) loaded.push(await reevaluate(id));
      const load = await loading;
      loaded.sort((a, b) => a - b);
      const marksPerSecond = Math.round(load.acked.length / (load.elapsedMs / 1000));
      console.log(
        `${label}: día de ${WORKERS} trabajadores, primera lectura (evalúa y guarda la semana) ${cold.toFixed(0)} ms; luego p50 ${p(day, 50)} ms, p95 ${p(day, 95)} ms · ` +
          `resumen del mes: primera ${monthCold.toFixed(0)} ms, luego p50 ${p(month, 50)} ms, p95 ${p(month, 95)} ms, RSS ${mb(rssBefore)} → ${mb(rssPeak)} MB · ` +
          `reevaluación tras una marca p50 ${p(reevals, 50)} ms, p99 ${p(reevals, 99)} ms; con marcaje web a ${marksPerSecond} marcas/s, p50 ${p(loaded, 50)} ms, p99 ${p(loaded, 99)} ms · ` +
          `health p50 ${p(health, 50)} ms`,
      );
      const rows: BenchRow[] = [
        measured({ figure: `Asistencia del día, ${WORKERS} trabajadores, p95 (${label})`, value: p(day, 95), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(day, 95) < TARGET_MS, vsHealth: relativeToHealth(p(day, 95), p(health, 95)) }),
        measured({ figure: `Asistencia del día, primera lectura: evalúa ${WORKERS} trabajadores (${label})`, value: Math.round(cold), unit: 'ms', target: 'referencia', pass: true }),
        measured({ figure: `Resumen del mes, ${WORKERS} trabajadores, p95 (${label})`, value: p(month, 95), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p(month, 95) < TARGET_MS, vsHealth: relativeToHealth(p(month, 95), p(health, 95)) }),
        measured({ figure: `Resumen del mes, ${WORKERS} trabajadores: RSS máximo del proceso (${database.url ? 'servidor y lecturas; la empresa se construyó en otro proceso' : 'con PGlite y la empresa en memoria'})`, value: mb(rssPeak), unit: 'MB', target: `< ${RSS_TARGET_MB} MB`, pass: mb(rssPeak) < RSS_TARGET_MB }),
        measured({ figure: `Resumen del mes, ${WORKERS} trabajadores: crecimiento del RSS durante las lecturas`, value: mb(rssPeak - rssBefore), unit: 'MB', target: 'referencia', pass: true }),
        measured({ figure: `Reevaluación de la semana de un trabajador tras una marca, p99 (${label})`, value: p(reevals, 99), unit: 'ms', target: `< ${REEVAL_TARGET_MS} ms`, pass: p(reevals, 99) < REEVAL_TARGET_MS }),
        measured({
          figure: `Reevaluación tras una marca mientras ${MARKING_WORKERS} trabajadores marcan por la web (${marksPerSecond} marcas/s), p99 (${label})`,
          value: p(loaded, 99),
          unit: 'ms',
          target: `< ${REEVAL_TARGET_MS} ms`,
          pass: p(loaded, 99) < REEVAL_TARGET_MS,
        }),
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
