/**
 * Web marking benchmark (design.md: PostgreSQL, 100 concurrent workers, >= 2,000 marks/s, p99 < 100 ms,
 * none lost). The app runs in this process against a fresh PostgreSQL database; 100 workers of one company
 * mark through real HTTP from a worker thread (apps/api/src/test/marking-load.ts), each with its own session,
 * alternating entrada and salida, retrying with the same idempotency key as the web client does.
 * Afterwards every acknowledged `idCliente` is looked up: lost = acknowledged but not stored,
 * duplicated = stored more than once; every worker's hash chain is verified. `GET /api/health` runs
 * in the same session with the same 100 connections: the ratio is the figure to compare across machines.
 * The receipt e-mails queue during the run (the job loop is paused, as a separate worker process would
 * take them in production) and are drained afterwards to report that rate too.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/web-marking.ts
 *
 * As a check (CI): `BENCH_MARKS_HEALTH_FLOOR=0.04` makes the run fail (exit 1) when marks/health falls
 * under that fraction, or when any acknowledged mark is lost, duplicated or breaks a chain;
 * `BENCH_SKIP_RECEIPTS=1` leaves the receipts queued instead of draining them (about 25 s).
 * `BENCH_PROFILE=<file.cpuprofile>` writes a CPU profile of the server's thread during the measured marking.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import inspector from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { markingCompany, markingWorker } from '../apps/api/src/test/fixtures/marks';
import { createTestDatabase, MemoryMailer } from '../apps/api/src/test/app';
import { machineLine, measured, printRows, relativeToHealth, type BenchRow } from './_report';
import { runMarkingLoad as runLoad } from './_setup';

interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: object) => Promise<AutocannonResult>;

const WORKERS = Number(process.env.BENCH_WORKERS ?? 100);
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const TARGET = { marksPerSecond: 2000, p99Ms: 100 };
const FLOOR = process.env.BENCH_MARKS_HEALTH_FLOOR ? Number(process.env.BENCH_MARKS_HEALTH_FLOOR) : null;
const SKIP_RECEIPTS = process.env.BENCH_SKIP_RECEIPTS === '1';
const PROFILE = process.env.BENCH_PROFILE;
let failed: string | null = null;

/**
 * CPU time (user + system) of this process's main thread, which runs the server (the load comes from a
 * worker thread), from Linux's per-thread counters; null elsewhere.
 */
function serverThreadCpuMs(): number | null {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** A CPU profile of this process's main thread (the server) over the measured marking only (`BENCH_PROFILE=<file.cpuprofile>`). */
async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`Perfil de CPU del servidor durante el marcaje: ${file}`);
    },
  };
}

if (!process.env.DATABASE_URL) {
  console.log('Marcaje web: se mide en PostgreSQL (la meta de design.md). Define DATABASE_URL, p. ej. postgres://postgres@127.0.0.1:5432/postgres');
  console.log(`BENCH ${JSON.stringify({ figure: 'Marcaje web PostgreSQL (sin DATABASE_URL)', value: 'omitido', unit: '', target: '>= 2000 marcas/s', pass: true })}`);
  process.exit(0);
}

/** Ends the run after the marking figures, leaving the receipts queued (`BENCH_SKIP_RECEIPTS`). */
class SkipReceipts extends Error {}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// As in production: the app connects as the ordinary role jornada_app (row-level security applies);
// the counts below read as the server's superuser.
const database = await createTestDatabase();
const mailer = new MemoryMailer();
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST: path.join(os.tmpdir(), 'jornada-sin-web'), DATA_DIR: os.tmpdir() });
const app = await buildApp({ db: database.appDatabase.db, config, mailer, startJobs: false });
const count = async (query: SQL) => ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const rows: BenchRow[] = [];

