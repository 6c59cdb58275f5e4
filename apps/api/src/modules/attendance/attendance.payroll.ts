/**
 * The attendance figures payroll takes (chile.md, «What payroll takes from attendance»), read from the
 * stored evaluation (`attendance_days`): per worker the facts `remunerationFromFacts` of
 * packages/domain turns into pay variables (`remunerationFactsOfStoredDays`, which a property test
 * holds equal to the facts of a fresh evaluation), and the stored days behind them.
 * Callers bring the days up to date first with the attendance service's `ensureFresh`.
 */
import type { DiaTrabajador } from '@jornada/contracts';
import { payFactsLoadFrom, remunerationFactsOfStoredDays, weekStart, type RemunerationFacts } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import * as repo from './attendance.repository';

/** A stored day as the remunerations drill-down shows it. */
export type PayrollStoredDay = Omit<DiaTrabajador, 'estado' | 'calculadoEn'>;

/**
 * The payroll facts of some workers for the month `from`..`to`, counting days up to `closed` (the
 * month's last day, or yesterday while it runs). Weeks are those whose Sunday lies in the month;
 * their days before the month are read too.
 */
export async function payrollFacts(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, closed: string): Promise<Map<string, RemunerationFacts>> {
  const out = new Map<string, RemunerationFacts>();
  const rows = closed < from ? [] : await repo.payrollDayRows(db, companyId, userIds, payFactsLoadFrom(from), closed);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i]!.userId !== rows[start]!.userId) {
      out.set(rows[start]!.userId, remunerationFactsOfStoredDays(rows.slice(start, i), from, closed));
      start = i;
    }
  }
  const empty = remunerationFactsOfStoredDays([], from, closed);
  for (const id of userIds) if (!out.has(id)) out.set(id, empty);
  return out;
}

/**
 * The month's days still waiting for a mark (`incompleto`: not discounted until corrected), counted
 * per date over `from`..`closed`, as stored. Bring the days up to date first with `ensureFresh`.
 */
export async function incompleteDays(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, closed: string): Promise<{ fecha: string; cantidad: number }[]> {
  return (await repo.incompleteDayCounts(db, companyId, userIds, from, closed)).map((r) => ({ fecha: r.fecha, cantidad: r.n }));
}

/** One worker's stored days from the Monday of `from`'s week to `closed` (the drill-down). */
export async function payrollStoredDays(db: DbOrTx, companyId: string, userId: string, from: string, closed: string): Promise<PayrollStoredDay[]> {
  if (closed < from) return [];
  const stored = await repo.periodDays(db, companyId, userId, weekStart(from), closed);
  return stored.map((d) => d.result);
}

