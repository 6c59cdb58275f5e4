import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EstadoPermiso } from '@jornada/contracts';
import type { DbOrTx } from '../../db/client';
import { findAttachmentRow, upsertAttachmentRow, type AttachmentRow } from '../../lib/attachments';
import { groupLeaders, groups, permissionAttachments, permissions, permissionTypes, sites, users } from '../../db/schema/index';
import { PERMISSION_REPORT_SUM_KEYS, type PermissionReportRow, type PermissionReportSumKey, type PermissionReportSums } from './permissions.report-types';

export type { PermissionReportRow, PermissionReportSumKey, PermissionReportSums } from './permissions.report-types';

export type PermissionTypeRow = typeof permissionTypes.$inferSelect;
export type NewPermissionType = typeof permissionTypes.$inferInsert;
export type PermissionRow = typeof permissions.$inferSelect;
export type NewPermission = typeof permissions.$inferInsert;

/** Whose permissions a list may show: every worker of the company (`all`), or the members of some groups. */
interface PermissionScope {
  all: boolean;
  groupIds: readonly string[];
}

/** States that hold time: they count against the balance and refuse overlaps. */
const LIVE_STATES: EstadoPermiso[] = ['pendiente', 'aprobado'];

// --- Types -------------------------------------------------------------------------------------

export function listTypes(db: DbOrTx, companyId: string) {
  return db.select().from(permissionTypes).where(eq(permissionTypes.companyId, companyId)).orderBy(asc(permissionTypes.nombre));
}

export async function findType(db: DbOrTx, companyId: string, id: string): Promise<PermissionTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(permissionTypes)
    .where(and(eq(permissionTypes.companyId, companyId), eq(permissionTypes.id, id)));
  return row;
}

export async function insertType(db: DbOrTx, values: NewPermissionType): Promise<string> {
  const [row] = await db.insert(permissionTypes).values(values).returning({ id: permissionTypes.id });
  return row!.id;
}

/** Inserts types, skipping a code the company already has. */
export async function insertTypesIfMissing(db: DbOrTx, values: NewPermissionType[]): Promise<void> {
  if (values.length === 0) return;
  await db.insert(permissionTypes).values(values).onConflictDoNothing();
}

export async function updateType(db: DbOrTx, companyId: string, id: string, values: Partial<NewPermissionType>): Promise<void> {
  await db
    .update(permissionTypes)
    .set(values)
    .where(and(eq(permissionTypes.companyId, companyId), eq(permissionTypes.id, id)));
}

export async function typeInUse(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(permissions)
    .where(and(eq(permissions.companyId, companyId), eq(permissions.typeId, id)));
  return row!.n > 0;
}

// --- People --------------------------------------------------------------------------------------

export interface WorkerRow {
  id: string;
  rut: string;
  nombre: string;
  apellidos: string;
  email: string;
  emailPersonal: string | null;
  perfil: (typeof users.$inferSelect)['perfil'];
  active: boolean;
  /** `aaaa-mm-dd`: nothing about the worker is dated before it. */
  inicioContrato: string;
  finContrato: string | null;
  groupId: string | null;
  groupNombre: string | null;
  timeZone: string | null;
  /** The site's region code and commune: its holidays, and the far-south vacation (art. 67 inc. 2). */
  region: string | null;
  comuna: string | null;
  /** Years with previous employers recognised for the progressive vacation days (art. 68). */
  aniosReconocidosAnteriores: number;
  /** Excepted from Sunday and holiday rest (art. 38): owed compensatory rest for the Sundays and holidays worked. */
  exceptuadoDescansoDominical: boolean;
  /** The exception's first and last day (null: the contract's own). */
  exceptuadoDescansoDominicalDesde: string | null;
  exceptuadoDescansoDominicalHasta: string | null;
}

