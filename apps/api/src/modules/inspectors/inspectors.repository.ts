import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, inspectorEvents, inspectorKeys, inspectors, inspectorSessions, users } from '../../db/schema/index';
import { containsPattern } from '../../lib/text-search';

// Inspectors and keys

/** The inspector of an address, created on first request. */
export async function upsertInspector(db: DbOrTx, email: string, now: Date): Promise<string> {
  await db.insert(inspectors).values({ email, createdAt: now }).onConflictDoNothing({ target: inspectors.email });
  const [row] = await db.select({ id: inspectors.id }).from(inspectors).where(eq(inspectors.email, email));
  return row!.id;
}

/** Serialises key requests of one inspector (the row lock lasts until the transaction ends). */
export async function lockInspector(db: DbOrTx, inspectorId: string): Promise<void> {
  await db.select({ id: inspectors.id }).from(inspectors).where(eq(inspectors.id, inspectorId)).for('update');
}

export async function countKeysSince(db: DbOrTx, inspectorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inspectorKeys)
    .where(and(eq(inspectorKeys.inspectorId, inspectorId), gt(inspectorKeys.issuedAt, since)));
  return Number(row?.n ?? 0);
}

export async function replaceLiveKey(db: DbOrTx, inspectorId: string, now: Date): Promise<void> {
  await db
    .update(inspectorKeys)
    .set({ replacedAt: now })
    .where(and(eq(inspectorKeys.inspectorId, inspectorId), isNull(inspectorKeys.replacedAt)));
}

export async function insertKey(db: DbOrTx, values: typeof inspectorKeys.$inferInsert): Promise<string> {
  const [row] = await db.insert(inspectorKeys).values(values).returning({ id: inspectorKeys.id });
  return row!.id;
}

/** The live (not replaced) key of an address, expired or not. */
export async function findLiveKeyByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      keyId: inspectorKeys.id,
      inspectorId: inspectors.id,
      email: inspectors.email,
      rut: inspectorKeys.rut,
      nombre: inspectorKeys.nombre,
      apellidos: inspectorKeys.apellidos,
      keyHash: inspectorKeys.keyHash,
      expiresAt: inspectorKeys.expiresAt,
    })
    .from(inspectors)
    .innerJoin(inspectorKeys, and(eq(inspectorKeys.inspectorId, inspectors.id), isNull(inspectorKeys.replacedAt)))
    .where(eq(inspectors.email, email));
  return row;
}

// Sessions

export async function insertSession(db: DbOrTx, values: typeof inspectorSessions.$inferInsert): Promise<void> {
  await db.insert(inspectorSessions).values(values);
}

/**
 * A live inspector session by token hash, sign-in or employer session: not revoked, not expired, and,
 * for an employer session, its sign-in session not revoked (signing out ends both).
 */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      tokenHash: inspectorSessions.tokenHash,
      companyId: inspectorSessions.companyId,
      parentTokenHash: inspectorSessions.parentTokenHash,
      expiresAt: inspectorSessions.expiresAt,
      keyId: inspectorKeys.id,
      keyExpiresAt: inspectorKeys.expiresAt,
      keyReplacedAt: inspectorKeys.replacedAt,
      inspectorId: inspectors.id,
      email: inspectors.email,
      rut: inspectorKeys.rut,
      nombre: inspectorKeys.nombre,
      apellidos: inspectorKeys.apellidos,
      razonSocial: companies.razonSocial,
      companyRut: companies.rut,
    })
    .from(inspectorSessions)
    .innerJoin(inspectorKeys, eq(inspectorKeys.id, inspectorSessions.keyId))
    .innerJoin(inspectors, eq(inspectors.id, inspectorKeys.inspectorId))
    .leftJoin(companies, eq(companies.id, inspectorSessions.companyId))
    .where(
      and(
        eq(inspectorSessions.tokenHash, tokenHash),
        isNull(inspectorSessions.revokedAt),
        gt(inspectorSessions.expiresAt, now),
        or(
          isNull(inspectorSessions.parentTokenHash),
          sql`exists (select 1 from inspector_sessions parent where parent.token_hash = ${inspectorSessions.parentTokenHash} and parent.revoked_at is null)`,
        ),
      ),
    );
  return row;
}
export type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** Ends the employer sessions opened from a sign-in session (one employer at a time). */
export async function revokeChildren(db: DbOrTx, parentTokenHash: string, now: Date): Promise<void> {
  await db
    .update(inspectorSessions)
    .set({ revokedAt: now })
    .where(and(eq(inspectorSessions.parentTokenHash, parentTokenHash), isNull(inspectorSessions.revokedAt)));
}

