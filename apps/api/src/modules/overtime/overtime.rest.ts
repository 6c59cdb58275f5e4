/**
 * What the ledger of overtime compensated with vacation days (art. 32 inc. 4) is computed from, for the F.H.E.
 * balance (modules/permissions) and the payroll: per worker with a «feriado» pact, the overtime the evaluation
 * stored per day from the first such pact to today (brought up to date first, never recomputed here), the pacts,
 * the contract's start and the business day (agreed weekly hours over the pact's days a week).
 */
import { weeklyHoursLimit } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { localDate } from '../../lib/clock';
import type { AttendanceService } from '../attendance/index';
import type { OvertimeRestSource, OvertimeRestSourceInput } from '../permissions/index';
import type { FoundOvertimeReader } from './overtime.reads';
import * as repo from './overtime.repository';

/** Reads the stored days up to `to` (today for a balance; a month's end for the payroll). */
export type OvertimeRestInputs = (
  companyId: string,
  userIds: readonly string[],
  now: Date,
  to?: string,
  /** `executor`: the caller's transaction (a month's close); `fresh: false` reads the stored days as they are (the close re-evaluated them). */
  options?: { executor?: DbOrTx; fresh?: boolean },
) => Promise<Map<string, OvertimeRestSourceInput>>;

export function createOvertimeRestInputs(db: DbOrTx, attendance: Pick<AttendanceService, 'ensureFresh'>, foundOvertime: FoundOvertimeReader): OvertimeRestInputs {
  return async (companyId, userIds, now, to, { executor = db, fresh = true } = {}) => {
    const out = new Map<string, OvertimeRestSourceInput>();
    const pacts = await repo.restAgreements(executor, companyId, userIds);
    if (pacts.length === 0) return out;
    const ids = [...new Set(pacts.map((p) => p.userId))];
    const today = localDate(now);
    const until = to !== undefined && to < today ? to : today;
    const from = pacts.reduce((min, p) => (p.desde < min ? p.desde : min), pacts[0]!.desde);
    const last = pacts.reduce((max, p) => (p.hasta > max ? p.hasta : max), pacts[0]!.hasta);
    const readTo = last < until ? last : until;
    if (fresh && from <= readTo) await attendance.ensureFresh(companyId, ids, from, readTo, now);
    const found = from <= readTo ? await foundOvertime(companyId, ids, from, readTo, [], executor) : [];
    const workers = new Map((await repo.restWorkers(executor, companyId, ids)).map((w) => [w.id, w]));
    for (const id of ids) {
      const worker = workers.get(id);
      if (!worker) continue;
      const own = pacts.filter((p) => p.userId === id);
      const latest = own[own.length - 1]!;
      const weeklyHours = worker.horasSemanales ?? weeklyHoursLimit(latest.desde);
      out.set(id, {
        days: found.filter((d) => d.userId === id).map((d) => ({ date: d.fecha, overtimeSeconds: d.overtimeSeconds })),
        agreements: own.map((p) => ({ from: p.desde, to: p.hasta })),
        contractStart: worker.inicioContrato,
        businessDaySeconds: (weeklyHours * 3600) / (latest.diasSemana ?? 5),
      });
    }
    return out;
  };
}

/** The source the permissions module's F.H.E. balance reads (`app.overtimeRestSource`). */
export const asRestSource = (inputs: OvertimeRestInputs): OvertimeRestSource => (companyId, userIds, now) => inputs(companyId, userIds, now);
