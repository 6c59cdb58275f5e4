import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Perfil } from '@jornada/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { scheduleInForceId } from '../../db/exceptional-schedule';
import { authAudit, exceptionalSchedules, groupLeaders, groups, logins, passwordResets, sites, users } from '../../db/schema/index';
import { containsPattern } from '../../lib/text-search';

export type NewUser = typeof users.$inferInsert;

/** An e-mail or RUT change in the sign-in audit trail (auth_audit): who changed whose, and from what to what is in the mail, not here. */
export async function auditIdentityChange(db: DbOrTx, values: { companyId: string; userId: string; rut: string; event: 'email_changed' | 'rut_changed'; at: Date }): Promise<void> {
  await db.insert(authAudit).values({ companyId: values.companyId, userId: values.userId, rut: values.rut, event: values.event, ip: null, userAgent: null, at: values.at });
}
export type UserRow = typeof users.$inferSelect;

export async function companyHasPrincipal(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.principal, true)));
  return row!.n > 0;
}

/** Inserts the user and its RUT login (the sign-in look-up, db/schema/logins.ts) together. */
export async function insertUserWithLogin(db: DbOrTx, values: NewUser): Promise<string> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  await db.insert(logins).values({ rut: values.rut, companyId: values.companyId, userId: row!.id });
  return row!.id;
}

/** Inserts many users with their logins, in batches that stay under PostgreSQL's parameter limit. */
export async function insertUsersWithLogins(db: DbOrTx, values: NewUser[]): Promise<{ id: string; rut: string }[]> {
  const inserted: { id: string; rut: string }[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const batch = values.slice(i, i + 1000);
    const rows = await db.insert(users).values(batch).returning({ id: users.id, rut: users.rut, companyId: users.companyId });
    await db.insert(logins).values(rows.map((row) => ({ rut: row.rut, companyId: row.companyId, userId: row.id })));
    inserted.push(...rows.map((row) => ({ id: row.id, rut: row.rut })));
  }
  return inserted;
}

// Reading

/** Which users a caller may see: all of the company, or the members of some groups. */
export type UserScope = { all: true } | { groupIds: string[] };

export interface UserFilters {
  q?: string | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
  perfil?: Perfil | undefined;
  activo?: boolean | undefined;
  sort: 'apellidos' | 'nombre' | 'rut' | 'cargo' | 'perfil' | 'inicioContrato' | 'creadoEn';
  order: 'asc' | 'desc';
}

const userColumns = {
  user: users,
  siteNombre: sites.nombre,
  groupNombre: groups.nombre,
  jornadaExcepcional: {
    id: exceptionalSchedules.id,
    numero: exceptionalSchedules.numero,
    diasTrabajo: exceptionalSchedules.diasTrabajo,
    diasDescanso: exceptionalSchedules.diasDescanso,
  },
};

export type UserWithRefs = {
  user: UserRow;
  siteNombre: string | null;
  groupNombre: string | null;
  /** The exceptional schedule in force for the worker, their own or their group's (left joined: its columns are null without one). */
  jornadaExcepcional: { id: string; numero: string; diasTrabajo: number | null; diasDescanso: number | null } | null;
};

/** Lower case without Spanish accents, on the SQL side. */
const fold = (value: SQL | AnyPgColumn) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;


/** A user counts as active when not deactivated and the last day of the contract has not passed. */
function activeCondition(today: string): SQL {
  return sql`(${users.active} and (${users.finContrato} is null or ${users.finContrato} >= ${today}))`;
}

function filterConditions(companyId: string, filters: Omit<UserFilters, 'sort' | 'order'>, scope: UserScope, today: string): SQL[] {
  const conditions: SQL[] = [eq(users.companyId, companyId)];
  if (!('all' in scope)) conditions.push(scope.groupIds.length ? inArray(users.groupId, scope.groupIds) : sql`false`);
  if (filters.grupoId) conditions.push(eq(users.groupId, filters.grupoId));
  if (filters.sedeId) conditions.push(eq(users.siteId, filters.sedeId));
  if (filters.perfil) conditions.push(eq(users.perfil, filters.perfil));
  if (filters.activo !== undefined) conditions.push(filters.activo ? activeCondition(today) : sql`not ${activeCondition(today)}`);
  for (const token of (filters.q ?? '').split(/\s+/).filter(Boolean).slice(0, 6)) {
    const pattern = containsPattern(token);
    const alternatives: SQL[] = [
      sql`${fold(users.nombre)} like ${pattern}`,
      sql`${fold(users.apellidos)} like ${pattern}`,
      sql`${fold(sql`coalesce(${users.cargo}, '')`)} like ${pattern}`,
    ];
    // A RUT may be typed with dots, dash or neither: compare digits (and the k) only.
    const rutDigits = token.replace(/[.\-\s]/g, '').toLowerCase();
    if (/^\d{3,}k?$/.test(rutDigits)) alternatives.push(ilike(sql`replace(${users.rut}, '-', '')`, `%${rutDigits}%`));
    conditions.push(or(...alternatives)!);
  }
  return conditions;
}

