/**
 * The vacation days that compensate overtime (art. 32 inc. 4, Ley 21.561) as a balance: the rest the
 * overtime under a «feriado» pact earned (1.5 hours an hour, at most 5 business days a contract year, usable
 * for 6 months: `overtimeRestLedger` of packages/domain), minus the days taken, recorded as permissions of the
 * type `CODIGO_FERIADO_HORAS_EXTRA`, asked with 48 hours' notice.
 */
import { CODIGO_FERIADO_HORAS_EXTRA } from '@jornada/contracts';
import { hasOvertimeRestNotice, localToInstant, overtimeRestLedger, type OvertimeRestInput, type OvertimeRestLedger } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { localDate } from '../../lib/clock';
import * as repo from './permissions.repository';
import type { Allowance } from './permissions.rules';

/** What a worker's ledger is computed from, but the uses (this module's permissions) and today. */
export type OvertimeRestSourceInput = Omit<OvertimeRestInput, 'uses' | 'today'>;

/**
 * Per worker with a «feriado» pact (others are missing from the map), the stored overtime per day up to
 * today (brought up to date first), the pacts, the contract's start and the business day: given at assembly by
 * modules/overtime, which is registered after permissions (lib/late-port.ts). No session: the caller has
 * scoped the company and the workers.
 */
export type OvertimeRestSource = (companyId: string, userIds: readonly string[], now: Date) => Promise<Map<string, OvertimeRestSourceInput>>;

/** Whether a type's balance is the rest earned by overtime. */
export const isOvertimeRest = (type: Pick<repo.PermissionTypeRow, 'codigo'>): boolean => type.codigo === CODIGO_FERIADO_HORAS_EXTRA;

/** Why a type with the overtime rest's code cannot be as written, or null: its balance is the rest earned, in business days. */
export function overtimeRestTypeProblem(type: Pick<repo.PermissionTypeRow, 'codigo' | 'unidad' | 'diasAnuales'>): { field: 'diasAnuales' | 'unidad'; message: string } | null {
  if (!isOvertimeRest(type)) return null;
  if (type.diasAnuales !== null) return { field: 'diasAnuales', message: 'El feriado por horas extra no lleva días por año: su saldo es el descanso que ganaron las horas extra pactadas con compensación en feriado (art. 32).' };
  if (type.unidad !== 'dias_habiles') return { field: 'unidad', message: 'El feriado por horas extra se otorga en días hábiles (art. 32).' };
  return null;
}

/** The type's permissions of these workers (approved or pending, any date) as uses of rest, in seconds of rest. */
export async function usesOf(
  db: DbOrTx,
  companyId: string,
  typeId: string,
  sources: ReadonlyMap<string, OvertimeRestSourceInput>,
  exceptId?: string,
): Promise<Map<string, { date: string; restSeconds: number }[]>> {
  const out = new Map<string, { date: string; restSeconds: number }[]>();
  const rows = await repo.liveAmountsOfType(db, companyId, [...sources.keys()], typeId);
  for (const row of rows) {
    if (row.id === exceptId) continue;
    const source = sources.get(row.userId);
    if (!source) continue;
    const list = out.get(row.userId) ?? [];
    list.push({ date: row.desde, restSeconds: row.cantidad * source.businessDaySeconds });
    out.set(row.userId, list);
  }
  return out;
}

/** A worker's ledger with the uses recorded. */
export function ledgerOf(source: OvertimeRestSourceInput, uses: readonly { date: string; restSeconds: number }[], now: Date): OvertimeRestLedger {
  return overtimeRestLedger({ ...source, uses, today: localDate(now) });
}

const hours = (seconds: number) => `${(Math.round((seconds / 3600) * 100) / 100).toLocaleString('es-CL')} h`;
const days = (seconds: number, day: number) => (Math.round((seconds / day) * 100) / 100);
const dashed = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/**
 * The balance of the overtime's vacation days as an allowance of `year`: the business days usable today plus
 * those taken or asked for in the year (so that the page's «disponibles» is what is usable today), and why.
 */
export function overtimeRestAllowance(source: OvertimeRestSourceInput, ledger: OvertimeRestLedger, usedInYear: number, now: Date): Allowance {
  const day = source.businessDaySeconds;
  const today = localDate(now);
  const base = days(ledger.availableRestSeconds, day) + usedInYear;
  const fundamento: string[] = [];
  const compensated = ledger.months.reduce((s, m) => s + m.compensatedSeconds, 0);
  fundamento.push(`${hours(compensated)} extra compensadas con feriado (1,5 h de descanso por hora, hasta 5 días hábiles por año de contrato; art. 32)`);
  const open = ledger.months.filter((m) => m.usableFrom <= today && today <= m.expiresOn && m.restSeconds - m.usedRestSeconds > 1e-6);
  if (open.length > 0) {
    const next = open[0]!;
    fundamento.push(`${hours(next.restSeconds - next.usedRestSeconds)} de descanso vencen el ${dashed(next.expiresOn)}; lo no usado se paga con la remuneración de ${next.payoutMonth.slice(5)}-${next.payoutMonth.slice(0, 4)}`);
  }
  if (ledger.accruingRestSeconds > 1e-6) fundamento.push(`${hours(ledger.accruingRestSeconds)} de descanso del mes en curso, disponibles desde el mes siguiente`);
  fundamento.push(`Jornada de ${hours(day)} por día hábil`);
  return { base, progressive: 0, fundamento };
}

/** Whether rest from `desde` is asked with 48 hours' notice (art. 32 inc. 4), from the first day's local midnight. */
export function noticeGiven(desde: string, zone: string, now: Date): boolean {
  return hasOvertimeRestNotice(localToInstant(zone, desde, 0), now.getTime());
}