const workerColumns = {
  id: users.id,
  rut: users.rut,
  nombre: users.nombre,
  apellidos: users.apellidos,
  email: users.email,
  emailPersonal: users.emailPersonal,
  perfil: users.perfil,
  active: users.active,
  inicioContrato: users.inicioContrato,
  finContrato: users.finContrato,
  groupId: users.groupId,
  groupNombre: groups.nombre,
  timeZone: sites.timeZone,
  region: sites.region,
  comuna: sites.comuna,
  aniosReconocidosAnteriores: users.aniosReconocidosAnteriores,
  exceptuadoDescansoDominical: users.exceptuadoDescansoDominical,
  exceptuadoDescansoDominicalDesde: users.exceptuadoDescansoDominicalDesde,
  exceptuadoDescansoDominicalHasta: users.exceptuadoDescansoDominicalHasta,
};

function workerSelect(db: DbOrTx) {
  return db
    .select(workerColumns)
    .from(users)
    .leftJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.id, users.groupId)))
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)));
}

export async function findWorker(db: DbOrTx, companyId: string, id: string): Promise<WorkerRow | undefined> {
  const [row] = await workerSelect(db).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

/** Locks the worker's row: permissions of one worker are checked for overlaps and balance one at a time. */
export async function lockWorker(db: DbOrTx, companyId: string, id: string): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .for('update');
}

export interface Recipient {
  id: string;
  nombre: string;
  apellidos: string;
  email: string;
}

/** The active leaders of a group. */
export function leadersOfGroup(db: DbOrTx, companyId: string, groupId: string): Promise<Recipient[]> {
  return db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, email: users.email })
    .from(groupLeaders)
    .innerJoin(users, and(eq(users.companyId, groupLeaders.companyId), eq(users.id, groupLeaders.userId)))
    .where(and(eq(groupLeaders.companyId, companyId), eq(groupLeaders.groupId, groupId), eq(users.active, true)))
    .orderBy(asc(users.apellidos), asc(users.nombre));
}

export function activeAdministrators(db: DbOrTx, companyId: string): Promise<Recipient[]> {
  return db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.perfil, 'administrador'), eq(users.active, true)))
    .orderBy(asc(users.apellidos), asc(users.nombre));
}

// --- Permissions -----------------------------------------------------------------------------------

/** The worker's live permissions (pending or approved) whose dates come within a day of [from, to]. */
export function livePermissionsNear(db: DbOrTx, companyId: string, userId: string, from: string, to: string, except?: string) {
  const conditions: SQL[] = [
    eq(permissions.companyId, companyId),
    eq(permissions.userId, userId),
    inArray(permissions.estado, LIVE_STATES),
    lte(permissions.desde, sql`(${to}::date + 1)`),
    gte(permissions.hasta, sql`(${from}::date - 1)`),
  ];
  if (except) conditions.push(sql`${permissions.id} <> ${except}`);
  return db
    .select({ permission: permissions, tipoNombre: permissionTypes.nombre })
    .from(permissions)
    .innerJoin(permissionTypes, and(eq(permissionTypes.companyId, permissions.companyId), eq(permissionTypes.id, permissions.typeId)))
    .where(and(...conditions))
    .orderBy(asc(permissions.desde));
}

/** Approved and pending amounts of some types per worker, for permissions that start within [from, to]. */
export async function amountsByWorkerAndType(db: DbOrTx, companyId: string, userIds: string[], typeIds: string[], from: string, to: string) {
  if (userIds.length === 0 || typeIds.length === 0) return [];
  return db
    .select({
      userId: permissions.userId,
      typeId: permissions.typeId,
      usados: sql<number>`coalesce(sum(${permissions.cantidad}) filter (where ${permissions.estado} = 'aprobado'), 0)`.mapWith(Number),
      pendientes: sql<number>`coalesce(sum(${permissions.cantidad}) filter (where ${permissions.estado} = 'pendiente'), 0)`.mapWith(Number),
    })
    .from(permissions)
    .where(
      and(
        eq(permissions.companyId, companyId),
        inArray(permissions.userId, userIds),
        inArray(permissions.typeId, typeIds),
        inArray(permissions.estado, LIVE_STATES),
        gte(permissions.desde, from),
        lte(permissions.desde, to),
      ),
    )
    .groupBy(permissions.userId, permissions.typeId);
}

