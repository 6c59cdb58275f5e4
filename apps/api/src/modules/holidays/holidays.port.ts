/** The company calendar other modules receive at assembly (`app.companyHolidays`). */
import type { Db, DbOrTx } from '../../db/client';
import { companyCalendar, type CompanyCalendar } from './holidays.calendar';
import * as repo from './holidays.repository';

export interface CompanyHolidaysPort {
  /**
   * The calendar of a company for dates between `range.from` and `range.to` (its own days outside the
   * range are left out; the law's are always there). `executor` is the caller's transaction when it has one.
   */
  calendarOf(companyId: string, range: { from: string; to: string }, executor?: DbOrTx): Promise<CompanyCalendar>;
}

export function createCompanyHolidays(db: Db): CompanyHolidaysPort {
  return {
    async calendarOf(companyId, range, executor = db) {
      return companyCalendar(await repo.liveHolidays(executor, companyId, range.from, range.to));
    },
  };
}
