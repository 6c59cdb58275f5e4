import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { EstadoGrupo } from '@jornada/contracts';
import { anyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { exceptionalSchedules, groupLeaders, groups, groupStateChanges, sites, users } from '../../db/schema/index';

export type GroupRow = typeof groups.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;
export type GroupWithSite = {
  group: GroupRow;
  siteNombre: string | null;
  /** The group's exceptional schedule (left joined: its columns are null without one). */
  jornadaExcepcional: { numero: string; diasTrabajo: number | null; diasDescanso: number | null } | null;
};

export interface GroupFilters {
  q?: string | undefined;
  estado?: EstadoGrupo | undefined;
  sedeId?: string | undefined;
  liderId?: string | undefined;
}

/** All of the company's groups, or only some (a supervisor's led groups). */
export type GroupScope = { all: true } | { groupIds: string[] };

function baseSelect(db: DbOrTx) {
  return db
    .select({
      group: groups,
      siteNombre: sites.nombre,
      jornadaExcepcional: { numero: exceptionalSchedules.numero, diasTrabajo: exceptionalSchedules.diasTrabajo, diasDescanso: exceptionalSchedules.diasDescanso },
    })
    .from(groups)
    .leftJoin(sites, and(eq(sites.companyId, groups.companyId), eq(sites.id, groups.siteId)))
    .leftJoin(exceptionalSchedules, and(eq(exceptionalSchedules.companyId, groups.companyId), eq(exceptionalSchedules.id, groups.jornadaExcepcionalId)));
}

export async function listGroups(db: DbOrTx, companyId: string, filters: GroupFilters, scope: GroupScope, paging: { limit: number; offset: number }) {
  const conditions: SQL[] = [eq(groups.companyId, companyId)];
  if (!('all' in scope)) conditions.push(scope.groupIds.length ? inArray(groups.id, scope.groupIds) : sql`false`);
  if (filters.q) conditions.push(ilike(groups.nombre, `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (filters.estado) conditions.push(eq(groups.estado, filters.estado));
  if (filters.sedeId) conditions.push(eq(groups.siteId, filters.sedeId));
  if (filters.liderId) {
    conditions.push(
      sql`exists (select 1 from ${groupLeaders} where ${groupLeaders.companyId} = ${groups.companyId} and ${groupLeaders.groupId} = ${groups.id} and ${groupLeaders.userId} = ${filters.liderId})`,
    );
  }
  const where = and(...conditions);
  const rows = await baseSelect(db)
    .where(where)
    .orderBy(asc(groups.nombre), asc(groups.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(groups).where(where);
  return { rows, total: total!.n };
}

export async function findGroup(db: DbOrTx, companyId: string, id: string): Promise<GroupWithSite | undefined> {
  const [row] = await baseSelect(db).where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  return row;
}

export async function findGroupForUpdate(db: DbOrTx, companyId: string, id: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, id)))
    .for('update');
  return row;
}

export async function findGroupsByIds(db: DbOrTx, companyId: string, ids: string[]): Promise<GroupRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(groups)
    .where(and(eq(groups.companyId, companyId), anyOf(groups.id, ids, 'uuid')))
    .orderBy(asc(groups.nombre));
}

const personColumns = {
  id: users.id,
  rut: users.rut,
  nombre: users.nombre,
  apellidos: users.apellidos,
  cargo: users.cargo,
  perfil: users.perfil,
  active: users.active,
  finContrato: users.finContrato,
  groupId: users.groupId,
};
export type PersonRow = { id: string; rut: string; nombre: string; apellidos: string; cargo: string | null; perfil: (typeof users.$inferSelect)['perfil']; active: boolean; finContrato: string | null; groupId: string | null };

export async function leadersOf(db: DbOrTx, companyId: string, groupIds: string[]): Promise<Map<string, PersonRow[]>> {
  const result = new Map<string, PersonRow[]>();
  if (groupIds.length === 0) return result;
  const rows = await db
    .select({ ...personColumns, leads: groupLeaders.groupId })
    .from(groupLeaders)
    .innerJoin(users, and(eq(users.companyId, groupLeaders.companyId), eq(users.id, groupLeaders.userId)))
    .where(and(eq(groupLeaders.companyId, companyId), anyOf(groupLeaders.groupId, groupIds, 'uuid')))
    .orderBy(asc(users.apellidos), asc(users.nombre));
  for (const { leads, ...person } of rows) result.set(leads, [...(result.get(leads) ?? []), person]);
  return result;
}

export async function membersOf(db: DbOrTx, companyId: string, groupIds: string[]): Promise<Map<string, PersonRow[]>> {
  const result = new Map<string, PersonRow[]>();
  if (groupIds.length === 0) return result;
  const rows = await db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), anyOf(users.groupId, groupIds, 'uuid')))
    .orderBy(asc(users.apellidos), asc(users.nombre));
  for (const person of rows) result.set(person.groupId!, [...(result.get(person.groupId!) ?? []), person]);
  return result;
}

export async function usersByIds(db: DbOrTx, companyId: string, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.companyId, companyId), anyOf(users.id, ids, 'uuid')));
}

export async function ledGroupIds(db: DbOrTx, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupLeaders.groupId })
    .from(groupLeaders)
    .where(and(eq(groupLeaders.companyId, companyId), eq(groupLeaders.userId, userId)));
  return rows.map((row) => row.id);
}

export async function siteExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row!.n > 0;
}

export async function exceptionalScheduleExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(exceptionalSchedules)
    .where(and(eq(exceptionalSchedules.companyId, companyId), eq(exceptionalSchedules.id, id)));
  return row!.n > 0;
}

export async function insertGroup(db: DbOrTx, values: NewGroup): Promise<string> {
  const [row] = await db.insert(groups).values(values).returning({ id: groups.id });
  return row!.id;
}

export async function updateGroup(db: DbOrTx, companyId: string, id: string, values: Partial<NewGroup>): Promise<void> {
  await db
    .update(groups)
    .set(values)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
}

export async function insertStateChange(db: DbOrTx, values: typeof groupStateChanges.$inferInsert): Promise<void> {
  await db.insert(groupStateChanges).values(values);
}

export function stateHistory(db: DbOrTx, companyId: string, groupId: string) {
  return db
    .select({ change: groupStateChanges, nombre: users.nombre, apellidos: users.apellidos })
    .from(groupStateChanges)
    .leftJoin(users, and(eq(users.companyId, groupStateChanges.companyId), eq(users.id, groupStateChanges.changedBy)))
    .where(and(eq(groupStateChanges.companyId, companyId), eq(groupStateChanges.groupId, groupId)))
    .orderBy(desc(groupStateChanges.changedAt), desc(groupStateChanges.id));
}

/** Moves users into a group (leaving whichever group they were in). */
export async function setUsersGroup(db: DbOrTx, companyId: string, userIds: string[], groupId: string | null, now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ groupId, updatedAt: now })
    .where(and(eq(users.companyId, companyId), inArray(users.id, userIds)));
}

export async function addLeaders(db: DbOrTx, companyId: string, groupId: string, userIds: string[], now: Date): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(groupLeaders)
    .values(userIds.map((userId) => ({ companyId, groupId, userId, createdAt: now })))
    .onConflictDoNothing();
}

export async function removeLeaders(db: DbOrTx, companyId: string, groupId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(groupLeaders)
    .where(and(eq(groupLeaders.companyId, companyId), eq(groupLeaders.groupId, groupId), inArray(groupLeaders.userId, userIds)));
}

export async function touchGroup(db: DbOrTx, companyId: string, id: string, now: Date): Promise<void> {
  await updateGroup(db, companyId, id, { updatedAt: now });
}
