/**
 * Bulk planning upload benchmarks, through the API's route `POST /api/v1/cargas/planificacion` (app.inject
 * on the app as it is assembled, as the company's administrator: read, validate and commit all or nothing):
 * - 10,000 rows for 10,000 distinct workers (one day each) of the scale company (`buildScaleCompany`,
 *   the company `npm run demo -- --trabajadores 10000` builds): the cost that grows with workers;
 * - 10,000 rows for 500 workers × 20 days, and the same file again (nothing changes).
 * Runs on PGlite in memory and, when DATABASE_URL is set, on that PostgreSQL server in a temporary
 * database as the ordinary `jornada_app` role (dropped afterwards). A 300-row upload in another
 * company warms the JIT first; the figures are the steady state an API process sees. The companies are
 * the shared fixtures' (apps/api/src/demo/scale.ts, apps/api/src/test/fixtures/company.ts).
 * Run: npx tsx bench/planning-upload.ts   (DATABASE_URL=postgres://… for PostgreSQL too)
 */
import type { CargaPlanificacionResultado } from '@jornada/contracts';
import { formatRut } from '@jornada/domain';
import ExcelJS from 'exceljs';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { buildScaleCompany } from '../apps/api/src/demo/scale';
import { createTestDatabase } from '../apps/api/src/test/app';
import { staffedCompany, workerRuts } from '../apps/api/src/test/fixtures/company';
import { multipartFile } from '../apps/api/src/test/multipart';
import { machineLine, measured, printRows } from './_report';
import { adminReader, benchApp } from './_setup';

const ROWS = 10_000;
const DAYS = 20;
const TARGET_MS = 5000;
const NOW = new Date('2026-11-21T12:00:00Z');
const CODES = ['MAN', 'TAR', 'NOC', 'OFI', 'N12'] as const;
const SHIFTS = [
  { codigo: 'MAN', startTime: '07:00', endTime: '15:00' },
  { codigo: 'TAR', startTime: '15:00', endTime: '23:00' },
  { codigo: 'NOC', startTime: '23:00', endTime: '07:00' },
  { codigo: 'OFI', startTime: '09:00', endTime: '18:00' },
  { codigo: 'N12', startTime: '20:00', endTime: '08:00' },
];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type BenchApp = Awaited<ReturnType<typeof benchApp>>;

/** One sheet of `RUT | Fecha | Turno`: `days` consecutive dates from `first` for each RUT. */
async function planningFile(ruts: string[], days: number, first: Date, codes: readonly string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planificación');
  sheet.addRow(['RUT', 'Fecha', 'Turno']);
  ruts.forEach((rut, w) => {
    for (let d = 0; d < days; d++) {
      const code = days > 1 && (w + d) % 7 >= 5 ? 'libre' : codes[(w + d) % codes.length]!;
      sheet.addRow([formatRut(rut), new Date(first.getTime() + d * 86_400_000), code]);
    }
  });
  sheet.getColumn(2).numFmt = 'dd-mm-yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The administrator's headers: signed in through the API, as the web does. */
async function signIn(app: BenchApp, admin: { rut: string; password: string }): Promise<Record<string, string>> {
  return (await adminReader(app, admin, 1)).headers;
}

/** `POST /api/v1/cargas/planificacion` (commit) through `app.inject`, timed from the request to the whole answer. */
async function upload(app: BenchApp, headers: Record<string, string>, filename: string, buffer: Buffer) {
  const body = multipartFile(buffer, { filename, contentType: XLSX });
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url: '/api/v1/cargas/planificacion', headers: { ...headers, ...body.headers }, payload: body.payload });
  const ms = performance.now() - started;
  if (response.statusCode !== 200 && response.statusCode !== 400) throw new Error(`${filename}: ${response.statusCode} ${response.body.slice(0, 300)}`);
  return { result: response.json<CargaPlanificacionResultado>(), ms };
}

