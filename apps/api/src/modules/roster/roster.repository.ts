import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { groups, rosterDemands, rosterProposals, sites } from '../../db/schema/index';

export type DemandRow = typeof rosterDemands.$inferSelect;
export type ProposalRow = typeof rosterProposals.$inferSelect;
type NewProposal = typeof rosterProposals.$inferInsert;

/** A site as the roster needs it: its zone (days are its days) and its region and comuna (holidays). */
export async function findSite(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ id: sites.id, nombre: sites.nombre, timeZone: sites.timeZone, region: sites.region, comuna: sites.comuna })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row;
}

export async function findGroup(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db.select({ id: groups.id, nombre: groups.nombre }).from(groups).where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  return row;
}

export async function findDemand(db: DbOrTx, companyId: string, siteId: string): Promise<DemandRow | undefined> {
  const [row] = await db.select().from(rosterDemands).where(and(eq(rosterDemands.companyId, companyId), eq(rosterDemands.siteId, siteId)));
  return row;
}

export async function saveDemand(db: DbOrTx, row: typeof rosterDemands.$inferInsert): Promise<DemandRow> {
  const [saved] = await db
    .insert(rosterDemands)
    .values(row)
    .onConflictDoUpdate({
      target: [rosterDemands.companyId, rosterDemands.siteId],
      set: { bands: row.bands, exceptions: row.exceptions, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
    })
    .returning();
  return saved!;
}

export async function insertProposal(db: DbOrTx, row: NewProposal): Promise<ProposalRow> {
  const [saved] = await db.insert(rosterProposals).values(row).returning();
  return saved!;
}

/** A proposal with the names of its site and group. */
export async function findProposal(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({ proposal: rosterProposals, siteNombre: sites.nombre, zone: sites.timeZone, groupNombre: groups.nombre })
    .from(rosterProposals)
    .innerJoin(sites, and(eq(sites.companyId, rosterProposals.companyId), eq(sites.id, rosterProposals.siteId)))
    .leftJoin(groups, and(eq(groups.companyId, rosterProposals.companyId), eq(groups.id, rosterProposals.groupId)))
    .where(and(eq(rosterProposals.companyId, companyId), eq(rosterProposals.id, id)));
  return row;
}

export async function updateProposal(db: DbOrTx, companyId: string, id: string, values: Partial<NewProposal>): Promise<void> {
  await db
    .update(rosterProposals)
    .set(values)
    .where(and(eq(rosterProposals.companyId, companyId), eq(rosterProposals.id, id)));
}

/** Marks a proposal applied unless it already was (locks its row for the applying transaction); false when it was. */
export async function markApplied(db: DbOrTx, companyId: string, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(rosterProposals)
    .set({ appliedBy: by, appliedAt: at })
    .where(and(eq(rosterProposals.companyId, companyId), eq(rosterProposals.id, id), isNull(rosterProposals.appliedAt)))
    .returning({ id: rosterProposals.id });
  return rows.length === 1;
}
