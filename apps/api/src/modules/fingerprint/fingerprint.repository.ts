import type { CredencialesFiltro } from '@jornada/contracts';
import { and, asc, count, desc, eq, gt, ilike, isNull, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { biometricConsents, sites, users, webauthnChallenges, webauthnCredentials } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { containsPattern } from '../../lib/text-search';

export type UserRow = typeof users.$inferSelect;
export type ConsentRow = typeof biometricConsents.$inferSelect;
export type NewConsent = typeof biometricConsents.$inferInsert;
export type CredentialRow = typeof webauthnCredentials.$inferSelect;
export type NewCredential = typeof webauthnCredentials.$inferInsert;
export type ChallengeRow = typeof webauthnChallenges.$inferSelect;
export type NewChallenge = typeof webauthnChallenges.$inferInsert;

const fold = (value: SQL | AnyPgColumn) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;

// ---- People --------------------------------------------------------------------------------------

export async function findUser(db: DbOrTx, companyId: string, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return user;
}

/** First names and surnames of one person of the company, if any. */
export async function userName(db: DbOrTx, companyId: string, id: string): Promise<{ nombre: string; apellidos: string } | undefined> {
  const [by] = await db
    .select({ nombre: users.nombre, apellidos: users.apellidos })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return by;
}

/** Names of several people of the company (ids must be non-empty). */
export async function userNames(db: DbOrTx, companyId: string, ids: string[]): Promise<{ id: string; nombre: string; apellidos: string }[]> {
  return db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos })
    .from(users)
    .where(and(eq(users.companyId, companyId), sql`${users.id} = any(${sql.param(ids)}::uuid[])`));
}

/** The worker a credential marks for, with their site (a kiosk only marks its own site's workers). */
export async function workerOf(
  db: DbOrTx,
  companyId: string,
  userId: string,
): Promise<{ id: string; nombre: string; apellidos: string; siteId: string | null } | undefined> {
  const [worker] = await db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, siteId: users.siteId })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return worker;
}

// ---- Consents ------------------------------------------------------------------------------------

/** The worker's consent in force (not revoked), if any. */
export async function currentConsent(db: DbOrTx, companyId: string, userId: string): Promise<ConsentRow | undefined> {
  const [row] = await db
    .select()
    .from(biometricConsents)
    .where(and(eq(biometricConsents.companyId, companyId), eq(biometricConsents.userId, userId), isNull(biometricConsents.revokedAt)));
  return row;
}

export async function insertConsent(db: DbOrTx, values: NewConsent): Promise<ConsentRow> {
  const [inserted] = await db.insert(biometricConsents).values(values).returning();
  return inserted!;
}

/** Withdrawal: the consent ends and every active credential of the worker is revoked (run both in one transaction). */
export async function revokeConsentAndCredentials(
  db: DbOrTx,
  companyId: string,
  consentId: string,
  userId: string,
  revokedBy: string,
  now: Date,
): Promise<void> {
  await db
    .update(biometricConsents)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(biometricConsents.companyId, companyId), eq(biometricConsents.id, consentId)));
  await db
    .update(webauthnCredentials)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(webauthnCredentials.companyId, companyId), eq(webauthnCredentials.userId, userId), isNull(webauthnCredentials.revokedAt)));
}

// ---- Challenges ----------------------------------------------------------------------------------

/** Stores a challenge; expired ones (older than `cleanBefore`) are cleaned as new ones are made, so the table stays small. */
export async function storeChallenge(db: DbOrTx, values: NewChallenge, cleanBefore: Date): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, cleanBefore));
  await db.insert(webauthnChallenges).values(values);
}

/** Whose challenge it must be: registration (worker and requester) or marking (the worker, or the kiosk). */
export type ChallengeScope =
  | { companyId: string; purpose: 'registro'; userId: string; requestedBy: string }
  | { companyId: string; purpose: 'marca'; kioskId: string }
  | { companyId: string; purpose: 'marca'; userId: string };

