/**
 * `npm run attendance:rebuild -- [--empresa <rut|id>] [--desde aaaa-mm-dd] [--hasta aaaa-mm-dd]`:
 * evaluates again, with the domain engine, every stored attendance day of a company (all companies
 * without --empresa) over the whole weeks covering the range (default: the previous and the current
 * month), on the same DATA_DIR or DATABASE_URL as `npm start`. Idempotent: the result is what the
 * reads would compute.
 * `npm run attendance:rollups:rebuild -- [--empresa <rut|id>]` (`--rollups`) evaluates nothing: it
 * rebuilds the rollups (`attendance_rollups`, `attendance_worker_rollups` and the board's
 * `attendance_board_rollups`) of every date from the stored days as they are, and forgets the stored
 * pay of open months (`remuneration_rows`), which the next read of each month computes again.
 */
import { isValidLocalDate } from '@jornada/domain';
import { loadConfig } from '../config';
import { databaseTarget, openDatabase } from '../db/client';
import { runAsSystem } from '../db/tenant-context';
import { localDate } from '../lib/clock';
import { createAttendanceService } from '../modules/attendance/index';
import { createLedGroups } from '../modules/groups/index';
import { createCompanyHolidays } from '../modules/holidays/index';
import { createPermissionReads } from '../modules/permissions/index';
import { createPlanReader } from '../modules/planning/index';
import { createStoredPay } from '../modules/remunerations/index';
import { createShiftReads } from '../modules/shifts/index';

function option(args: string[], name: string): string | null {
  const i = args.indexOf(name);
  return i >= 0 ? (args[i + 1] ?? null) : null;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const now = new Date();
  const today = localDate(now);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const desde = option(args, '--desde') ?? `${month === 1 ? year - 1 : year}-${String(month === 1 ? 12 : month - 1).padStart(2, '0')}-01`;
  const hasta = option(args, '--hasta') ?? localDate(new Date(Date.UTC(year, month, 0, 12)), 'UTC');
  if (!isValidLocalDate(desde) || !isValidLocalDate(hasta) || hasta < desde) throw new Error('Indica --desde y --hasta como aaaa-mm-dd, con --desde anterior o igual a --hasta.');
  const database = await openDatabase(databaseTarget(loadConfig()));
  try {
    await database.migrate();
    const attendance = createAttendanceService({ db: database.db, plan: createPlanReader(database.db, createCompanyHolidays(database.db), createShiftReads()), ledGroups: createLedGroups(database.db), permissions: createPermissionReads(database.db) });
    const empresa = option(args, '--empresa');
    const targets = await attendance.companiesToRebuild(empresa);
    if (targets.length === 0) throw new Error(empresa ? `No existe la empresa ${empresa}.` : 'No hay empresas registradas.');
    if (args.includes('--rollups')) {
      for (const company of targets) {
        const started = Date.now();
        const fechas = await attendance.rebuildRollups(company.id);
        const pagas = await createStoredPay(database.db).forget(company.id);
        console.log(
          `${company.razonSocial}: totales de ${fechas} fechas reconstruidos desde los días guardados y ${pagas} pagas guardadas olvidadas (se calculan en la próxima lectura) en ${((Date.now() - started) / 1000).toFixed(1)} s.`,
        );
      }
      return;
    }
    for (const company of targets) {
      const started = Date.now();
      const { trabajadores, dias } = await attendance.rebuild(company.id, desde, hasta, now);
      console.log(`${company.razonSocial}: ${trabajadores} trabajadores, ${dias} días evaluados del ${desde} al ${hasta} (semanas completas) en ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await database.close();
  }
}

runAsSystem(main).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
