import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { qualified } from '../../db/qualified';
import { sites, users } from '../../db/schema/index';

export type SiteRow = typeof sites.$inferSelect;
export type NewSite = typeof sites.$inferInsert;

/** Users assigned to the site (a correlated count: the outer columns are qualified, see `qualified`). */
const userCount = sql<number>`(select count(*)::int from ${users} where ${users.companyId} = ${qualified(sites.companyId)} and ${users.siteId} = ${qualified(sites.id)})`;

export async function listSites(db: DbOrTx, companyId: string, q: string | undefined, paging: { limit: number; offset: number }) {
  const conditions = [eq(sites.companyId, companyId)];
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${sites.nombre} ilike ${pattern} or coalesce(${sites.comuna}, '') ilike ${pattern} or coalesce(${sites.ciudad}, '') ilike ${pattern})`);
  }
  const where = and(...conditions);
  const rows = await db
    .select({ site: sites, totalUsuarios: userCount })
    .from(sites)
    .where(where)
    .orderBy(asc(sites.nombre), asc(sites.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(sites).where(where);
  return { rows, total: total!.n };
}

export async function findSite(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ site: sites, totalUsuarios: userCount })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row;
}

export async function insertSite(db: DbOrTx, values: NewSite): Promise<string> {
  const [row] = await db.insert(sites).values(values).returning({ id: sites.id });
  return row!.id;
}

export async function updateSite(db: DbOrTx, companyId: string, id: string, values: Partial<NewSite>): Promise<number> {
  const rows = await db
    .update(sites)
    .set(values)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)))
    .returning({ id: sites.id });
  return rows.length;
}
