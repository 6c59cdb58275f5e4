/**
 * The automatic roster through the server as `npm start` runs it: a site of `BENCH_ROSTER_WORKERS` workers
 * (300 by default) in groups of 25, each group with its own job title and its own 3 to 5 shifts (shifts
 * limited to that job title), hourly demand by weekday for four weeks, asked for as one proposal of the
 * whole site. While the solver works (in a process of its own, the server's child), the resident memory
 * (VmRSS) of the server and of the solver's process is sampled every 100 ms and `/api/health` is timed every
 * 250 ms.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/roster-server.ts
 * (PostgreSQL only: a fresh database is created and dropped; the compiled server is built first).
 */
import { readFileSync } from 'node:fs';
import { addDays, isoWeekday } from '@jornada/domain';
import { buildApi } from '../scripts/api-build.mjs';
import { addGroup, addSite, addWorkers, companyWithAdmin, createShift } from '../apps/api/src/test/fixtures/planning';
import { machineLine } from './_report';
import { seeded } from './_roster-instances';
import { memoryOf, startServer } from './_server';
import { benchApp, percentile, postgresDatabase } from './_setup';

/** The live child processes of `pid` (the solver's process while it works). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('bench/roster-server.ts necesita PostgreSQL: DATABASE_URL=postgres://… npx tsx bench/roster-server.ts');
  process.exit(0);
}
const WORKERS = Number(process.env.BENCH_ROSTER_WORKERS ?? 300);
const PER_GROUP = 25;
const RSS_TARGET_MB = 300;
const HEALTH_TARGET_MS = 200;

const SHIFT_KINDS = [
  { inicio: '22:00', fin: '07:00', minutos: 60 },
  { inicio: '07:00', fin: '15:30', minutos: 30 },
  { inicio: '14:00', fin: '22:30', minutos: 30 },
  { inicio: '09:00', fin: '18:00', minutos: 60 },
  { inicio: '11:00', fin: '19:30', minutos: 30 },
];

/** The Monday after today (the server plans from today on), and four weeks from it. */
function period(): { desde: string; hasta: string } {
  let desde = addDays(new Date().toISOString().slice(0, 10), 1);
  while (isoWeekday(desde) !== 1) desde = addDays(desde, 1);
  return { desde, hasta: addDays(desde, 27) };
}

// As the server URL's own user: the fixtures write workers, sites and groups straight to the tables, without a tenant.
const database = await postgresDatabase(serverUrl, { asApp: false });
await database.migrate();
const rnd = seeded(11);
let headers: Record<string, string>;
let siteId: string;
{
  const app = await benchApp(database);
  await app.ready();
  const c = await companyWithAdmin(app);
  headers = c.headers;
  siteId = await addSite(database.db, c.companyId, 'Centro de distribución');
  const bandas: { diaSemana: number; inicio: string; fin: string; personas: number; turnoIds: string[] }[] = [];
  for (let g = 0; g * PER_GROUP < WORKERS; g++) {
    const cargo = `Cargo ${g + 1}`;
    const groupId = await addGroup(database.db, c.companyId, `Grupo ${g + 1}`);
    const count = 3 + Math.floor(rnd() * 3);
    const kinds = [SHIFT_KINDS[0]!, SHIFT_KINDS[1]!, SHIFT_KINDS[2]!, ...[SHIFT_KINDS[3]!, SHIFT_KINDS[4]!].filter(() => rnd() < 0.5)].slice(0, count);
    const ids: string[] = [];
    for (const [i, k] of kinds.entries()) {
      const shift = await createShift(app, headers, { codigo: `G${g + 1}T${i + 1}`, inicio: k.inicio, fin: k.fin, colacion: { tipo: 'minutos', minutos: k.minutos }, cargos: [cargo], sedeIds: [siteId] });
      ids.push(shift.id);
    }
    for (let i = 0; i < PER_GROUP && g * PER_GROUP + i < WORKERS; i++) {
      const partTime = rnd() < 0.15;
      const horasSemanales = partTime ? 20 + Math.floor(rnd() * 3) * 4 : rnd() < 0.5 ? 42 : 40;
      await addWorkers(database.db, c.companyId, 1, { siteId, groupId, cargo, horasSemanales, exceptuadoDescansoDominical: rnd() < 0.3 });
    }
    // Hourly demand 06:00–23:00 peaking at midday, one person at night, more on weekends.
    for (let dia = 1; dia <= 7; dia++) {
      const weekend = dia >= 6 ? 1.3 : 1;
      for (let h = 0; h < 24; h++) {
        const peak = Math.exp(-((h - 13) ** 2) / 18);
        const base = h < 6 || h >= 23 ? 1.5 : 2.5 + 4.5 * peak;
        const personas = Math.max(1, Math.round(base * weekend * (0.85 + 0.3 * rnd())));
        bandas.push({ diaSemana: dia, inicio: `${String(h).padStart(2, '0')}:00`, fin: `${String((h + 1) % 24).padStart(2, '0')}:00`, personas, turnoIds: ids });
      }
    }
  }
  const demand = await app.inject({ method: 'PUT', url: `/api/v1/sedes/${siteId}/demanda`, headers, payload: { bandas, excepciones: [] } });
  if (demand.statusCode !== 200) throw new Error(`demanda: ${demand.statusCode} ${demand.body.slice(0, 300)}`);
  await app.close();
  await database.disconnect();
}

