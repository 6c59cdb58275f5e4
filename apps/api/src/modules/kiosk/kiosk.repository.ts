import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, kiosks, markingPins, pinFailures, sites, users } from '../../db/schema/index';

export type KioskRow = typeof kiosks.$inferSelect;
export type NewKiosk = typeof kiosks.$inferInsert;
export type SiteRow = typeof sites.$inferSelect;
export type PinFailureRow = typeof pinFailures.$inferSelect;

// ---- PIN -----------------------------------------------------------------------------------------

/** The worker's marking PIN (hash and when it changed), if they set one. */
export async function findPin(db: DbOrTx, companyId: string, userId: string): Promise<{ pinHash: string; updatedAt: Date } | undefined> {
  const [row] = await db
    .select({ pinHash: markingPins.pinHash, updatedAt: markingPins.updatedAt })
    .from(markingPins)
    .where(and(eq(markingPins.companyId, companyId), eq(markingPins.userId, userId)));
  return row;
}

/** Sets the worker's PIN, replacing the one they had. */
export async function upsertPin(db: DbOrTx, companyId: string, userId: string, pinHash: string, now: Date): Promise<void> {
  await db
    .insert(markingPins)
    .values({ companyId, userId, pinHash, updatedAt: now })
    .onConflictDoUpdate({ target: [markingPins.companyId, markingPins.userId], set: { pinHash, updatedAt: now } });
}

/** What the "PIN changed" mail needs: the worker's name, addresses, RUT and the company's legal name. */
export async function pinMailRecipient(
  db: DbOrTx,
  companyId: string,
  userId: string,
): Promise<{ nombre: string; email: string; emailPersonal: string | null; rut: string; razonSocial: string } | undefined> {
  const [user] = await db
    .select({ nombre: users.nombre, email: users.email, emailPersonal: users.emailPersonal, rut: users.rut, razonSocial: companies.razonSocial })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return user;
}

/** The failed-PIN counter (and lock) of a RUT at the company's kiosks. */
export async function findPinFailures(db: DbOrTx, companyId: string, rut: string): Promise<PinFailureRow | undefined> {
  const [lock] = await db
    .select()
    .from(pinFailures)
    .where(and(eq(pinFailures.companyId, companyId), eq(pinFailures.rut, rut)));
  return lock;
}

export async function savePinFailures(
  db: DbOrTx,
  values: { companyId: string; rut: string; failures: number; lastFailureAt: Date; lockedUntil: Date | null },
): Promise<void> {
  const { failures, lastFailureAt, lockedUntil } = values;
  await db
    .insert(pinFailures)
    .values(values)
    .onConflictDoUpdate({ target: [pinFailures.companyId, pinFailures.rut], set: { failures, lastFailureAt, lockedUntil } });
}

/** Clears a RUT's failed-PIN counter, which unlocks it. */
export async function clearPinFailures(db: DbOrTx, companyId: string, rut: string): Promise<void> {
  await db.delete(pinFailures).where(and(eq(pinFailures.companyId, companyId), eq(pinFailures.rut, rut)));
}

/** The worker with that RUT in the company, with their PIN hash (null when they have none) and the zone of the kiosk's site. */
export async function workerByRut(
  db: DbOrTx,
  companyId: string,
  rut: string,
  kioskSiteId: string,
): Promise<{ id: string; nombre: string; apellidos: string; siteId: string | null; pinHash: string | null; zone: string | null } | undefined> {
  const [user] = await db
    .select({
      id: users.id,
      nombre: users.nombre,
      apellidos: users.apellidos,
      siteId: users.siteId,
      pinHash: markingPins.pinHash,
      zone: sql<string | null>`(select ${sites.timeZone} from ${sites} where ${sites.companyId} = ${users.companyId} and ${sites.id} = ${kioskSiteId})`,
    })
    .from(users)
    .leftJoin(markingPins, and(eq(markingPins.companyId, users.companyId), eq(markingPins.userId, users.id)))
    .where(and(eq(users.companyId, companyId), eq(users.rut, rut)));
  return user;
}

// ---- Kiosks --------------------------------------------------------------------------------------

/** The company's kiosks with their site and creator's name: open ones first, newest first. */
export async function listKioskRows(db: DbOrTx, companyId: string): Promise<{ kiosk: KioskRow; siteNombre: string; creator: string | null }[]> {
  const creator = sql<string | null>`(select u.nombre || ' ' || u.apellidos from users u where u.company_id = ${kiosks.companyId} and u.id = ${kiosks.createdBy})`;
  return db
    .select({ kiosk: kiosks, siteNombre: sites.nombre, creator })
    .from(kiosks)
    .innerJoin(sites, and(eq(sites.companyId, kiosks.companyId), eq(sites.id, kiosks.siteId)))
    .where(eq(kiosks.companyId, companyId))
    .orderBy(sql`${kiosks.revokedAt} is not null`, desc(kiosks.createdAt));
}

export async function siteExists(db: DbOrTx, companyId: string, siteId: string): Promise<boolean> {
  const [site] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, siteId)));
  return Boolean(site);
}

export async function insertKiosk(db: DbOrTx, values: NewKiosk): Promise<{ id: string }> {
  const [row] = await db.insert(kiosks).values(values).returning({ id: kiosks.id });
  return row!;
}

/** Closes an open kiosk; false when there was none with that id. */
export async function revokeKiosk(db: DbOrTx, companyId: string, id: string, revokedBy: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(kiosks)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(kiosks.companyId, companyId), eq(kiosks.id, id), isNull(kiosks.revokedAt)))
    .returning({ id: kiosks.id });
  return Boolean(row);
}

/** The open kiosk holding that token hash, stamped as used now (across companies: the token names the company). */
export async function touchKioskByToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<{ id: string; companyId: string; siteId: string; nombre: string } | undefined> {
  const [row] = await db
    .update(kiosks)
    .set({ lastUsedAt: now })
    .where(and(eq(kiosks.tokenHash, tokenHash), isNull(kiosks.revokedAt)))
    .returning({ id: kiosks.id, companyId: kiosks.companyId, siteId: kiosks.siteId, nombre: kiosks.name });
  return row;
}

/** The kiosk's site and its company's name. */
export async function kioskSite(db: DbOrTx, companyId: string, siteId: string): Promise<{ site: SiteRow; empresa: string } | undefined> {
  const [row] = await db
    .select({ site: sites, empresa: companies.nombre })
    .from(sites)
    .innerJoin(companies, eq(companies.id, sites.companyId))
    .where(and(eq(sites.companyId, companyId), eq(sites.id, siteId)));
  return row;
}
