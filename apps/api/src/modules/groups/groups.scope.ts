import type { Db } from '../../db/client';
import * as repo from './groups.repository';

/**
 * The groups a user leads: a supervisor's scope in every module that lists workers (attendance,
 * planning, marks, permissions, overtime, corrections, reports…), given to them at assembly as
 * `app.ledGroups`, so none of them reaches the groups' tables.
 */
export interface LedGroupsPort {
  ledGroupIds(companyId: string, userId: string): Promise<string[]>;
}

export function createLedGroups(db: Db): LedGroupsPort {
  return { ledGroupIds: (companyId, userId) => repo.ledGroupIds(db, companyId, userId) };
}
