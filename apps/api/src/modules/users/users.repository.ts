import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logins, users } from '../../db/schema/index';

export type NewUser = typeof users.$inferInsert;

export async function loginExists(db: DbOrTx, rut: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(logins).where(eq(logins.rut, rut));
  return row!.n > 0;
}

export async function companyHasPrincipal(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.principal, true)));
  return row!.n > 0;
}

/** Inserts the user and its global RUT login together. */
export async function insertUserWithLogin(db: DbOrTx, values: NewUser): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  await db.insert(logins).values({ rut: values.rut, companyId: values.companyId, userId: row!.id });
  return row!.id;
}

export async function insertUsersWithLogins(db: DbOrTx, values: NewUser[]): Promise<void> {
  if (values.length === 0) return;
  const rows = await db.insert(users).values(values).returning({ id: users.id, rut: users.rut, companyId: users.companyId });
  await db.insert(logins).values(rows.map((row) => ({ rut: row.rut, companyId: row.companyId, userId: row.id })));
}
