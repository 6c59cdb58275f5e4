import { addDays } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { closedPeriods, lockMonthExclusively } from './payroll-periods.repository';

/** `YYYYMM` of a date. */
const periodoOf = (date: string): string => `${date.slice(0, 4)}${date.slice(5, 7)}`;

/** `julio de 2026` */
function periodoLabel(periodo: string): string {
  const months = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
  return `${months[Number(periodo.slice(4, 6)) - 1]} de ${periodo.slice(0, 4)}`;
}

/**
 * Refuses a change whose dates touch a closed payroll month, in the caller's transaction (the check
 * of permissions, corrections, planning and overtime decisions). The reason names the months, in Spanish.
 */
async function assertMonthsOpen(tx: DbOrTx, companyId: string, dates: readonly string[]): Promise<void> {
  const periodos = [...new Set(dates.map(periodoOf))].sort();
  const closed = await closedPeriods(tx, companyId, periodos);
  if (closed.length === 0) return;
  const months = closed.map(periodoLabel);
  const message =
    months.length === 1
      ? `El mes de ${months[0]} está cerrado para remuneraciones: no admite cambios. Un administrador puede reabrirlo indicando el motivo.`
      : `Los meses de ${months.join(' y ')} están cerrados para remuneraciones: no admiten cambios. Un administrador puede reabrirlos indicando el motivo.`;
  throw new AppError('CONFLICT', message, { periodo: message });
}

const nextMonth = (date: string): string => `${addDays(`${date.slice(0, 8)}28`, 4).slice(0, 8)}01`;

/** The dates a change from `from` to `to` must check: `from` and the first day of every later month it reaches. */
export function monthsOfRange(from: string, to: string): string[] {
  const dates = [from];
  for (let d = nextMonth(from); d <= to; d = nextMonth(d)) dates.push(d);
  return dates;
}

/**
 * Takes a month for closing or reopening, in the caller's transaction: waits for every change that
 * found it open (they hold it shared) and keeps new ones waiting until the transaction ends.
 */
function takeMonth(tx: DbOrTx, companyId: string, periodo: string): Promise<void> {
  return lockMonthExclusively(tx, companyId, periodo);
}

/**
 * The closed payroll months as other modules receive them at assembly (`app.payrollPeriods`). Each
 * method runs in the executor it is given: the caller's transaction when it has one.
 */
export interface PayrollPeriodsPort {
  /** Refuses (409) a change whose dates touch a closed payroll month; the reason names the months, in Spanish. */
  assertMonthsOpen(tx: DbOrTx, companyId: string, dates: readonly string[]): Promise<void>;
  /** Takes a month for closing or reopening until the transaction ends (remunerations). */
  takeMonth(tx: DbOrTx, companyId: string, periodo: string): Promise<void>;
}

export function createPayrollPeriods(): PayrollPeriodsPort {
  return { assertMonthsOpen, takeMonth };
}