function scopeCondition(scope: ChallengeScope): SQL {
  if (scope.purpose === 'registro') {
    return and(
      eq(webauthnChallenges.companyId, scope.companyId),
      eq(webauthnChallenges.purpose, 'registro'),
      eq(webauthnChallenges.userId, scope.userId),
      eq(webauthnChallenges.requestedBy, scope.requestedBy),
    )!;
  }
  return and(
    eq(webauthnChallenges.companyId, scope.companyId),
    eq(webauthnChallenges.purpose, 'marca'),
    'kioskId' in scope ? eq(webauthnChallenges.kioskId, scope.kioskId) : eq(webauthnChallenges.userId, scope.userId),
  )!;
}

/** Single use: the challenge is marked used in the same statement that finds it (unexpired, unused, in scope). */
export async function consumeChallenge(db: DbOrTx, challenge: string, now: Date, scope: ChallengeScope): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(and(eq(webauthnChallenges.challenge, challenge), isNull(webauthnChallenges.usedAt), gt(webauthnChallenges.expiresAt, now), scopeCondition(scope)))
    .returning();
  return row;
}

// ---- Credentials ---------------------------------------------------------------------------------

export async function activeCredentials(db: DbOrTx, companyId: string, userId: string): Promise<CredentialRow[]> {
  return db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.companyId, companyId), eq(webauthnCredentials.userId, userId), isNull(webauthnCredentials.revokedAt)));
}

/** Whether a credential id is taken; it is unique in the whole database, so this look-up crosses companies (db/tenant-context.ts). */
export async function credentialIdTaken(db: DbOrTx, credentialId: string): Promise<boolean> {
  const [taken] = await runAsSystem(() =>
    db.select({ id: webauthnCredentials.id }).from(webauthnCredentials).where(eq(webauthnCredentials.credentialId, credentialId)),
  );
  return Boolean(taken);
}

export async function insertCredential(db: DbOrTx, values: NewCredential): Promise<{ id: string }> {
  const [row] = await db.insert(webauthnCredentials).values(values).returning({ id: webauthnCredentials.id });
  return row!;
}

/** An active credential of the company by its WebAuthn id. */
export async function activeCredentialById(db: DbOrTx, companyId: string, credentialId: string): Promise<CredentialRow | undefined> {
  const [credential] = await db
    .select()
    .from(webauthnCredentials)
    .where(and(eq(webauthnCredentials.credentialId, credentialId), eq(webauthnCredentials.companyId, companyId), isNull(webauthnCredentials.revokedAt)));
  return credential;
}

/** After a verified assertion: the new signature counter and the time of use. */
export async function recordCredentialUse(db: DbOrTx, companyId: string, id: string, counter: number, now: Date): Promise<void> {
  await db
    .update(webauthnCredentials)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(webauthnCredentials.companyId, companyId), eq(webauthnCredentials.id, id)));
}

/** Revokes an active credential; `ownerId` limits it to that worker's own. Returns false when nothing matched. */
export async function revokeCredential(db: DbOrTx, companyId: string, id: string, ownerId: string | undefined, revokedBy: string, now: Date): Promise<boolean> {
  const own = ownerId === undefined ? undefined : eq(webauthnCredentials.userId, ownerId);
  const [row] = await db
    .update(webauthnCredentials)
    .set({ revokedAt: now, revokedBy })
    .where(and(eq(webauthnCredentials.companyId, companyId), eq(webauthnCredentials.id, id), isNull(webauthnCredentials.revokedAt), own))
    .returning({ id: webauthnCredentials.id });
  return Boolean(row);
}

/** Every word must match a name or surname (accents folded) or, when it looks like one, the RUT digits. */
function searchCondition(q: string | undefined): SQL | undefined {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length === 0) return undefined;
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word);
      const alternatives: SQL[] = [sql`${fold(users.nombre)} like ${pattern}`, sql`${fold(users.apellidos)} like ${pattern}`];
      const rutDigits = word.replace(/[.\-\s]/g, '').toLowerCase();
      if (/^\d{3,}k?$/.test(rutDigits)) alternatives.push(ilike(sql`replace(${users.rut}, '-', '')`, `%${rutDigits}%`));
      return or(...alternatives)!;
    }),
  );
}