/** Each live permission (approved or pending) of a type for these workers: its start and amount. */
export async function liveAmountsOfType(db: DbOrTx, companyId: string, userIds: string[], typeId: string): Promise<{ id: string; userId: string; desde: string; cantidad: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: permissions.id, userId: permissions.userId, desde: permissions.desde, cantidad: sql<number>`${permissions.cantidad}`.mapWith(Number) })
    .from(permissions)
    .where(and(eq(permissions.companyId, companyId), inArray(permissions.userId, userIds), eq(permissions.typeId, typeId), inArray(permissions.estado, LIVE_STATES)))
    .orderBy(asc(permissions.desde));
}

export async function insertPermission(db: DbOrTx, values: NewPermission): Promise<string> {
  const [row] = await db.insert(permissions).values(values).returning({ id: permissions.id });
  return row!.id;
}

/** Moves a permission out of `from` states; false when it was no longer in one (another decision came first). */
export async function decidePermission(
  db: DbOrTx,
  companyId: string,
  id: string,
  from: EstadoPermiso[],
  values: { estado: EstadoPermiso; decidedBy: string; decidedAt: Date; decisionComment: string | null },
): Promise<boolean> {
  const rows = await db
    .update(permissions)
    .set({ ...values, updatedAt: values.decidedAt })
    .where(and(eq(permissions.companyId, companyId), eq(permissions.id, id), inArray(permissions.estado, from)))
    .returning({ id: permissions.id });
  return rows.length > 0;
}

const creator = alias(users, 'creator');
const decider = alias(users, 'decider');

function detailSelect(db: DbOrTx) {
  return db
    .select({
      permission: permissions,
      worker: { id: users.id, rut: users.rut, nombre: users.nombre, apellidos: users.apellidos, groupId: users.groupId },
      groupNombre: groups.nombre,
      type: { id: permissionTypes.id, nombre: permissionTypes.nombre, codigo: permissionTypes.codigo, unidad: permissionTypes.unidad, conGoce: permissionTypes.conGoce },
      creator: { id: creator.id, nombre: creator.nombre, apellidos: creator.apellidos },
      decider: { id: decider.id, nombre: decider.nombre, apellidos: decider.apellidos },
      attachment: { nombre: permissionAttachments.nombre, tipo: permissionAttachments.tipo, tamano: permissionAttachments.tamano },
    })
    .from(permissions)
    .innerJoin(users, and(eq(users.companyId, permissions.companyId), eq(users.id, permissions.userId)))
    .innerJoin(permissionTypes, and(eq(permissionTypes.companyId, permissions.companyId), eq(permissionTypes.id, permissions.typeId)))
    .leftJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.id, users.groupId)))
    .leftJoin(creator, and(eq(creator.companyId, permissions.companyId), eq(creator.id, permissions.createdBy)))
    .leftJoin(decider, and(eq(decider.companyId, permissions.companyId), eq(decider.id, permissions.decidedBy)))
    .leftJoin(
      permissionAttachments,
      and(eq(permissionAttachments.companyId, permissions.companyId), eq(permissionAttachments.permissionId, permissions.id)),
    );
}
export type PermissionDetailRow = Awaited<ReturnType<typeof findPermission>> & object;

export async function findPermission(db: DbOrTx, companyId: string, id: string) {
  const [row] = await detailSelect(db).where(and(eq(permissions.companyId, companyId), eq(permissions.id, id)));
  return row;
}

