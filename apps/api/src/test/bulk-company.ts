/**
 * A company as large as the bulk routes allow, for the tests that measure them at their documented
 * maximum (50,000 rows a file): 2,000 workers with every day of December 1–25, 2026 already planned
 * (so a preview also reads and compares 50,000 stored days), and the files to upload.
 */
import { formatRut } from '@jornada/domain';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app';
import { uniqueRut } from './factories';
import { whileProbingHealth, whileTimingEventLoop } from './health-probe';
import { addGroup, addWorkers, companyWithAdmin, createShift, type TestCompany } from './fixtures/planning';

export const BULK_ROWS = 50_000;
export const BULK_WORKERS = 2_000;
/** Days per worker in the planning file (and ranges per worker in the planner's). */
const DAYS = BULK_ROWS / BULK_WORKERS;
export const BULK_FROM = '2026-12-01';

export interface BulkCompany extends TestCompany {
  workerIds: string[];
  workerRuts: string[];
  /** The MAN shift (07:00–15:00), which every stored day has. */
  shiftId: string;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('-');

/** Set the test clock before (November 2026): the planned days must be in the future. */
export async function bulkCompany(t: TestApp): Promise<BulkCompany> {
  const c = await companyWithAdmin(t.app);
  const group = await addGroup(t.database.db, c.companyId, 'Sala de ventas');
  const workers = await addWorkers(t.database.db, c.companyId, BULK_WORKERS, { groupId: group });
  const shiftId = (await createShift(t.app, c.headers, { codigo: 'MAN', inicio: '07:00', fin: '15:00', colacion: { tipo: 'minutos', minutos: 30 } })).id;
  await createShift(t.app, c.headers, { codigo: 'TAR', inicio: '15:00', fin: '23:00', colacion: { tipo: 'minutos', minutos: 30 } });
  const workerIds = workers.map((w) => w.id);
  await t.database.db.execute(sql`
    insert into planning_days (company_id, user_id, date, kind, shift_id, shift_version, first_planned_at, assigned_at, origin)
    select ${c.companyId}::uuid, u.id, d::date, 'turno', ${shiftId}::uuid, 1, now(), now(), 'manual'
    from unnest(${sql.param(workerIds)}::uuid[]) as u(id)
    cross join generate_series(${BULK_FROM}::date, ${addDays(BULK_FROM, DAYS - 1)}::date, '1 day') as d`);
  await t.database.db.execute(sql`analyze planning_days`);
  return { ...c, workerIds, workerRuts: workers.map((w) => w.rut), shiftId };
}

/** The company's 2,000 workers with a new name (updates), then 48,000 new users. */
export function usersCsv(c: BulkCompany): string {
  const lines = ['RUT;Nombre;Apellidos;Correo;Horas semanales;Inicio contrato'];
  for (let i = 0; i < BULK_ROWS; i++) {
    const rut = c.workerRuts[i] ?? uniqueRut(30_000_000, 39_999_999);
    lines.push(`${formatRut(rut)};Persona ${i};Carga Masiva;persona${i}@ejemplo.cl;42;01-03-2024`);
  }
  return lines.join('\n');
}

/** 50,000 new shifts. */
export function shiftsCsv(): string {
  const lines = ['Código;Nombre;Inicio;Fin;Colación minutos'];
  for (let i = 0; i < BULK_ROWS; i++) lines.push(`T${String(i).padStart(5, '0')};Turno ${i};08:00;17:00;60`);
  return lines.join('\n');
}

/** Each worker × 25 days, a week of MAN, TAR and rest days that changes most stored days. */
export function planningCsv(c: BulkCompany): string {
  const lines = ['RUT;Fecha;Turno'];
  c.workerRuts.forEach((rut, w) => {
    for (let d = 0; d < DAYS; d++) lines.push(`${formatRut(rut)};${ddmmyyyy(addDays(BULK_FROM, d))};${(w + d) % 7 >= 5 ? 'libre' : (w + d) % 2 ? 'MAN' : 'TAR'}`);
  });
  return lines.join('\n');
}

/** Each worker × 25 ranges of 7 days with a 4x4 rotation of MAN (350,000 days). */
export function plannerCsv(c: BulkCompany): string {
  const lines = ['RUT;Patrón;Fecha inicio;Fecha fin;Turno'];
  for (const rut of c.workerRuts) {
    for (let r = 0; r < DAYS; r++) {
      const from = addDays(BULK_FROM, r * 7);
      lines.push(`${formatRut(rut)};4x4;${ddmmyyyy(from)};${ddmmyyyy(addDays(from, 6))};MAN`);
    }
  }
  return lines.join('\n');
}

export interface Answer {
  status: number;
  bytes: number;
  /** The first characters, for a failure's message. */
  head: string;
  elapsedMs: number;
}

export type Send = () => Promise<Answer>;

/**
 * The answer read a piece at a time: the client runs in the server's process, and turning 17 MB into
 * one string would hold the event loop itself.
 */
async function answer(response: Response, started: number): Promise<Answer> {
  let bytes = 0;
  let head = '';
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes < 2_000) head += Buffer.from(piece.subarray(0, 2_000)).toString('utf8');
    bytes += piece.length;
  }
  return { status: response.status, bytes, head, elapsedMs: performance.now() - started };
}

/** A multipart upload to `base + url` (a listening server), its body built now: building it is the test's work, not the server's. */
export function postFile(base: string, url: string, headers: Record<string, string>, csv: string): Send {
  const boundary = `----jornada${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="carga.csv"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return async () => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { method: 'POST', body: payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    return answer(response, started);
  };
}

export function postJson(base: string, url: string, headers: Record<string, string>, body: unknown): Send {
  const text = JSON.stringify(body);
  return async () => {
    const started = performance.now();
    const response = await fetch(`${base}${url}`, { method: 'POST', body: text, headers: { ...headers, 'content-type': 'application/json' } });
    return answer(response, started);
  };
}

/**
 * Runs `send` (a preview) noting the longest the event loop was held (wall clock, and by this process's
 * own work: test/health-probe.ts) and the slowest /api/health asked every 20 ms meanwhile.
 */
export async function measuredPreview(base: string, name: string, send: Send, figures: string[]): Promise<{ result: Answer; maxStallMs: number; maxHeldMs: number; healthMaxMs: number }> {
  const { result: probed, maxStallMs, maxHeldMs } = await whileTimingEventLoop(() => whileProbingHealth(base, send));
  const { result, healthMaxMs, probes } = probed;
  figures.push(
    `  ${name}: ${result.status} en ${result.elapsedMs.toFixed(0)} ms (${(result.bytes / 1e6).toFixed(1)} MB); bucle de eventos detenido como máximo ${maxStallMs.toFixed(0)} ms (${maxHeldMs.toFixed(0)} ms de trabajo del proceso); /api/health máx. ${healthMaxMs.toFixed(0)} ms (${probes} sondeos)`,
  );
  return { result, maxStallMs, maxHeldMs, healthMaxMs };
}
