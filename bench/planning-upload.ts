/**
 * Bulk planning upload benchmarks, through the same service the API route calls (read, validate and
 * commit all or nothing):
 * - 10,000 rows for 10,000 distinct workers (one day each) of the scale company (`buildScaleCompany`,
 *   the company `npm run demo -- --trabajadores 10000` builds): the cost that grows with workers;
 * - 10,000 rows for 500 workers × 20 days, and the same file again (nothing changes).
 * Runs on PGlite in memory and, when DATABASE_URL is set, on that PostgreSQL server in a temporary
 * database as the ordinary `jornada_app` role (dropped afterwards). A 300-row upload in another
 * company warms the JIT first; the figures are the steady state an API process sees.
 * Run: npx tsx bench/planning-upload.ts   (DATABASE_URL=postgres://… for PostgreSQL too)
 */
import { formatRut, rutCheckDigit } from '@jornada/domain';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase, type Db } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema/index';
import { runAsCompany, runAsSystem } from '../apps/api/src/db/tenant-context';
import { buildScaleCompany } from '../apps/api/src/demo/scale';
import { insertCompany } from '../apps/api/src/modules/companies/companies.repository';
import { createLedGroups } from '../apps/api/src/modules/groups/index';
import { createPlanningService } from '../apps/api/src/modules/planning/planning.service';
import { createPlanningUploadsService } from '../apps/api/src/modules/planning-uploads/planning-uploads.service';
import { shiftCatalog } from '../apps/api/src/modules/shifts/shifts.catalog';
import { insertShifts } from '../apps/api/src/modules/shifts/shifts.repository';
import { insertUsersWithLogins } from '../apps/api/src/modules/users/users.repository';
import type { RequestSession } from '../apps/api/src/plugins/types';
import { createTestDatabase } from '../apps/api/src/test/app';
import { machineLine, measured, printRows } from './_report';

const ROWS = 10_000;
const DAYS = 20;
const TARGET_MS = 5000;
const NOW = new Date('2026-11-21T12:00:00Z');
const CODES = ['MAN', 'TAR', 'NOC', 'OFI', 'N12'] as const;

let rutBody = 40_000_000;
async function company(db: Db, workers: number): Promise<{ session: RequestSession; ruts: string[] }> {
  return runAsSystem(async () => {
    const companyId = await insertCompany(db, { rut: `${rutBody}-${rutCheckDigit(rutBody)}`, nombre: `Bench ${rutBody}`, razonSocial: `Bench ${rutBody} SpA`, resolucion: false });
    rutBody++;
    const people = Array.from({ length: workers + 1 }, (_, i) => {
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
    const inserted = await insertUsersWithLogins(db, people);
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
    return { session: { userId: inserted[0]!.id, companyId, perfil: 'administrador', tokenHash: '' }, ruts: inserted.slice(1).map((u) => u.rut) };
  });
}

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

async function upload(db: Db, session: RequestSession, filename: string, buffer: Buffer) {
  const service = createPlanningUploadsService(db, { planning: createPlanningService({ db, companyRubro: async () => null, ledGroups: createLedGroups(db) }), shiftCatalog });
  const started = performance.now();
  const result = await runAsCompany(session.companyId, () => service.planning(session, { filename, buffer }, true, NOW));
  return { result, ms: performance.now() - started };
}

async function run(db: Db, label: string): Promise<void> {
  const suffix = label === 'PGlite' ? '' : ` (${label})`;
  const warm = await company(db, 15);
  const warmed = await upload(db, warm.session, 'calentamiento.xlsx', await planningFile(warm.ruts, DAYS, new Date(Date.UTC(2026, 11, 1)), CODES));
  if (!warmed.result.aplicado) throw new Error(`La carga de calentamiento falló: ${JSON.stringify(warmed.result.errores.slice(0, 3))}`);

  // 10,000 distinct workers, one day each (a future date): the scale company, planned for one day in September.
  const built = Date.now();
  const scale = await buildScaleCompany(db, { workers: ROWS, from: '2026-09-07', to: '2026-09-07', seed: 17 });
  console.log(`${label}: empresa de escala de ${scale.workers.toLocaleString('es-CL')} trabajadores en ${((Date.now() - built) / 1000).toFixed(0)} s.`);
  const ruts = await runAsSystem(() =>
    db.select({ rut: users.rut }).from(users).where(and(eq(users.companyId, scale.companyId), eq(users.perfil, 'trabajador'))).orderBy(asc(users.rut)),
  );
  const scaleSession: RequestSession = { userId: scale.admin.id, companyId: scale.companyId, perfil: 'administrador', tokenHash: '' };
  const scaleFile = await planningFile(
    ruts.map((r) => r.rut),
    1,
    new Date(Date.UTC(2026, 11, 14)),
    ['OFI', 'MAN', 'TAR', 'NOC', 'R12', 'libre'],
  );
  const distinct = await upload(db, scaleSession, 'escala.xlsx', scaleFile);
  if (!distinct.result.aplicado || distinct.result.dias.crear !== ROWS) throw new Error(`La carga de escala no se aplicó: ${JSON.stringify(distinct.result.errores.slice(0, 3))}`);

  // 500 workers × 20 days, and the same file again.
  const main = await company(db, ROWS / DAYS);
  const file = await planningFile(main.ruts, DAYS, new Date(Date.UTC(2026, 11, 1)), CODES);
  const first = await upload(db, main.session, 'planificacion.xlsx', file);
  if (!first.result.aplicado || first.result.dias.crear !== ROWS) throw new Error(`La carga no se aplicó: ${JSON.stringify(first.result.resumen)}`);
  const again = await upload(db, main.session, 'planificacion.xlsx', file);
  if (again.result.dias.sinCambios !== ROWS) throw new Error('La segunda carga cambió días.');

  console.log(
    `${label}: ${ROWS.toLocaleString('es-CL')} filas de ${ROWS.toLocaleString('es-CL')} trabajadores (${(scaleFile.length / 1024).toFixed(0)} KB) en ${distinct.ms.toFixed(0)} ms; ` +
      `${ROWS.toLocaleString('es-CL')} filas de ${ROWS / DAYS} trabajadores × ${DAYS} días en ${first.ms.toFixed(0)} ms; el mismo archivo otra vez (sin cambios) en ${again.ms.toFixed(0)} ms.`,
  );
  printRows([
    measured({ figure: `Carga de planificación 10.000 filas, 10.000 trabajadores${suffix}`, value: Math.round(distinct.ms), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: distinct.ms < TARGET_MS }),
    measured({ figure: `Carga masiva de planificación 10.000 filas${suffix}`, value: Math.round(first.ms), unit: 'ms', target: `< ${TARGET_MS} ms`, pass: first.ms < TARGET_MS }),
  ]);
}

console.log(machineLine());
if (process.env.BENCH_SKIP_PGLITE !== '1') {
  const pglite = await openDatabase({ kind: 'pglite', dir: null });
  try {
    await pglite.migrate();
    await run(pglite.db, 'PGlite');
  } finally {
    await pglite.close();
  }
}

if (process.env.DATABASE_URL) {
  const postgres = await createTestDatabase();
  try {
    await run(postgres.appDatabase.db, 'PostgreSQL');
  } finally {
    await postgres.close();
  }
}