await buildApi();
const server = await startServer('bundle', { DATABASE_URL: database.url });
const pid = server.child.pid!;
try {
  const get = async (url: string) => {
    const response = await fetch(`${server.base}${url}`, { headers });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  await get('/api/v1/turnos');
  const idle = memoryOf(pid).rss;
  const { desde, hasta } = period();
  const started = performance.now();
  const created = await fetch(`${server.base}/api/v1/propuestas-de-planificacion`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ sedeId: siteId, desde, hasta }),
  });
  if (created.status !== 202) throw new Error(`propuesta: ${created.status} ${await created.text()}`);
  const id = ((await created.json()) as { id: string }).id;
  let peak = idle;
  let solverPeak = 0;
  let bothPeak = idle;
  const sampler = setInterval(() => {
    const own = memoryOf(pid).rss;
    const solver = childrenOf(pid).reduce((sum, child) => sum + memoryOf(child).rss, 0);
    peak = Math.max(peak, own);
    solverPeak = Math.max(solverPeak, solver);
    bothPeak = Math.max(bothPeak, own + solver);
  }, 100);
  const health: number[] = [];
  let probing = true;
  const prober = (async () => {
    while (probing) {
      const t0 = performance.now();
      await fetch(`${server.base}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  let proposal: Record<string, unknown>;
  for (;;) {
    proposal = await get(`/api/v1/propuestas-de-planificacion/${id}`);
    if (proposal.estado === 'lista' || proposal.estado === 'fallida') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = (performance.now() - started) / 1000;
  probing = false;
  await prober;
  clearInterval(sampler);
  const hwm = memoryOf(pid).hwm;
  const r = (proposal.resultado ?? {}) as { solver?: string; brecha?: number | null; segundos?: number; faltas?: { faltan: number }[]; asignaciones?: { turnoId: string | null }[] };
  const sorted = [...health].sort((a, b) => a - b);
  const ms = (v: number) => `${Math.round(v)} ms`;
  console.log(machineLine());
  console.log(`Propuesta de ${WORKERS} trabajadores, ${desde} a ${hasta}: ${String(proposal.estado)} en ${seconds.toFixed(1)} s (solver ${r.solver ?? '—'} en ${r.segundos ?? '—'} s, brecha ${r.brecha === null || r.brecha === undefined ? '—' : `${(r.brecha * 100).toFixed(2)} %`})`);
  console.log(`Turnos asignados: ${(r.asignaciones ?? []).filter((a) => a.turnoId).length}; bandas con faltas: ${(r.faltas ?? []).length}`);
  console.log(`RSS del servidor: en reposo ${idle.toFixed(0)} MB, máximo durante el cálculo ${peak.toFixed(0)} MB (VmHWM ${hwm.toFixed(0)} MB; meta ≤ ${RSS_TARGET_MB} MB: ${peak <= RSS_TARGET_MB ? 'cumple' : 'no cumple'})`);
  console.log(`RSS del proceso del solver: máximo ${solverPeak.toFixed(0)} MB; servidor y solver juntos: máximo ${bothPeak.toFixed(0)} MB; al terminar quedan ${childrenOf(pid).length} procesos del solver`);
  console.log(`/api/health durante el cálculo (${sorted.length} lecturas): p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, máx. ${ms(sorted[sorted.length - 1] ?? 0)} (meta < ${HEALTH_TARGET_MS} ms: ${(sorted[sorted.length - 1] ?? 0) < HEALTH_TARGET_MS ? 'cumple' : 'no cumple'})`);
} finally {
  await server.stop();
  await database.close();
}
