/**
 * The compensatory rest of art. 38 inc. 3 as a balance: the days owed, which the attendance engine counts
 * (one per Sunday or holiday an excepted worker worked, `compensatoryRestOwed` of packages/domain), minus
 * the days granted, recorded as permissions of the type `CODIGO_DESCANSO_COMPENSATORIO`.
 */
import { CODIGO_DESCANSO_COMPENSATORIO, type FuenteSaldo } from '@jornada/contracts';
import { addDays, compensatoryRestOwed, isoWeekday, sundayRestExceptionOf, type CompensatoryRestDay, type CompensatoryRestOwed, type SundayRestException } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { localDate } from '../../lib/clock';
import * as repo from './permissions.repository';
import type { Allowance } from './permissions.rules';

/**
 * The compensatory rest each worker is owed over `from`..`to`, by worker id with the exception from Sunday rest on
 * their contract (`exceptionOf`: the whole contract or its dates). No session: the caller has scoped the company
 * and the workers, and asks only for workers excepted from Sunday rest (`owedCompensatoryRest`).
 */
export type OwedCompensatoryRest = (
  companyId: string,
  exceptions: ReadonlyMap<string, boolean | SundayRestException>,
  from: string,
  to: string,
  now: Date,
) => Promise<Map<string, CompensatoryRestOwed>>;

/** The exception from Sunday rest on a worker's contract, as the domain reads it (art. 38, with its dates). */
const exceptionOf = (worker: Pick<repo.WorkerRow, 'exceptuadoDescansoDominical' | 'exceptuadoDescansoDominicalDesde' | 'exceptuadoDescansoDominicalHasta'>) =>
  sundayRestExceptionOf(worker.exceptuadoDescansoDominical, worker.exceptuadoDescansoDominicalDesde, worker.exceptuadoDescansoDominicalHasta);

/**
 * The days the attendance engine found worked (a worked status, and whether each is a holiday of the
 * worker's calendar), brought up to date first: given at assembly by modules/attendance, which is
 * registered after permissions (lib/late-port.ts).
 */
export type WorkedDaysReader = (companyId: string, userIds: readonly string[], from: string, to: string, now: Date) => Promise<readonly (CompensatoryRestDay & { userId: string })[]>;

/**
 * The compensatory rest owed, counted by the domain's `compensatoryRestOwed` (art. 38 inc. 3) over the
 * engine's worked days, read from the Monday before `from` so that the first Sunday's week is known.
 */
export function createOwedCompensatoryRest(workedDays: WorkedDaysReader): OwedCompensatoryRest {
  return async (companyId, exceptions, from, to, now) => {
    const userIds = [...exceptions.keys()];
    const daysOf = new Map<string, CompensatoryRestDay[]>();
    if (userIds.length > 0 && from <= to) {
      for (const { userId, ...day } of await workedDays(companyId, userIds, addDays(from, -6), to, now)) {
        const list = daysOf.get(userId);
        if (list) list.push(day);
        else daysOf.set(userId, [day]);
      }
    }
    return new Map(userIds.map((id) => [id, compensatoryRestOwed(daysOf.get(id) ?? [], { exceptedFromSundayRest: exceptions.get(id)! }, from)]));
  };
}

/** Whether a type's balance is the compensatory rest owed rather than its days per year. */
export const isCompensatoryRest = (type: Pick<repo.PermissionTypeRow, 'codigo'>): boolean => type.codigo === CODIGO_DESCANSO_COMPENSATORIO;

/** Where a type's balance comes from. */
export const balanceSource = (type: Pick<repo.PermissionTypeRow, 'codigo'>): FuenteSaldo => (isCompensatoryRest(type) ? 'domingos_festivos_trabajados' : 'dias_anuales');

/**
 * Why a type with the compensatory rest's code cannot be as written, or null: its balance is the days owed,
 * so it takes no days per year, and it is granted in days.
 */
