import type { DbOrTx } from '../../db/client';
import * as repo from './auth.repository';

/**
 * The users' sessions as other modules end them, given at assembly (`app.userSessions`): a change
 * that removes a user's access (modules/users) ends every open session of theirs at once.
 */
export interface UserSessionsPort {
  /** Ends every open session of a user, in the caller's transaction. */
  revokeAll(tx: DbOrTx, companyId: string, userId: string, now: Date): Promise<void>;
}

export const userSessions: UserSessionsPort = {
  revokeAll: (tx, companyId, userId, now) => repo.revokeUserSessions(tx, companyId, userId, now),
};
