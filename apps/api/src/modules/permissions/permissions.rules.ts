/** The pure rules of permissions: messages, amounts in words, the holidays by region and a worker's yearly allowance (legal vacation). */
import { CODIGO_FERIADO_LEGAL, type EstadoPermiso, type UnidadPermiso } from '@jornada/contracts';
import { legalVacation } from '@jornada/domain';
import type { z } from 'zod';
import type * as repo from './permissions.repository';

/** `aaaa-mm-dd` → `dd-mm-aaaa`, as people write dates. */
export const dashedDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

export type Input<S extends z.ZodType> = z.output<S>;

export const TYPE_NOT_FOUND = 'El tipo de permiso no existe.';
export const PERMISSION_NOT_FOUND = 'El permiso no existe.';
export const WORKER_NOT_FOUND = 'El trabajador no existe.';
/** A permission lasts at most a year (a longer absence is registered in parts). */
export const MAX_SPAN_DAYS = 366;
/** A filter id that is not a uuid: it matches nothing. */
export const NOTHING = '00000000-0000-0000-0000-000000000000';

/** The Spanish amount of a unit: «1 día hábil», «5 días corridos», «2,5 horas». */
export function formatAmount(amount: number, unit: UnidadPermiso): string {
  const rounded = Math.round(amount * 100) / 100;
  const number = rounded.toLocaleString('es-CL', { maximumFractionDigits: 2 });
  if (unit === 'horas') return `${number} ${rounded === 1 ? 'hora' : 'horas'}`;
  if (unit === 'dias_habiles') return rounded === 1 ? '1 día hábil' : `${number} días hábiles`;
  return rounded === 1 ? '1 día corrido' : `${number} días corridos`;
}

export const ESTADO_LABEL: Record<EstadoPermiso, string> = { pendiente: 'pendiente', aprobado: 'aprobado', rechazado: 'rechazado', anulado: 'anulado' };

export function dayNumber(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

/** A worker's yearly allowance of a type with a balance: the base, the progressive days and why. */
export interface Allowance {
  base: number;
  progressive: number;
  fundamento: string[];
}

/**
 * The allowance of a worker for a type with days per year in a calendar year. The legal vacation
 * (`CODIGO_FERIADO_LEGAL`) follows arts. 67 and 68: 20 days in the far south (by the worker's site) and
 * the progressive days computed on the year's last day; any other type is its days per year.
 */
export function allowanceOf(type: Pick<repo.PermissionTypeRow, 'codigo' | 'diasAnuales'>, worker: repo.WorkerRow, year: number): Allowance {
  const general = type.diasAnuales ?? 0;
  if (type.codigo !== CODIGO_FERIADO_LEGAL || type.diasAnuales === null) return { base: general, progressive: 0, fundamento: [] };
  const vacation = legalVacation({
    place: { region: worker.region, commune: worker.comuna },
    previousYears: worker.aniosReconocidosAnteriores,
    contractStart: worker.inicioContrato,
    contractEnd: worker.finContrato,
    year,
    generalDays: general,
  });
  return { base: vacation.baseDays, progressive: vacation.progressive.days, fundamento: vacation.basis };
}
