/**
 * The compensatory rest of art. 38 inc. 3 each worker is owed, for modules/permissions (its balance): the
 * stored days worked (from the Monday before `from`, so the first Sunday's week is known), brought up to date
 * first, counted by the domain's `compensatoryRestOwed`. Nothing here evaluates on its own: the days are the engine's stored evaluation.
 */
import { addDays, compensatoryRestOwed, type CompensatoryRestDay, type CompensatoryRestOwed } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import type { OwedCompensatoryRest } from '../permissions/index';
import * as repo from './attendance.repository';
import type { AttendanceService } from './attendance.service';

/**
 * Per worker (every id asked, even with nothing owed), the compensatory rest owed over `from`..`to`: one day per
 * holiday worked and per Sunday worked at the end of a week without rest, for the workers excepted from Sunday rest.
 */
export function createOwedCompensatoryRest(db: DbOrTx, attendance: Pick<AttendanceService, 'ensureFresh'>): OwedCompensatoryRest {
  return async (companyId, userIds, from, to, now) => {
    const excepted = await repo.exceptedFromSundayRest(db, companyId, userIds);
    const owedTo = userIds.filter((id) => excepted.has(id));
    const weekBefore = addDays(from, -6);
    if (owedTo.length > 0 && from <= to) await attendance.ensureFresh(companyId, owedTo, weekBefore, to, now);
    const daysOf = new Map<string, CompensatoryRestDay[]>();
    for (const { userId, ...day } of await repo.workedDays(db, companyId, owedTo, weekBefore, to)) {
      const list = daysOf.get(userId);
      if (list) list.push(day);
      else daysOf.set(userId, [day]);
    }
    const out = new Map<string, CompensatoryRestOwed>();
    for (const id of userIds) out.set(id, compensatoryRestOwed(daysOf.get(id) ?? [], { exceptedFromSundayRest: excepted.has(id) }, from));
    return out;
  };
}