async function run(database: Database, label: string): Promise<void> {
  const suffix = label === 'PGlite' ? '' : ` (${label})`;
  const { db } = database;
  const app = await benchApp(database, { clock: () => NOW, mailer: { send: async () => undefined } });
  try {
    const warm = await staffedCompany(db, { workers: 15, shifts: SHIFTS, now: NOW });
    const warmFile = await planningFile(warm.workerRuts, DAYS, new Date(Date.UTC(2026, 11, 1)), CODES);
    const warmed = await upload(app, await signIn(app, warm.admin), 'calentamiento.xlsx', warmFile);
    if (!warmed.result.aplicado) throw new Error(`La carga de calentamiento falló: ${JSON.stringify(warmed.result.errores.slice(0, 3))}`);

    // 10,000 distinct workers, one day each (a future date): the scale company, planned for one day in September.
    const built = Date.now();
    const scale = await buildScaleCompany(db, { workers: ROWS, from: '2026-09-07', to: '2026-09-07', seed: 17 });
    console.log(`${label}: empresa de escala de ${scale.workers.toLocaleString('es-CL')} trabajadores en ${((Date.now() - built) / 1000).toFixed(0)} s.`);
    const scaleFile = await planningFile(await workerRuts(db, scale.companyId), 1, new Date(Date.UTC(2026, 11, 14)), ['OFI', 'MAN', 'TAR', 'NOC', 'R12', 'libre']);
    const distinct = await upload(app, await signIn(app, scale.admin), 'escala.xlsx', scaleFile);
    if (!distinct.result.aplicado || distinct.result.dias.crear !== ROWS) throw new Error(`La carga de escala no se aplicó: ${JSON.stringify(distinct.result.errores.slice(0, 3))}`);

    // 500 workers × 20 days, and the same file again.
    const main = await staffedCompany(db, { workers: ROWS / DAYS, shifts: SHIFTS, now: NOW });
    const headers = await signIn(app, main.admin);
    const file = await planningFile(main.workerRuts, DAYS, new Date(Date.UTC(2026, 11, 1)), CODES);
    const first = await upload(app, headers, 'planificacion.xlsx', file);
    if (!first.result.aplicado || first.result.dias.crear !== ROWS) throw new Error(`La carga no se aplicó: ${JSON.stringify(first.result.resumen)}`);
    const again = await upload(app, headers, 'planificacion.xlsx', file);
    if (again.result.dias.sinCambios !== ROWS) throw new Error('La segunda carga cambió días.');
    console.log(
      `${label}: ${ROWS.toLocaleString('es-CL')} filas de ${ROWS.toLocaleString('es-CL')} trabajadores (${(scaleFile.length / 1024).toFixed(0)} KB) en ${distinct.ms.toFixed(0)} ms; ` +
        `${ROWS.toLocaleString('es-CL')} filas de ${ROWS / DAYS} trabajadores × ${DAYS} días en ${first.ms.toFixed(0)} ms; el mismo archivo otra vez (sin cambios) en ${again.ms.toFixed(0)} ms.`,
    );
    printRows([
      measured({ figure: `Carga de planificación 10.000 filas, 10.000 trabajadores${suffix}`, value: Math.round(distinct.ms), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: distinct.ms < TARGET_MS }),
      measured({ figure: `Carga masiva de planificación 10.000 filas${suffix}`, value: Math.round(first.ms), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: first.ms < TARGET_MS }),
    ]);
  } finally {
    await app.close();
  }
}

console.log(machineLine());
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const pglite = await openDatabase({ kind: 'pglite', dir: null });
  try {
    await pglite.migrate();
    await run(pglite, 'PGlite');
  } finally {
    await pglite.close();
  }
}

if (process.env.DATABASE_URL) {
  const postgres = await createTestDatabase();
  try {
    await run(postgres.appDatabase, 'PostgreSQL');
  } finally {
    await postgres.close();
  }
}
