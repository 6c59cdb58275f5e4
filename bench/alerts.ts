/**
 * Alerts scan benchmark: the pass every API process makes once a minute (modules/alerts `scan`) over a
 * scale company of 1,000 workers with October 2026 planned and marked (apps/api/src/demo/scale.ts):
 * the first pass (brings two weeks of stored days up to date and records the alerts due) and then the
 * steady state (nothing new: plans, marks and keys read, nothing queued). The target is a pass well under
 * the minute between passes.
 * Runs on PostgreSQL when DATABASE_URL is set, otherwise on PGlite in memory.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/alerts.ts
 */
import { buildScaleCompany } from '../apps/api/src/demo/scale';
import { machineLine, measured, printRows } from './_report';
import { benchApp, benchDatabase } from './_setup';
// The decoration `app.alerts` is declared by its module (a module augmentation of Fastify's types), reached through its door.
import type {} from '../apps/api/src/modules/alerts/index';

const WORKERS = 1000;
const TARGET_MS = 5_000;
const REPEATS = 10;
/** Tuesday 2026-10-27, 09:30 in Santiago (UTC-3): the 09:00 entradas are due. */
const NOW = new Date('2026-10-27T12:30:00Z');

async function main(): Promise<void> {
  console.log(machineLine());
  const { label, database } = await benchDatabase();
  try {
    const company = await buildScaleCompany(database.db, { workers: WORKERS, from: '2026-10-01', to: '2026-10-31' });
    const app = await benchApp(database, { clock: () => NOW, mailer: { send: async () => undefined } });
    try {
      let started = performance.now();
      const queued = await app.alerts.scan(NOW);
      const first = performance.now() - started;
      const steady: number[] = [];
      for (let i = 0; i < REPEATS; i++) {
        started = performance.now();
        const again = await app.alerts.scan(NOW);
        steady.push(performance.now() - started);
        if (again !== 0) throw new Error(`una segunda pasada encoló ${again} alertas`);
      }
      steady.sort((a, b) => a - b);
      const p95 = Math.round(steady[Math.ceil(0.95 * steady.length) - 1]!);
      console.log(`${label}: ${company.workers} trabajadores; primera pasada ${first.toFixed(0)} ms (${queued} alertas encoladas); luego p50 ${Math.round(steady[Math.floor(steady.length / 2)]!)} ms, p95 ${p95} ms`);
      printRows([
        measured({ figure: `Revisión de alertas, ${WORKERS} trabajadores, p95 (${label})`, value: p95, unit: 'ms', target: `< ${TARGET_MS} ms`, pass: p95 < TARGET_MS }),
        measured({ figure: `Revisión de alertas, primera pasada: actualiza 2 semanas de ${WORKERS} trabajadores (${label})`, value: Math.round(first), unit: 'ms', target: 'referencia', pass: true }),
      ]);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

await main();