export async function revokeSessions(db: DbOrTx, tokenHashes: string[], now: Date): Promise<void> {
  await db
    .update(inspectorSessions)
    .set({ revokedAt: now })
    .where(and(inArray(inspectorSessions.tokenHash, tokenHashes), isNull(inspectorSessions.revokedAt)));
}

// Employers

/** Lower case without Spanish accents, in SQL, for accent-insensitive search. */
const folded = (value: SQLWrapper) => sql`translate(lower(${value}), 'áéíóúüñÁÉÍÓÚÜÑ', 'aeiouunaeiouun')`;


/**
 * Companies whose razón social or trade name contains the text, or whose RUT starts with the digits
 * given (`rutDigits`, body and check digit without dots or dash). One more row than `limit` tells the
 * caller that there are more.
 */
export function searchCompanies(db: DbOrTx, text: string, rutDigits: string | null, limit: number) {
  const pattern = containsPattern(text);
  const byName = or(sql`${folded(companies.razonSocial)} like ${pattern}`, sql`${folded(companies.nombre)} like ${pattern}`)!;
  const where = rutDigits ? or(byName, sql`replace(${companies.rut}, '-', '') like ${`${rutDigits}%`}`)! : byName;
  return db
    .select({ id: companies.id, razonSocial: companies.razonSocial, rut: companies.rut })
    .from(companies)
    .where(where)
    .orderBy(companies.razonSocial, companies.id)
    .limit(limit + 1);
}

export async function findCompany(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ id: companies.id, razonSocial: companies.razonSocial, rut: companies.rut })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** Who is told when an inspector opens the company's records. */
export function activeAdministrators(db: DbOrTx, companyId: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.perfil, 'administrador'), eq(users.active, true)));
}

export async function findUser(db: DbOrTx, companyId: string, userId: string) {
  const [row] = await db
    .select({ email: users.email, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut, active: users.active, companyRut: companies.rut })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
}

// Events (the trail and the company's access log)

export async function insertEvent(db: DbOrTx, values: typeof inspectorEvents.$inferInsert): Promise<string> {
  const [row] = await db.insert(inspectorEvents).values(values).returning({ id: inspectorEvents.id });
  return row!.id;
}

export async function findEvent(db: DbOrTx, companyId: string, eventId: string) {
  const [row] = await db
    .select()
    .from(inspectorEvents)
    .where(and(eq(inspectorEvents.companyId, companyId), eq(inspectorEvents.id, eventId)));
  return row;
}

export interface AccessFilter {
  companyId: string;
  from?: Date;
  to?: Date;
  text?: string;
}

function accessConditions(filter: AccessFilter) {
  const conditions = [
    eq(inspectorEvents.companyId, filter.companyId),
    inArray(inspectorEvents.event, ['acceso_empleador', 'consulta']),
    isNotNull(inspectorEvents.companyRut),
  ];
  if (filter.from) conditions.push(gte(inspectorEvents.at, filter.from));
  if (filter.to) conditions.push(lt(inspectorEvents.at, filter.to));
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    const digits = filter.text.replace(/[^0-9kK]/g, '').toUpperCase();
    conditions.push(
      or(
        sql`lower(${inspectorEvents.email}) like ${pattern}`,
        sql`${folded(sql`coalesce(${inspectorEvents.nombre}, '') || ' ' || coalesce(${inspectorEvents.apellidos}, '')`)} like ${pattern}`,
        ...(digits.length >= 3 ? [sql`replace(coalesce(${inspectorEvents.rut}, ''), '-', '') like ${`${digits}%`}`] : []),
      )!,
    );
  }
  return and(...conditions)!;
}

export async function listAccesses(db: DbOrTx, filter: AccessFilter, page: number, pageSize: number) {
  const where = accessConditions(filter);
  const [total] = await db.select({ n: count() }).from(inspectorEvents).where(where);
  const rows = await db
    .select()
    .from(inspectorEvents)
    .where(where)
    .orderBy(desc(inspectorEvents.at), desc(inspectorEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: Number(total?.n ?? 0) };
}
