/**
 * The attendance figures payroll takes (chile.md, «What payroll takes from attendance»), from the stored
 * evaluation (`app.attendanceReads`): per worker the facts the domain's `remunerationFactsOfStoredDays`
 * counts from the stored days (a property test holds them equal to the facts of a fresh evaluation), the
 * stored days behind them, and the days still waiting for a mark. Callers bring the days up to date first
 * with the attendance service's `ensureFresh`.
 */
import type { DiaTrabajador } from '@jornada/contracts';
import { payFactsLoadFrom, remunerationFactsOfStoredDays, weekStart, type AveragedDistribution, type RemunerationFacts } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import type { AttendanceReads } from '../attendance/index';

/** A stored day as the remunerations drill-down shows it. */
export type PayrollStoredDay = Omit<DiaTrabajador, 'estado' | 'calculadoEn'>;

export function createPayrollAttendance(reads: AttendanceReads) {
  return {
    /**
     * The payroll facts of some workers for the month `from`..`to`, counting days up to `closed` (the
     * month's last day, or yesterday while it runs). Weeks are those whose Sunday lies in the month; their
     * days before the month are read too (`payFactsLoadFrom`), from the first day of the cycle for a worker under an
     * averaged distribution pact (`pacts`, art. 22 bis). `executor`: the closing transaction.
     */
    async facts(
      companyId: string,
      userIds: readonly string[],
      from: string,
      closed: string,
      executor?: DbOrTx,
      pacts?: ReadonlyMap<string, AveragedDistribution | null>,
    ): Promise<Map<string, RemunerationFacts>> {
      const out = new Map<string, RemunerationFacts>();
      let loadFrom = payFactsLoadFrom(from);
      for (const pact of pacts?.values() ?? []) {
        const own = payFactsLoadFrom(from, pact);
        if (own < loadFrom) loadFrom = own;
      }
      const rows = closed < from ? [] : await reads.days.pay(companyId, userIds, loadFrom, closed, executor);
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
    },

    /** One worker's stored days from the Monday of `from`'s week to `closed` (the drill-down). */
    async storedDays(companyId: string, userId: string, from: string, closed: string): Promise<PayrollStoredDay[]> {
      if (closed < from) return [];
      return (await reads.days.ofWorker(companyId, userId, weekStart(from), closed)).map((d) => d.result);
    },

    /** The month's days still waiting for a mark (`incompleto`: not discounted until corrected), counted per date over `from`..`closed`. */
    incompleteDays: (companyId: string, userIds: readonly string[], from: string, closed: string, executor?: DbOrTx) => reads.days.incompleteCounts(companyId, userIds, from, closed, executor),
  };
}

export type PayrollAttendance = ReturnType<typeof createPayrollAttendance>;
