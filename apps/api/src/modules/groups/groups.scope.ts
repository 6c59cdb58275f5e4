import type { DbOrTx } from '../../db/client';
import * as repo from './groups.repository';

/**
 * The groups a user leads: a supervisor's scope in every module that lists workers (attendance,
 * planning, marks, permissions, overtime…). A service-level read, so the modules that ask never
 * reach the groups' repository; it runs on the database (or transaction) the caller gives.
 */
export function ledGroupIds(db: DbOrTx, companyId: string, userId: string): Promise<string[]> {
  return repo.ledGroupIds(db, companyId, userId);
}