export interface PermissionFilters {
  userId?: string | undefined;
  groupId?: string | undefined;
  typeId?: string | undefined;
  estado?: EstadoPermiso | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function scopeCondition(scope: PermissionScope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.groupIds.length ? inArray(users.groupId, [...scope.groupIds]) : sql`false`;
}

export async function listPermissions(db: DbOrTx, companyId: string, filters: PermissionFilters, scope: PermissionScope, paging: { limit: number; offset: number }) {
  const conditions: (SQL | undefined)[] = [eq(permissions.companyId, companyId), scopeCondition(scope)];
  if (filters.userId) conditions.push(eq(permissions.userId, filters.userId));
  if (filters.groupId) conditions.push(eq(users.groupId, filters.groupId));
  if (filters.typeId) conditions.push(eq(permissions.typeId, filters.typeId));
  if (filters.estado) conditions.push(eq(permissions.estado, filters.estado));
  if (filters.from) conditions.push(gte(permissions.hasta, filters.from));
  if (filters.to) conditions.push(lte(permissions.desde, filters.to));
  const where = and(...conditions);
  const rows = await detailSelect(db)
    .where(where)
    .orderBy(desc(permissions.desde), desc(permissions.createdAt), asc(permissions.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db
    .select({ n: count() })
    .from(permissions)
    .innerJoin(users, and(eq(users.companyId, permissions.companyId), eq(users.id, permissions.userId)))
    .where(where);
  return { rows, total: total!.n };
}

/** A company's permissions waiting for a decision whose dates touch `from`..`to` (the list's `estado=pendiente&desde&hasta`). */
export async function countPendingTouching(db: DbOrTx, companyId: string, from: string, to: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(permissions)
    .innerJoin(users, and(eq(users.companyId, permissions.companyId), eq(users.id, permissions.userId)))
    .where(and(eq(permissions.companyId, companyId), eq(permissions.estado, 'pendiente'), gte(permissions.hasta, from), lte(permissions.desde, to)));
  return row!.n;
}

/** Pending permissions of workers in scope, leaving out the session's own. */
export async function countPending(db: DbOrTx, companyId: string, scope: PermissionScope, exceptUserId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(permissions)
    .innerJoin(users, and(eq(users.companyId, permissions.companyId), eq(users.id, permissions.userId)))
    .where(and(eq(permissions.companyId, companyId), eq(permissions.estado, 'pendiente'), sql`${permissions.userId} <> ${exceptUserId}`, scopeCondition(scope)));
  return row!.n;
}

/** Approved permissions of some workers that touch [from, to], with their type's unit and pay. */
/** The permissions of some workers in one state (approved by default) that touch [from, to], with their type. */
export async function permissionsInRange(db: DbOrTx, companyId: string, userIds: string[], from: string, to: string, estado: 'aprobado' | 'pendiente' = 'aprobado') {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: permissions.id,
      userId: permissions.userId,
      desde: permissions.desde,
      hasta: permissions.hasta,
      horaInicio: permissions.horaInicio,
      horaFin: permissions.horaFin,
      codigo: permissionTypes.codigo,
      unidad: permissionTypes.unidad,
      conGoce: permissionTypes.conGoce,
    })
    .from(permissions)
    .innerJoin(permissionTypes, and(eq(permissionTypes.companyId, permissions.companyId), eq(permissionTypes.id, permissions.typeId)))
    .where(
      and(
        eq(permissions.companyId, companyId),
        inArray(permissions.userId, userIds),
        eq(permissions.estado, estado),
        lte(permissions.desde, to),
        gte(permissions.hasta, from),
      ),
    )
    .orderBy(asc(permissions.userId), asc(permissions.desde));
}

// --- Balances ---------------------------------------------------------------------------------------

/** Workers (not fiscalizadores) in scope, a page of them, for the balances table. */
export async function workersPage(
  db: DbOrTx,
  companyId: string,
  scope: PermissionScope,
  filters: { userId?: string | undefined; groupId?: string | undefined },
  paging: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId), sql`${users.perfil} <> 'fiscalizador'`, eq(users.active, true)];
  if (!scope.all) conditions.push(scope.groupIds.length ? inArray(users.groupId, [...scope.groupIds]) : sql`false`);
  if (filters.userId) conditions.push(eq(users.id, filters.userId));
  if (filters.groupId) conditions.push(eq(users.groupId, filters.groupId));
  const where = and(...conditions);
  // With what the legal vacation needs: the contract's dates, the recognised years and the site's place.
  const rows: WorkerRow[] = await workerSelect(db)
    .where(where)
    .orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total!.n };
}