try {
  console.log(machineLine());
  const company = await markingCompany(app, database.db);
  const tokens: string[] = [];
  for (let i = 0; i < WORKERS; i += 1) tokens.push((await markingWorker(app, database.db, company)).token);

  // Warm-up: JIT, the connection pool, PostgreSQL's caches.
  await runLoad({ base, tokens, durationMs: 2000 });
  await autocannon({ url: `${base}/api/health`, connections: WORKERS, duration: 2, workers: 1 });

  const health = await autocannon({ url: `${base}/api/health`, connections: WORKERS, duration: DURATION_MS / 1000, workers: 1 });
  const before = Number((await count(sql`select count(*) as n from marks`))[0]!.n);
  const profiler = PROFILE ? await startProfile() : null;
  const cpuBefore = serverThreadCpuMs();
  const load = await runLoad({ base, tokens, durationMs: DURATION_MS });
  const cpuAfter = serverThreadCpuMs();
  if (profiler) await profiler.stop(PROFILE!);

  const latencies = load.latencies.sort((a, b) => a - b);
  const rate = load.acked.length / (load.elapsedMs / 1000);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);

  // Count: every acknowledged key stored exactly once, nothing stored that was not acknowledged twice.
  const stored = Number((await count(sql`select count(*) as n from marks`))[0]!.n) - before;
  const found = await count(sql`select client_id, count(*) as n from marks where client_id = any(${sql.param(load.acked)}::text[]) group by client_id`);
  const storedOnce = found.filter((row) => Number(row.n) === 1).length;
  const duplicated = found.filter((row) => Number(row.n) > 1).length;
  const lost = new Set(load.acked).size - found.length;
  const chain = await app.inject({ method: 'GET', url: '/api/v1/marcas/cadena', headers: company.admin.headers });
  const broken = (chain.json() as { rupturas: unknown[] }).rupturas.length;

  console.log(
    `PostgreSQL, ${WORKERS} trabajadores: ${Math.round(rate)} marcas/s (p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms) · health ${Math.round(health.requests.average)}/s (p99 ${health.latency.p99} ms) · marcas/health ${((rate / health.requests.average) * 100).toFixed(0)} %`,
  );
  console.log(
    `Conteo: ${load.acked.length} confirmadas, ${stored} guardadas en la corrida, ${storedOnce} una sola vez, ${duplicated} duplicadas, ${lost} perdidas, ${load.retries} reintentos, ${load.replays} respuestas de reintento; cadena: ${broken} rupturas; estados ${JSON.stringify(load.statuses)}`,
  );

  if (cpuBefore !== null && cpuAfter !== null && load.acked.length > 0) {
    console.log(`CPU del hilo del servidor por marca: ${((cpuAfter - cpuBefore) / load.acked.length).toFixed(2)} ms (menos sensible a la carga que marcas/s)`);
  }
  const ratio = rate / health.requests.average;
  if (lost + duplicated + broken > 0 || stored !== storedOnce) failed = 'se perdieron, duplicaron o encadenaron mal marcas confirmadas';
  else if (FLOOR !== null && ratio < FLOOR) {
    failed = `marcas/health ${(ratio * 100).toFixed(1)} % está bajo el piso de ${(FLOOR * 100).toFixed(1)} % (docs/performance.md, «El aviso de la marca»)`;
  }

  rows.push(
    measured({
      figure: `Marcaje web PostgreSQL: marcas por segundo, ${WORKERS} trabajadores`,
      value: Math.round(rate),
      unit: 'marcas/s',
      target: `>= ${TARGET.marksPerSecond}`,
      pass: rate >= TARGET.marksPerSecond,
      vsHealth: relativeToHealth(rate, health.requests.average),
    }),
    measured({ figure: 'Marcaje web PostgreSQL: p99', value: Number(p99.toFixed(1)), unit: 'ms', target: `< ${TARGET.p99Ms} ms`, pass: p99 < TARGET.p99Ms, vsHealth: relativeToHealth(p99, health.latency.p99) }),
    measured({ figure: 'Marcaje web: perdidas + duplicadas + rupturas de cadena', value: lost + duplicated + broken + Math.max(0, stored - storedOnce), unit: '', target: '0', pass: lost + duplicated + broken === 0 && stored === storedOnce }),
  );
  if (SKIP_RECEIPTS) throw new SkipReceipts();

  // The receipts queued during the run, drained now by this process's job loop.
  const queued = Number((await count(sql`select count(*) as n from jobs where done_at is null`))[0]!.n);
  const drainStart = performance.now();
  await app.jobs.drain();
  const drainS = (performance.now() - drainStart) / 1000;
  console.log(`Comprobantes: ${queued} en cola, enviados ${mailer.sent.length} en ${drainS.toFixed(1)} s (${Math.round(mailer.sent.length / drainS)}/s)`);

  rows.push(
    measured({ figure: 'Comprobantes enviados por segundo (cola, después)', value: Math.round(mailer.sent.length / drainS), unit: '/s', target: 'referencia', pass: mailer.sent.length >= queued }),
  );
} catch (error) {
  if (!(error instanceof SkipReceipts)) throw error;
} finally {
  await app.close();
  await database.close();
}
printRows(rows);
if (failed) {
  console.error(`Marcaje web: ${failed}.`);
  process.exit(1);
}
