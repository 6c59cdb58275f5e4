/**
 * Bulk planning upload benchmark: one xlsx of 10,000 rows (500 workers × 20 days, RUT with dots,
 * dates as real Excel dates, five shift codes and rest days) read, validated and committed all or
 * nothing by the same service the API route calls. Runs on PGlite in memory and, when DATABASE_URL
 * is set, again on that PostgreSQL server (in a temporary database that is dropped afterwards).
 * A 300-row upload in another company warms the JIT first; the 10,000-row figure is the steady state
 * an API process sees. The second upload of the same file (nothing changes) is reported too.
 * Run: npx tsx bench/planning-upload.ts
 */
import { formatRut, rutCheckDigit } from '@jornada/domain';
import ExcelJS from 'exceljs';
import { openDatabase, type Database } from '../apps/api/src/db/client';
import { insertCompany } from '../apps/api/src/modules/companies/companies.repository';
import { createPlanningService } from '../apps/api/src/modules/planning/planning.service';
import { createPlanningUploadsService } from '../apps/api/src/modules/planning-uploads/planning-uploads.service';
import { insertShifts } from '../apps/api/src/modules/shifts/shifts.repository';
import { insertUsersWithLogins } from '../apps/api/src/modules/users/users.repository';
import type { RequestSession } from '../apps/api/src/plugins/types';
import { createTestDatabase } from '../apps/api/src/test/app';

const ROWS = 10_000;
const DAYS = 20;
const TARGET_MS = 5000;
const FIGURE = 'Carga masiva de planificación 10.000 filas';
const NOW = new Date('2026-11-21T12:00:00Z');
const CODES = ['MAN', 'TAR', 'NOC', 'OFI', 'N12'] as const;

let rutBody = 30_000_000;
async function company(db: Database['db'], workers: number): Promise<{ session: RequestSession; ruts: string[] }> {
  const companyId = await insertCompany(db, {
    rut: `${rutBody}-${rutCheckDigit(rutBody)}`,
    nombre: `Bench ${rutBody}`,
    razonSocial: `Bench ${rutBody} SpA`,
    resolucion: false,
  });
  rutBody++;
  const users = Array.from({ length: workers + 1 }, (_, i) => {
    const body = rutBody++;
    return {
      companyId,
      rut: `${body}-${rutCheckDigit(body)}`,
      nombre: `Persona ${i}`,
      apellidos: `Bench ${String(i).padStart(5, '0')}`,
      email: `p${body}@bench.cl`,
      perfil: i === 0 ? ('administrador' as const) : ('trabajador' as const),
      inicioContrato: '2020-01-01',
    };
  });
  const inserted = await insertUsersWithLogins(db, users);
  const shift = (codigo: string, startTime: string, endTime: string) => ({
    companyId,
    codigo,
    nombre: codigo,
    color: '#228be6',
    startTime,
    endTime,
    breakKind: 'minutos' as const,
    breakMinutes: 30,
    createdAt: NOW,
    updatedAt: NOW,
  });
  await insertShifts(db, [shift('MAN', '07:00', '15:00'), shift('TAR', '15:00', '23:00'), shift('NOC', '23:00', '07:00'), shift('OFI', '09:00', '18:00'), shift('N12', '20:00', '08:00')], null, NOW);
  return {
    session: { userId: inserted[0]!.id, companyId, perfil: 'administrador', tokenHash: '' },
    ruts: inserted.slice(1).map((u) => u.rut),
  };
}

async function planningFile(ruts: string[], days: number, firstDay: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Planificación');
  sheet.addRow(['RUT', 'Fecha', 'Turno']);
  ruts.forEach((rut, w) => {
    for (let d = 0; d < days; d++) {
      const code = (w + d) % 7 >= 5 ? 'libre' : CODES[(w + d) % CODES.length]!;
      sheet.addRow([formatRut(rut), new Date(Date.UTC(2026, 11, firstDay + d)), code]);
    }
  });
  sheet.getColumn(2).numFmt = 'dd-mm-yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function run(database: Database, label: string): Promise<void> {
  const db = database.db;
  const uploads = (session: RequestSession) =>
    createPlanningUploadsService(db, createPlanningService({ db, companyRubro: async () => null })).planning.bind(null, session);

  const warm = await company(db, 15);
  const warmFile = await planningFile(warm.ruts, DAYS, 1);
  const warmResult = await uploads(warm.session)({ filename: 'calentamiento.xlsx', buffer: warmFile }, true, NOW);
  if (!warmResult.aplicado) throw new Error(`La carga de calentamiento falló: ${JSON.stringify(warmResult.errores.slice(0, 3))}`);

  const main = await company(db, ROWS / DAYS);
  const file = await planningFile(main.ruts, DAYS, 1);
  const started = performance.now();
  const result = await uploads(main.session)({ filename: 'planificacion.xlsx', buffer: file }, true, NOW);
  const ms = performance.now() - started;
  if (!result.aplicado || result.dias.crear !== ROWS) throw new Error(`La carga no se aplicó: ${JSON.stringify(result.resumen)}`);

  const againStarted = performance.now();
  const again = await uploads(main.session)({ filename: 'planificacion.xlsx', buffer: file }, true, NOW);
  const againMs = performance.now() - againStarted;
  if (again.dias.sinCambios !== ROWS) throw new Error('La segunda carga cambió días.');

  console.log(
    `${label}: ${ROWS.toLocaleString('es-CL')} filas (${(file.length / 1024).toFixed(0)} KB xlsx) leídas, validadas y guardadas en ${ms.toFixed(0)} ms; ` +
      `el mismo archivo otra vez (sin cambios) en ${againMs.toFixed(0)} ms.`,
  );
  const suffix = label === 'PGlite' ? '' : ` (${label})`;
  console.log(`BENCH ${JSON.stringify({ figure: `${FIGURE}${suffix}`, value: Math.round(ms), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: ms < TARGET_MS })}`);
}

const pglite = await openDatabase({ kind: 'pglite', dir: null });
try {
  await pglite.migrate();
  await run(pglite, 'PGlite');
} finally {
  await pglite.close();
}

if (process.env.DATABASE_URL) {
  const postgres = await createTestDatabase();
  try {
    await run(postgres, 'PostgreSQL');
  } finally {
    await postgres.close();
  }
}