// --- Attachments -------------------------------------------------------------------------------------

/** Stores a permission's document, replacing the one it had. */
export function upsertAttachment(db: DbOrTx, values: typeof permissionAttachments.$inferInsert & AttachmentRow): Promise<void> {
  return upsertAttachmentRow(db, permissionAttachments, permissionAttachments.permissionId, values);
}

export function findAttachment(db: DbOrTx, companyId: string, permissionId: string) {
  return findAttachmentRow(db, permissionAttachments, permissionAttachments.permissionId, companyId, permissionId);
}


// --- Management report "permisos asignados" (permissions.reports.ts) -------------------------------------

const PERMISSION_SUMS = sql`count(*)::int as "permisos",
  count(*) filter (where p.estado = 'aprobado')::int as "aprobados",
  count(*) filter (where p.estado = 'pendiente')::int as "pendientes",
  count(*) filter (where p.estado in ('rechazado', 'anulado'))::int as "rechazados",
  coalesce(sum(p.cantidad) filter (where p.estado = 'aprobado' and t.unidad <> 'horas' and t.con_goce), 0) as "diasConGoce",
  coalesce(sum(p.cantidad) filter (where p.estado = 'aprobado' and t.unidad <> 'horas' and not t.con_goce), 0) as "diasSinGoce",
  coalesce(sum(p.cantidad) filter (where p.estado = 'aprobado' and t.unidad = 'horas'), 0) as "horas"`;

const permissionSumsOf = (r: Record<string, unknown>): PermissionReportSums =>
  Object.fromEntries(PERMISSION_REPORT_SUM_KEYS.map((k) => [k, Number(r[k] ?? 0)])) as PermissionReportSums;

