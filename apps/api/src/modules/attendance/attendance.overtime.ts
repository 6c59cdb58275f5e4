/**
 * The overtime the evaluation found, as stored in `attendance_days` (the engine's figures, never
 * recomputed): what modules/overtime lists for approval and caps approvals with.
 */
import type { DbOrTx } from '../../db/client';
import * as repo from './attendance.repository';

export type FoundOvertimeDay = repo.OvertimeDayRow;

/**
 * Stored days with overtime of these workers over `from`..`to` (local dates), plus the days listed in
 * `alsoDays` whatever their overtime now (decided days whose figure may have dropped to nothing).
 * Reads what is stored: bring the days up to date first with the attendance service's `ensureFresh`.
 */
export function foundOvertime(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
  alsoDays: readonly { userId: string; fecha: string }[] = [],
): Promise<FoundOvertimeDay[]> {
  return repo.overtimeDays(db, companyId, userIds, from, to, alsoDays);
}
