import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, userInvitations, users } from '../../db/schema/index';

export async function insertInvitations(db: DbOrTx, values: (typeof userInvitations.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < values.length; i += 1000) await db.insert(userInvitations).values(values.slice(i, i + 1000));
}

/** Invitations the company sent on the Chilean day `day` (what the daily maximum counts). */
export async function countSentOn(db: DbOrTx, companyId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userInvitations)
    .where(and(eq(userInvitations.companyId, companyId), eq(userInvitations.sentOn, day)));
  return Number(row?.n ?? 0);
}

export async function countPending(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userInvitations)
    .where(and(eq(userInvitations.companyId, companyId), isNull(userInvitations.sentAt)));
  return Number(row?.n ?? 0);
}

/**
 * Forgets the waiting invitations nobody needs any more: the user was deactivated, or already chose a
 * password (a reset link asked for meanwhile).
 */
export async function dropStaleInvitations(db: DbOrTx, companyId: string): Promise<void> {
  await db.delete(userInvitations).where(
    and(
      eq(userInvitations.companyId, companyId),
      isNull(userInvitations.sentAt),
      sql`exists (select 1 from ${users} where ${users.companyId} = ${userInvitations.companyId} and ${users.id} = ${userInvitations.userId} and (not ${users.active} or ${users.passwordHash} is not null))`,
    ),
  );
}

/** The oldest `limit` waiting invitations of the company (by the pending index). */
export function pendingInvitations(db: DbOrTx, companyId: string, limit: number): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: userInvitations.id, userId: userInvitations.userId })
    .from(userInvitations)
    .where(and(eq(userInvitations.companyId, companyId), isNull(userInvitations.sentAt)))
    .orderBy(asc(userInvitations.createdAt), asc(userInvitations.id))
    .limit(limit);
}

export async function markSent(db: DbOrTx, companyId: string, ids: string[], now: Date, day: string): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await db
      .update(userInvitations)
      .set({ sentAt: now, sentOn: day })
      .where(and(eq(userInvitations.companyId, companyId), inArray(userInvitations.id, ids.slice(i, i + 1000))));
  }
}

/**
 * Every company with waiting invitations it may send now: its e-mail confirmed and fewer than
 * `dailyMax` sent on `day`. Crosses companies: the caller runs it in system scope.
 */
export async function companiesWithDueInvitations(db: DbOrTx, day: string, dailyMax: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ companyId: userInvitations.companyId })
    .from(userInvitations)
    .innerJoin(companies, eq(companies.id, userInvitations.companyId))
    .where(
      and(
        isNull(userInvitations.sentAt),
        isNotNull(companies.emailConfirmedAt),
        sql`(select count(*) from ${userInvitations} as sent where sent.company_id = ${userInvitations.companyId} and sent.sent_on = ${day}) < ${dailyMax}`,
      ),
    );
  return rows.map((row) => row.companyId);
}