const credentialColumns = {
  id: webauthnCredentials.id,
  userId: users.id,
  nombre: users.nombre,
  apellidos: users.apellidos,
  rut: users.rut,
  sede: sites.nombre,
  deviceName: webauthnCredentials.deviceName,
  createdAt: webauthnCredentials.createdAt,
  createdBy: webauthnCredentials.createdBy,
  lastUsedAt: webauthnCredentials.lastUsedAt,
  revokedAt: webauthnCredentials.revokedAt,
};

export interface CredentialListRow {
  id: string;
  userId: string;
  nombre: string;
  apellidos: string;
  rut: string;
  sede: string | null;
  deviceName: string;
  createdAt: Date;
  createdBy: string;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A page of the company's credentials with their worker and site, newest first, and the total. */
export async function listCredentialRows(
  db: DbOrTx,
  companyId: string,
  query: Pick<CredencialesFiltro, 'usuarioId' | 'sedeId' | 'estado' | 'q'>,
  paging: { limit: number; offset: number },
): Promise<{ rows: CredentialListRow[]; total: number }> {
  const where = and(
    eq(webauthnCredentials.companyId, companyId),
    query.usuarioId ? eq(webauthnCredentials.userId, query.usuarioId) : undefined,
    query.sedeId ? eq(users.siteId, query.sedeId) : undefined,
    query.estado === 'revocadas' ? isNotNull(webauthnCredentials.revokedAt) : query.estado === 'todas' ? undefined : isNull(webauthnCredentials.revokedAt),
    searchCondition(query.q),
  );
  const base = db
    .select(credentialColumns)
    .from(webauthnCredentials)
    .innerJoin(users, and(eq(users.companyId, webauthnCredentials.companyId), eq(users.id, webauthnCredentials.userId)))
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)));
  const rows = await base
    .where(where)
    .orderBy(desc(webauthnCredentials.createdAt), asc(webauthnCredentials.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db
    .select({ n: count() })
    .from(webauthnCredentials)
    .innerJoin(users, and(eq(users.companyId, webauthnCredentials.companyId), eq(users.id, webauthnCredentials.userId)))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export interface PendingRow {
  id: string;
  nombre: string;
  apellidos: string;
  rut: string;
  sede: string | null;
  consentimiento: boolean;
}

/** Active workers (contract not ended by `today`) allowed the fingerprint who have no active credential; a page and the total. */
export async function pendingWorkers(
  db: DbOrTx,
  companyId: string,
  query: { sedeId?: string | undefined; q?: string | undefined },
  today: string,
  paging: { limit: number; offset: number },
): Promise<{ rows: PendingRow[]; total: number }> {
  const where = and(
    eq(users.companyId, companyId),
    eq(users.active, true),
    or(isNull(users.finContrato), sql`${users.finContrato} >= ${today}`),
    sql`'huella' = any(${users.metodosMarcaje})`,
    sql`not exists (select 1 from ${webauthnCredentials} c where c.company_id = ${users.companyId} and c.user_id = ${users.id} and c.revoked_at is null)`,
    query.sedeId ? eq(users.siteId, query.sedeId) : undefined,
    searchCondition(query.q),
  );
  const rows = await db
    .select({
      id: users.id,
      nombre: users.nombre,
      apellidos: users.apellidos,
      rut: users.rut,
      sede: sites.nombre,
      consentimiento: sql<boolean>`exists (select 1 from ${biometricConsents} b where b.company_id = ${users.companyId} and b.user_id = ${users.id} and b.revoked_at is null)`,
    })
    .from(users)
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
    .where(where)
    .orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total?.n ?? 0 };
}