export function compensatoryTypeProblem(type: Pick<repo.PermissionTypeRow, 'codigo' | 'unidad' | 'diasAnuales'>): { field: 'diasAnuales' | 'unidad'; message: string } | null {
  if (!isCompensatoryRest(type)) return null;
  if (type.diasAnuales !== null) return { field: 'diasAnuales', message: 'El descanso compensatorio no lleva días por año: su saldo es un día por cada festivo trabajado y por cada domingo trabajado en una semana sin día de descanso (art. 38).' };
  if (type.unidad === 'horas') return { field: 'unidad', message: 'El descanso compensatorio se otorga en días, no en horas (art. 38).' };
  return null;
}

/** Only workers excepted from Sunday rest (art. 38) are owed compensatory rest, so only they have its balance. */
export const owedCompensatoryRest = (worker: Pick<repo.WorkerRow, 'exceptuadoDescansoDominical'>): boolean => worker.exceptuadoDescansoDominical;

/**
 * What the engine counts owed to these workers for a balance of `year`: the days of the year before (what
 * it left ungranted carries over) and of the year, up to today, never before the earliest contract. Reads
 * outside any transaction: the engine may have to evaluate days first.
 */
export async function owedFor(owed: OwedCompensatoryRest, companyId: string, workers: readonly repo.WorkerRow[], year: number, now: Date): Promise<Map<string, CompensatoryRestOwed>> {
  const excepted = workers.filter(owedCompensatoryRest);
  if (excepted.length === 0) return new Map();
  const earliest = excepted.reduce((min, w) => (w.inicioContrato < min ? w.inicioContrato : min), excepted[0]!.inicioContrato);
  const from = `${year - 1}-01-01` > earliest ? `${year - 1}-01-01` : earliest;
  const today = localDate(now);
  const to = `${year}-12-31` < today ? `${year}-12-31` : today;
  return from <= to ? owed(companyId, new Map(excepted.map((w) => [w.id, exceptionOf(w)])), from, to, now) : new Map();
}

/** Per worker, the days of compensatory rest granted in `year`: the type's permissions that start in it, approved or pending. */
export async function grantedIn(db: DbOrTx, companyId: string, typeId: string, userIds: string[], year: number): Promise<Map<string, number>> {
  const sums = await repo.amountsByWorkerAndType(db, companyId, userIds, [typeId], `${year}-01-01`, `${year}-12-31`);
  return new Map(sums.map((row) => [row.userId, row.usados + row.pendientes]));
}

/** «1 domingo», «2 festivos». */
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A worker's compensatory rest of `year` as an allowance: the days the engine owes in the year (each holiday
 * worked, and each Sunday worked at the end of a week without rest; a holiday on a Sunday owes one day) plus what the year before left ungranted (its days owed
 * minus the permissions of the type that started in it, approved or pending, never below zero). Older years
 * are not carried: the rest is due within the week (art. 38 inc. 3), and the read stays two years of stored
 * days at most.
 */
export function compensatoryAllowance(owed: CompensatoryRestOwed | undefined, year: number, grantedYearBefore: number): Allowance {
  const dates = owed?.dates ?? [];
  const inYear = dates.filter((d) => d.startsWith(`${year}-`));
  const sundays = inYear.filter((d) => isoWeekday(d) === 7).length;
  const holidays = inYear.length - sundays;
  const carried = Math.max(0, dates.filter((d) => d.startsWith(`${year - 1}-`)).length - grantedYearBefore);
  const worked =
    inYear.length === 0
      ? `Ningún festivo ni domingo sin descanso en su semana trabajado en ${year}`
      : `${[holidays > 0 ? count(holidays, 'festivo') : '', sundays > 0 ? `${count(sundays, 'domingo')} sin descanso en su semana` : ''].filter(Boolean).join(' y ')} ${inYear.length === 1 ? 'trabajado' : 'trabajados'} en ${year}`;
  const fundamento = [worked];
  if (carried > 0) fundamento.push(`${carried === 1 ? '1 día' : `${carried} días`} sin otorgar de ${year - 1}`);
  return { base: inYear.length + carried, progressive: 0, fundamento };
}
