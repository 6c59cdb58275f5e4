/**
 * The attendance figures payroll takes (chile.md, «What payroll takes from attendance»), read from the
 * stored evaluation (`attendance_days`): per worker the facts `remunerationFromFacts` of
 * packages/domain turns into pay variables, and the stored days behind them. Nothing is evaluated
 * here: days are counted and the Sunday rows' week settlements added, as the engine stored them.
 * Callers bring the days up to date first with the attendance service's `ensureFresh`.
 */
import type { DiaTrabajador } from '@jornada/contracts';
import { isoWeekday, settledWeekLimitSeconds, sundayOrdinaryWorkIn, weekStart, type PayrollDay, type PayrollWeek, type RemunerationFacts } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import * as repo from './attendance.repository';

/** A stored day as the remunerations drill-down shows it. */
export type PayrollStoredDay = Omit<DiaTrabajador, 'estado' | 'calculadoEn'>;

type Totals = RemunerationFacts['totals'];

/** Adds up one worker's stored rows (sorted by date) into the facts of the month `from`..`closed`. */
function payrollFactsOfRows(rows: readonly repo.PayrollDayRow[], from: string, closed: string): RemunerationFacts {
  const totals: Totals = {
    daysWorked: 0,
    shortfallSeconds: 0,
    lateAfterCompensationSeconds: 0,
    earlyLeaveAfterCompensationSeconds: 0,
    sundaysWorked: 0,
    holidaysWorked: 0,
    sundaysOrHolidaysWorked: 0,
    permissionDays: [],
    permissionHours: [],
    unjustifiedAbsenceDays: 0,
    pendingDays: 0,
  };
  const weeks: PayrollWeek[] = [];
  const weekDays: PayrollDay[] = [];
  const plannedDates: string[] = [];
  const permissionDays = new Map<string, Totals['permissionDays'][number]>();
  const permissionHours = new Map<string, Totals['permissionHours'][number]>();
  for (const r of rows) {
    if (r.fecha > closed) continue;
    weekDays.push({ date: r.fecha, status: r.status, overtimeSeconds: r.overtimeSeconds + r.overAgreedSeconds });
    if (r.planKind === 'turno') plannedDates.push(r.fecha);
    // A week counts in the month that holds its Sunday (the engine's settlement is on that row).
    if (r.week && r.fecha >= from && isoWeekday(r.fecha) === 7) {
      const monday = weekStart(r.fecha);
      weeks.push({
        from: monday,
        to: r.fecha,
        weeklyLimitSeconds: settledWeekLimitSeconds(r.fecha, plannedDates.filter((d) => d >= monday)),
        shortfallSeconds: r.week.shortfall,
        netOvertimeSeconds: r.week.netOvertime,
        netOvertimeWithinLimitSeconds: r.week.netOvertimeWithin,
        overAgreedSeconds: r.week.overAgreed,
      });
      totals.shortfallSeconds += r.week.shortfall;
      totals.lateAfterCompensationSeconds += r.week.lateAfter;
      totals.earlyLeaveAfterCompensationSeconds += r.week.earlyLeaveAfter;
    }
    if (r.fecha < from) continue;
    if (r.status === 'presente' || r.status === 'incompleto') totals.daysWorked++;
    if (r.status === 'ausente') totals.unjustifiedAbsenceDays++;
    if (r.status === 'incompleto') totals.pendingDays++;
    // Worked time on a Sunday or a holiday by the clock (a night shift into one counts on the day it started).
    if (r.sundaySeconds > 0) totals.sundaysWorked++;
    if (r.holidaySeconds > 0) totals.holidaysWorked++;
    if (r.sundaySeconds > 0 || r.holidaySeconds > 0) totals.sundaysOrHolidaysWorked++;
    const p = r.permiso;
    if (p && !p.horas) {
      const key = `${p.tipo}\u0000${p.pagado}`;
      let entry = permissionDays.get(key);
      if (!entry) permissionDays.set(key, (entry = { type: p.tipo, paid: p.pagado, unit: p.unidad as 'dias_habiles' | 'dias_corridos', days: 0 }));
      // Feriado anual counts business days (art. 69): not Saturdays, Sundays nor the site's holidays.
      if (p.unidad !== 'dias_habiles' || (isoWeekday(r.fecha) <= 5 && r.feriado === null)) entry.days++;
    }
    for (const h of r.permisosPorHoras) {
      const key = `${h.tipo}\u0000${h.pagado}`;
      const entry = permissionHours.get(key);
      if (entry) entry.seconds += h.segundos;
      else permissionHours.set(key, { type: h.tipo, paid: h.pagado, seconds: h.segundos });
    }
  }
  const byTypeAndPay = (a: { type: string; paid: boolean }, b: { type: string; paid: boolean }) => a.type.localeCompare(b.type) || Number(b.paid) - Number(a.paid);
  totals.permissionDays = [...permissionDays.values()].sort(byTypeAndPay);
  totals.permissionHours = [...permissionHours.values()].sort(byTypeAndPay);
  // Ordinary seconds on each Sunday of the month by the clock (the Sunday surcharge, art. 38 inc. 2): a
  // Saturday night shift into the month's first Sunday is read here, since a Sunday's week is loaded.
  const sundayOrdinaryWork = sundayOrdinaryWorkIn(
    rows.filter((r) => r.fecha <= closed && r.sundaySeconds > 0).map((r) => ({ date: r.fecha, workedSeconds: r.workedSeconds, ordinarySeconds: r.ordinarySeconds, overAgreedSeconds: r.overAgreedSeconds, sundaySeconds: r.sundaySeconds })),
    from,
    closed,
  );
  return { weeks, weekDays, totals, sundayOrdinaryWork };
}

/**
 * The payroll facts of some workers for the month `from`..`to`, counting days up to `closed` (the
 * month's last day, or yesterday while it runs). Weeks are those whose Sunday lies in the month;
 * their days before the month are read too.
 */
export async function payrollFacts(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, closed: string): Promise<Map<string, RemunerationFacts>> {
  const out = new Map<string, RemunerationFacts>();
  const rows = closed < from ? [] : await repo.payrollDayRows(db, companyId, userIds, weekStart(from), closed);
  let start = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i === rows.length || rows[i]!.userId !== rows[start]!.userId) {
      out.set(rows[start]!.userId, payrollFactsOfRows(rows.slice(start, i), from, closed));
      start = i;
    }
  }
  const empty = payrollFactsOfRows([], from, closed);
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

