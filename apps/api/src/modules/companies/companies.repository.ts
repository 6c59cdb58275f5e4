import { and, count, desc, eq, gt, gte, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, companyEmailConfirmations, onboardingTokens, users } from '../../db/schema/index';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;

export async function findCompanyByRutForUpdate(db: DbOrTx, rut: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.rut, rut)).for('update');
  return row;
}

/** The tenant row itself: its id is the session's company id, for a change in the caller's transaction. */
export async function findCompanyForUpdate(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function findCompanyById(db: DbOrTx, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}

export async function insertCompany(db: DbOrTx, values: NewCompany): Promise<string> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  return row!.id;
}

export async function updateCompany(db: DbOrTx, id: string, values: Partial<NewCompany>): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, id));
}

export async function countCompanies(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(companies);
  return row!.n;
}

export async function countCompanyUsers(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return row!.n;
}

export async function hasLiveOnboardingToken(db: DbOrTx, companyId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(onboardingTokens)
    .where(and(eq(onboardingTokens.companyId, companyId), isNull(onboardingTokens.usedAt), gt(onboardingTokens.expiresAt, now)));
  return row!.n > 0;
}

export async function insertOnboardingToken(db: DbOrTx, values: typeof onboardingTokens.$inferInsert): Promise<void> {
  await db.insert(onboardingTokens).values(values);
}

/** Locks the token row so two simultaneous sign-ups with one token cannot both pass. */
export async function findOnboardingTokenForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(onboardingTokens).where(eq(onboardingTokens.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markOnboardingTokenUsed(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db.update(onboardingTokens).set({ usedAt: now }).where(eq(onboardingTokens.tokenHash, tokenHash));
}

// E-mail confirmation links

export type EmailConfirmationRow = typeof companyEmailConfirmations.$inferSelect;

export async function insertEmailConfirmation(db: DbOrTx, values: typeof companyEmailConfirmations.$inferInsert): Promise<void> {
  await db.insert(companyEmailConfirmations).values(values);
}

/** Locks the link's row so two simultaneous uses of one link cannot both pass. */
export async function findEmailConfirmationForUpdate(db: DbOrTx, tokenHash: string): Promise<EmailConfirmationRow | undefined> {
  const [row] = await db.select().from(companyEmailConfirmations).where(eq(companyEmailConfirmations.tokenHash, tokenHash)).for('update');
  return row;
}

/** Every pending link of the company dies with a confirmation, not only the one used. */
export async function consumeEmailConfirmations(db: DbOrTx, companyId: string, now: Date): Promise<void> {
  await db
    .update(companyEmailConfirmations)
    .set({ usedAt: now })
    .where(and(eq(companyEmailConfirmations.companyId, companyId), isNull(companyEmailConfirmations.usedAt)));
}

/** When the company's links created at or after `since` were sent, newest first (the resend limits). */
export async function emailConfirmationTimes(db: DbOrTx, companyId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: companyEmailConfirmations.createdAt })
    .from(companyEmailConfirmations)
    .where(and(eq(companyEmailConfirmations.companyId, companyId), gte(companyEmailConfirmations.createdAt, since)))
    .orderBy(desc(companyEmailConfirmations.createdAt));
  return rows.map((row) => row.createdAt);
}