const SORT_COLUMNS = {
  apellidos: [users.apellidos, users.nombre],
  nombre: [users.nombre, users.apellidos],
  rut: [users.rut],
  cargo: [users.cargo, users.apellidos],
  perfil: [users.perfil, users.apellidos],
  inicioContrato: [users.inicioContrato, users.apellidos],
  creadoEn: [users.createdAt],
} as const;

function baseSelect(db: DbOrTx) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
    .leftJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.id, users.groupId)))
    .leftJoin(exceptionalSchedules, and(eq(exceptionalSchedules.companyId, users.companyId), sql`${exceptionalSchedules.id} = ${scheduleInForceId('users')}`));
}

export async function listUsers(
  db: DbOrTx,
  companyId: string,
  filters: UserFilters,
  scope: UserScope,
  today: string,
  paging: { limit: number; offset: number } | null,
): Promise<{ rows: UserWithRefs[]; total: number }> {
  const where = and(...filterConditions(companyId, filters, scope, today));
  const direction = filters.order === 'desc' ? desc : asc;
  const orderBy = [...SORT_COLUMNS[filters.sort].map((column) => direction(column)), asc(users.id)];
  const query = baseSelect(db)
    .where(where)
    .orderBy(...orderBy);
  const rows = paging ? await query.limit(paging.limit).offset(paging.offset) : await query;
  if (!paging) return { rows, total: rows.length };
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total!.n };
}

export async function findUser(db: DbOrTx, companyId: string, id: string): Promise<UserWithRefs | undefined> {
  const [row] = await baseSelect(db).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

export async function findUserForUpdate(db: DbOrTx, companyId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .for('update');
  return row;
}

/** Groups each user leads, by user id. */
export async function ledGroupsByUser(db: DbOrTx, companyId: string, userIds: string[]): Promise<Map<string, { id: string; nombre: string }[]>> {
  const result = new Map<string, { id: string; nombre: string }[]>();
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: groupLeaders.userId, id: groups.id, nombre: groups.nombre })
    .from(groupLeaders)
    .innerJoin(groups, and(eq(groups.companyId, groupLeaders.companyId), eq(groups.id, groupLeaders.groupId)))
    .where(and(eq(groupLeaders.companyId, companyId), anyOf(groupLeaders.userId, userIds, 'uuid')))
    .orderBy(asc(groups.nombre));
  for (const row of rows) {
    const list = result.get(row.userId) ?? [];
    list.push({ id: row.id, nombre: row.nombre });
    result.set(row.userId, list);
  }
  return result;
}

/**
 * RUTs per statement of the bulk upload's look-ups. PGlite runs each statement on the main thread in
 * one go: 500 RUTs (and the users found) keep it to tens of milliseconds.
 */
const RUTS_PER_STATEMENT = 500;

export async function usersByRut(db: DbOrTx, companyId: string, ruts: string[]): Promise<UserRow[]> {
  if (ruts.length === 0) return [];
  const found: UserRow[] = [];
  for (let i = 0; i < ruts.length; i += RUTS_PER_STATEMENT) {
    found.push(
      ...(await db
        .select()
        .from(users)
        .where(and(eq(users.companyId, companyId), anyOf(users.rut, ruts.slice(i, i + RUTS_PER_STATEMENT), 'text')))),
    );
  }
  return found;
}

export async function siteExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row!.n > 0;
}

export async function groupExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  return row!.n > 0;
}

export async function exceptionalScheduleExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(exceptionalSchedules)
    .where(and(eq(exceptionalSchedules.companyId, companyId), eq(exceptionalSchedules.id, id)));
  return row!.n > 0;
}

export function companySites(db: DbOrTx, companyId: string) {
  return db.select({ id: sites.id, nombre: sites.nombre }).from(sites).where(eq(sites.companyId, companyId));
}

export function companyGroups(db: DbOrTx, companyId: string) {
  return db.select({ id: groups.id, nombre: groups.nombre }).from(groups).where(eq(groups.companyId, companyId));
}

// Writing

export async function updateUser(db: DbOrTx, companyId: string, id: string, values: Partial<NewUser>): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)));
}

/** The user's sign-in look-up follows a RUT correction. */
export async function updateLoginRut(db: DbOrTx, companyId: string, userId: string, newRut: string): Promise<void> {
  await db
    .update(logins)
    .set({ rut: newRut })
    .where(and(eq(logins.companyId, companyId), eq(logins.userId, userId)));
}

export async function removeLeaderships(db: DbOrTx, companyId: string, userId: string): Promise<void> {
  await db.delete(groupLeaders).where(and(eq(groupLeaders.companyId, companyId), eq(groupLeaders.userId, userId)));
}

export async function insertPasswordResets(db: DbOrTx, values: (typeof passwordResets.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < values.length; i += 1000) await db.insert(passwordResets).values(values.slice(i, i + 1000));
}
