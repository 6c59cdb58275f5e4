import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/index';

export type CompanyRow = typeof companies.$inferSelect;

/** The tenant row itself: its id is the session's company id. */
export async function findCompany(db: DbOrTx, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row;
}

export async function findCompanyForUpdate(db: DbOrTx, companyId: string): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).for('update');
  return row;
}

export async function updateCompany(db: DbOrTx, companyId: string, values: Partial<typeof companies.$inferInsert>): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}