/** Both drivers (node-postgres and PGlite) answer execute() with `rows`. */
async function rowsOf(db: DbOrTx, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

function permissionsTouching(companyId: string, userIds: readonly string[], from: string, to: string): SQL {
  return sql`p.company_id = ${companyId} and p.user_id = any(${sql.param([...userIds])}::uuid[]) and p.desde <= ${to}::date and p.hasta >= ${from}::date`;
}

/** A page of the workers (among `userIds`) with permissions touching [from, to], their sums, how many such workers, and the sums over all. */
export async function permissionReportPage(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
  sort: { key: 'trabajador' | PermissionReportSumKey; direction: 'asc' | 'desc' },
  paging: { limit: number; offset: number } | null,
): Promise<{ rows: { userId: string; sums: PermissionReportSums }[]; total: number; totals: PermissionReportSums }> {
  if (userIds.length === 0) return { rows: [], total: 0, totals: permissionSumsOf({}) };
  const grouped = sql`select p.user_id as "userId", u.apellidos, u.nombre, ${PERMISSION_SUMS}
    from ${permissions} p
    join ${permissionTypes} t on t.company_id = p.company_id and t.id = p.type_id
    join ${users} u on u.company_id = p.company_id and u.id = p.user_id
    where ${permissionsTouching(companyId, userIds, from, to)}
    group by p.user_id, u.apellidos, u.nombre`;
  const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
  const order = sort.key === 'trabajador' ? sql`g.apellidos ${dir}, g.nombre ${dir}, g."userId"` : sql`g.${sql.identifier(sort.key)} ${dir}, g.apellidos, g.nombre, g."userId"`;
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  const totalsSql = sql.join(
    PERMISSION_REPORT_SUM_KEYS.map((k) => sql`coalesce(sum(g.${sql.identifier(k)}), 0) as ${sql.identifier(k)}`),
    sql`, `,
  );
  const [agg] = await rowsOf(db, sql`select count(*)::int as n, ${totalsSql} from (${grouped}) g`);
  const result = await rowsOf(db, sql`select * from (${grouped}) g order by ${order} ${page}`);
  return {
    rows: result.map((r) => ({ userId: r.userId as string, sums: permissionSumsOf(r) })),
    total: Number(agg?.n ?? 0),
    totals: agg ? permissionSumsOf(agg) : permissionSumsOf({}),
  };
}

/** The permissions of some workers touching [from, to], by worker, in date order. */
export async function permissionReportRows(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<PermissionReportRow[]> {
  if (userIds.length === 0) return [];
  const result = await rowsOf(
    db,
    sql`select p.user_id as "userId", t.nombre as tipo, t.codigo, t.con_goce as "conGoce", t.unidad, p.desde::text as desde, p.hasta::text as hasta,
          p.hora_inicio as "horaInicio", p.hora_fin as "horaFin", p.cantidad, p.estado, p.origen
        from ${permissions} p
        join ${permissionTypes} t on t.company_id = p.company_id and t.id = p.type_id
        where ${permissionsTouching(companyId, userIds, from, to)}
        order by p.user_id, p.desde, p.created_at, p.id`,
  );
  return result.map((r) => ({ ...(r as unknown as PermissionReportRow), cantidad: Number(r.cantidad) }));
}

/** Counts and approved amounts of the permissions touching [from, to] per type (the report's chart). */
export async function permissionReportByType(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<{ tipo: string; permisos: number; aprobados: number }[]> {
  if (userIds.length === 0) return [];
  const result = await rowsOf(
    db,
    sql`select t.nombre as tipo, count(*)::int as permisos, count(*) filter (where p.estado = 'aprobado')::int as aprobados
        from ${permissions} p
        join ${permissionTypes} t on t.company_id = p.company_id and t.id = p.type_id
        where ${permissionsTouching(companyId, userIds, from, to)}
        group by t.nombre order by 2 desc, 1`,
  );
  return result.map((r) => ({ tipo: r.tipo as string, permisos: Number(r.permisos), aprobados: Number(r.aprobados) }));
}

// --- Answered requests (the bell, permissions.inbox.ts) ---------------------------------------------

/** A person's own requests decided by someone else since an instant, newest decision first. */
export async function answeredRequests(db: DbOrTx, companyId: string, userId: string, since: Date, limit: number) {
  const where = and(
    eq(permissions.companyId, companyId),
    eq(permissions.userId, userId),
    eq(permissions.origen, 'solicitado'),
    inArray(permissions.estado, ['aprobado', 'rechazado']),
    gte(permissions.decidedAt, since),
    sql`${permissions.decidedBy} is distinct from ${permissions.userId}`,
  );
  const rows = await db
    .select({
      id: permissions.id,
      estado: permissions.estado,
      desde: permissions.desde,
      hasta: permissions.hasta,
      horaInicio: permissions.horaInicio,
      horaFin: permissions.horaFin,
      decidedAt: permissions.decidedAt,
      decisionComment: permissions.decisionComment,
      tipoNombre: permissionTypes.nombre,
      tipoCodigo: permissionTypes.codigo,
    })
    .from(permissions)
    .innerJoin(permissionTypes, and(eq(permissionTypes.companyId, permissions.companyId), eq(permissionTypes.id, permissions.typeId)))
    .where(where)
    .orderBy(desc(permissions.decidedAt), asc(permissions.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(permissions).where(where);
  return { rows, total: total!.n };
}
