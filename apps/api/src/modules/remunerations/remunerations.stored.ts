/**
 * What operations do with the stored pay of open months (remuneration_rows, migration 0049): forget it, so
 * the next read of each month computes it again from the stored days. Given to `npm run
 * attendance:rollups:rebuild` (apps/api/src/ops/attendance-rebuild.ts), which rebuilds what is kept beside
 * the stored days.
 */
import type { DbOrTx } from '../../db/client';
import { forgetRows } from './remunerations.stored.repository';

export function createStoredPay(db: DbOrTx) {
  return {
    /** Deletes every stored month of the company's pay; returns how many worker-months were stored. */
    forget: (companyId: string): Promise<number> => forgetRows(db, companyId),
  };
}
