import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authAudit, companies, logins, loginThrottles, passwordResets, sessions, users } from '../../db/schema/index';

const accountColumns = {
  userId: users.id,
  companyId: users.companyId,
  rut: users.rut,
  nombre: users.nombre,
  apellidos: users.apellidos,
  email: users.email,
  direccion: users.direccion,
  perfil: users.perfil,
  active: users.active,
  finContrato: users.finContrato,
  passwordHash: users.passwordHash,
  razonSocial: companies.razonSocial,
  companyRut: companies.rut,
};

export type Account = Awaited<ReturnType<typeof findAccountsByRut>>[number];

/**
 * The accounts of a RUT that may sign in on `today` (active, contract not ended), one per company,
 * oldest first and at most `limit`: each costs a password verification at every sign-in.
 */
export function findAccountsByRut(db: DbOrTx, rut: string, today: string, limit: number) {
  return db
    .select(accountColumns)
    .from(logins)
    .innerJoin(users, and(eq(users.companyId, logins.companyId), eq(users.id, logins.userId)))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(logins.rut, rut), eq(users.active, true), or(isNull(users.finContrato), gte(users.finContrato, today))))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}

export function findAccountsByEmail(db: DbOrTx, email: string) {
  return db
    .select(accountColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(10);
}

export async function findAccount(db: DbOrTx, companyId: string, userId: string): Promise<Account | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row;
}

// Sessions

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

function prepareLiveSessions(db: DbOrTx) {
  return db
    .select({ tokenHash: sessions.tokenHash, userId: users.id, companyId: users.companyId, perfil: users.perfil })
    .from(sessions)
    .innerJoin(users, and(eq(users.companyId, sessions.companyId), eq(users.id, sessions.userId)))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')}::text[])`,
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(users.active, true),
      ),
    )
    .prepare('jornada_live_sessions');
}
const liveSessionQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareLiveSessions>>();

export type LiveSession = Awaited<ReturnType<ReturnType<typeof prepareLiveSessions>['execute']>>[number];

/**
 * The sessions among `tokenHashes` that count at `now`: neither revoked nor expired, their user still
 * active. Every API request asks this (batched by the auth service), so the statement is built once per
 * database handle and prepared once per PostgreSQL connection.
 */
export async function findLiveSessions(db: DbOrTx, tokenHashes: string[], now: Date): Promise<LiveSession[]> {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = prepareLiveSessions(db);
    liveSessionQueries.set(db, query);
  }
  return query.execute({ tokenHashes, now: now.toISOString() });
}

export async function revokeSession(db: DbOrTx, tokenHash: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, companyId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.companyId, companyId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

// Audit

export async function insertAudit(db: DbOrTx, values: typeof authAudit.$inferInsert): Promise<void> {
  await db.insert(authAudit).values(values);
}

/** Whether `rut` signed in successfully from `ip` at or after `since` (the audit's `login_ok`; by its RUT index). */
export async function signedInFrom(db: DbOrTx, rut: string, ip: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: authAudit.at })
    .from(authAudit)
    .where(and(eq(authAudit.rut, rut), gte(authAudit.at, since), eq(authAudit.event, 'login_ok'), eq(authAudit.ip, ip)))
    .limit(1);
  return row !== undefined;
}

// Throttling of failed sign-ins

export type Throttle = typeof loginThrottles.$inferSelect;

export function findThrottles(db: DbOrTx, keys: string[]): Promise<Throttle[]> {
  return db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
}

/**
 * Counts one failure atomically (several API processes may count at once); a window older than
 * `windowStart` starts again at 1. Returns the failures in the current window.
 */
export async function countFailure(db: DbOrTx, key: string, subject: string | null, now: Date, windowStart: Date): Promise<number> {
  const expired = sql`${loginThrottles.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottles)
    .values({ key, subject, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginThrottles.windowStartedAt} end`,
      },
    })
    .returning({ failures: loginThrottles.failures });
  return row!.failures;
}

/** Locks the key and starts a fresh count for when the lock ends. */
export async function lockThrottle(db: DbOrTx, key: string, now: Date, until: Date): Promise<void> {
  await db.update(loginThrottles).set({ lockedUntil: until, failures: 0, windowStartedAt: now }).where(eq(loginThrottles.key, key));
}

export async function clearThrottle(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

/** Every counter of an identifier: over all addresses and from each one. */
export async function clearSubjectThrottles(db: DbOrTx, subject: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.subject, subject));
}

// Password resets

export async function insertPasswordReset(db: DbOrTx, values: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(values);
}

export async function findPasswordResetForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash)).for('update');
  return row;
}

/** Every pending link of the user dies with the reset, not only the one used. */
export async function consumeUserPasswordResets(db: DbOrTx, companyId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.companyId, companyId), eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

export async function updatePasswordHash(db: DbOrTx, companyId: string, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
