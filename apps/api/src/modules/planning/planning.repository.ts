import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { scheduleInForceId } from '../../db/exceptional-schedule';
import { companies, decemberExtensions, exceptionalSchedules, groups, planningChanges, planningDays, sites, users } from '../../db/schema/index';

export type PlanningDayRow = typeof planningDays.$inferSelect;
export type NewPlanningDay = typeof planningDays.$inferInsert;
export type PlanningChangeRow = typeof planningChanges.$inferSelect;
export type NewPlanningChange = typeof planningChanges.$inferInsert;

import type { Worker, WorkerScope } from './planning.types';

export type { Worker, WorkerScope } from './planning.types';

export interface WorkerFilters {
  grupoIds?: string[] | undefined;
  sedeId?: string | undefined;
  userIds?: string[] | undefined;
  ruts?: string[] | undefined;
  /** Workers whose contract overlaps the range. */
  from?: string | undefined;
  to?: string | undefined;
}

const workerColumns = {
  id: users.id,
  rut: users.rut,
  nombre: users.nombre,
  apellidos: users.apellidos,
  cargo: users.cargo,
  groupId: users.groupId,
  groupNombre: groups.nombre,
  siteId: users.siteId,
  zone: sql<string>`coalesce(${sites.timeZone}, 'America/Santiago')`,
  region: sites.region,
  inicioContrato: users.inicioContrato,
  finContrato: users.finContrato,
  horasSemanales: users.horasSemanales,
  excluidoLimiteJornada: users.excluidoLimiteJornada,
  exceptuadoDescansoDominical: users.exceptuadoDescansoDominical,
  exceptuadoDescansoDominicalDesde: users.exceptuadoDescansoDominicalDesde,
  exceptuadoDescansoDominicalHasta: users.exceptuadoDescansoDominicalHasta,
  jornadaPromedioSemanas: users.jornadaPromedioSemanas,
  jornadaPromedioDesde: users.jornadaPromedioDesde,
  jornadaPromedioHasta: users.jornadaPromedioHasta,
  jornadaExcepcional: sql<Worker['jornadaExcepcional']>`(select json_build_object('resolution', je.numero, 'workDays', je.dias_trabajo, 'restDays', je.dias_descanso,
    'dailyOrdinaryHours', je.horas_diarias, 'validFrom', je.vigente_desde, 'validTo', je.vigente_hasta)
    from ${exceptionalSchedules} je where je.company_id = ${users.companyId} and je.id = ${scheduleInForceId('users')})`,
};

function scopeCondition(scope: WorkerScope): SQL {
  if ('all' in scope) return sql`true`;
  if ('userId' in scope) return eq(users.id, scope.userId);
  return scope.groupIds.length ? inArray(users.groupId, scope.groupIds) : sql`false`;
}

function workerConditions(companyId: string, scope: WorkerScope, filters: WorkerFilters): SQL {
  // Inspectors are not planned; everyone else who works (administrators and supervisors too) may be.
  const list: SQL[] = [eq(users.companyId, companyId), ne(users.perfil, 'fiscalizador'), scopeCondition(scope)];
  if (filters.grupoIds) list.push(anyOf(users.groupId, filters.grupoIds, 'uuid'));
  if (filters.sedeId) list.push(eq(users.siteId, filters.sedeId));
  if (filters.userIds) list.push(anyOf(users.id, filters.userIds, 'uuid'));
  if (filters.ruts) list.push(anyOf(users.rut, filters.ruts, 'text'));
  if (filters.to) list.push(lte(users.inicioContrato, filters.to));
  if (filters.from) list.push(sql`(${users.finContrato} is null or ${users.finContrato} >= ${filters.from})`);
  return and(...list)!;
}

function workerSelect(db: DbOrTx) {
  return db
    .select(workerColumns)
    .from(users)
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
    .leftJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.id, users.groupId)));
}

/**
 * Statements of at most this many workers, or of about this many days: PGlite runs each statement on
 * the main thread in one go (tens of µs a row read, more on a busy machine), and a 50,000-row upload's
 * look-up in one statement held it for seconds. On PostgreSQL the extra round trips cost milliseconds.
 */
const WORKERS_PER_STATEMENT = 250;
const DAYS_PER_STATEMENT = 500;

export async function listWorkers(
  db: DbOrTx,
  companyId: string,
  scope: WorkerScope,
  filters: WorkerFilters,
  paging: { limit: number; offset: number } | null,
): Promise<{ rows: Worker[]; total: number }> {
  const where = workerConditions(companyId, scope, filters);
  const query = workerSelect(db)
    .where(where)
    .orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id));
  if (!paging) {
    // Every worker, in statements of WORKERS_PER_STATEMENT, each one after the last worker of the previous.
    const rows: Worker[] = [];
    for (;;) {
      const last = rows.at(-1);
      const after = last ? sql`(${users.apellidos}, ${users.nombre}, ${users.id}) > (${last.apellidos}, ${last.nombre}, ${last.id}::uuid)` : sql`true`;
      const page = await workerSelect(db)
        .where(and(where, after))
        .orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id))
        .limit(WORKERS_PER_STATEMENT);
      for (const row of page) rows.push(row);
      if (page.length < WORKERS_PER_STATEMENT) return { rows, total: rows.length };
    }
  }
  const rows = await query.limit(paging.limit).offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows, total: total!.n };
}


/**
 * Workers by RUT (stored form), within a scope; no contract filter (the caller reports dates outside the
 * contract). Each statement takes its RUTs as one array parameter.
 */
export async function workersByRut(db: DbOrTx, companyId: string, ruts: string[]): Promise<Worker[]> {
  const found: Worker[] = [];
  for (let i = 0; i < ruts.length; i += WORKERS_PER_STATEMENT) {
    const rows = await workerSelect(db).where(and(eq(users.companyId, companyId), ne(users.perfil, 'fiscalizador'), anyOf(users.rut, ruts.slice(i, i + WORKERS_PER_STATEMENT), 'text')));
    for (const row of rows) found.push(row);
  }
  return found;
}

export async function groupExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  return row !== undefined;
}

export async function siteExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return row !== undefined;
}

/**
 * The stored days of some workers over a range, in statements of about DAYS_PER_STATEMENT days: the
 * first takes as many workers as could have that many days in the range, and each next one as many as
 * the days found so far per worker suggest (a sparse plan needs few statements, a full one more).
 */
export async function loadDays(db: DbOrTx, companyId: string, userIds: string[], from: string, to: string): Promise<PlanningDayRow[]> {
  const days = Math.max(1, (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1);
  const found: PlanningDayRow[] = [];
  let perStatement = Math.max(1, Math.floor(DAYS_PER_STATEMENT / days));
  for (let i = 0; i < userIds.length; ) {
    const chunk = userIds.slice(i, i + perStatement);
    const rows = await db
      .select()
      .from(planningDays)
      .where(and(eq(planningDays.companyId, companyId), anyOf(planningDays.userId, chunk, 'uuid'), gte(planningDays.date, from), lte(planningDays.date, to)));
    for (const row of rows) found.push(row);
    i += chunk.length;
    const perWorker = found.length / i;
    perStatement = Math.min(WORKERS_PER_STATEMENT, Math.max(1, Math.floor(DAYS_PER_STATEMENT / Math.max(perWorker, 1))));
  }
  return found;
}

/** A planned date as the engine reads it: date, kind, and the shift version of a `turno`. */
export type PlanDayTuple = [date: string, kind: 'turno' | 'libre', shiftId: string | null, shiftVersion: number | null];

/** A worker's planned dates within a range and within their contract, with the site's region and comuna (their holidays). */
export interface PlanSource {
  userId: string;
  region: string | null;
  comuna: string | null;
  days: PlanDayTuple[];
}

/**
 * The plan of some workers over `from`..`to` in one statement: a row per worker of the company (with or
 * without planned dates), their dates in order as JSON arrays. Dates outside the contract are left out:
 * nothing is planned there (marks there are refused when taken), whatever the table still holds.
 */
export async function planSources(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<PlanSource[]> {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      region: sites.region,
      comuna: sites.comuna,
      days: sql<PlanDayTuple[]>`coalesce((
        select json_agg(json_build_array(p.date::text, p.kind, p.shift_id, p.shift_version) order by p.date)
        from ${planningDays} p
        where p.company_id = ${users.companyId} and p.user_id = ${users.id} and p.date between ${from}::date and ${to}::date
          and p.date >= ${users.inicioContrato} and (${users.finContrato} is null or p.date <= ${users.finContrato})), '[]'::json)`,
    })
    .from(users)
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
    .where(and(eq(users.companyId, companyId), anyOf(users.id, userIds, 'uuid')));
}

/*
 * Bulk writes are set-based: each column travels as one array parameter and `unnest` turns them into
 * rows, so a statement costs the same to build for 10 rows or 20,000 (the ORM's multi-row VALUES built
 * SQL text and a bind parameter per cell, which grew with the file). Enum arrays travel as text[]
 * (PGlite serialises only built-in array types) and are cast in SQL. Chunks keep one statement's
 * parameters at a few megabytes for the planner's largest files (400,000 days).
 */
const BULK_CHUNK = 20_000;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += BULK_CHUNK) yield rows.slice(i, i + BULK_CHUNK);
}

/** Inserts or replaces planned days; `first_planned_at` of an existing date is kept. */
export async function upsertDays(db: DbOrTx, rows: NewPlanningDay[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await db.execute(sql`
      insert into ${planningDays} (company_id, user_id, date, kind, shift_id, shift_version, first_planned_at, assigned_at, assigned_by, origin)
      select company_id, user_id, date, kind::plan_kind, shift_id, shift_version, first_planned_at, assigned_at, assigned_by, origin::plan_origin
      from unnest(
        ${sql.param(chunk.map((r) => r.companyId))}::uuid[],
        ${sql.param(chunk.map((r) => r.userId))}::uuid[],
        ${sql.param(chunk.map((r) => r.date))}::date[],
        ${sql.param(chunk.map((r) => r.kind))}::text[],
        ${sql.param(chunk.map((r) => r.shiftId ?? null))}::uuid[],
        ${sql.param(chunk.map((r) => r.shiftVersion ?? null))}::int[],
        ${sql.param(chunk.map((r) => iso(r.firstPlannedAt)))}::timestamptz[],
        ${sql.param(chunk.map((r) => iso(r.assignedAt)))}::timestamptz[],
        ${sql.param(chunk.map((r) => r.assignedBy ?? null))}::uuid[],
        ${sql.param(chunk.map((r) => r.origin))}::text[]
      ) as t(company_id, user_id, date, kind, shift_id, shift_version, first_planned_at, assigned_at, assigned_by, origin)
      on conflict (company_id, user_id, date) do update set
        kind = excluded.kind,
        shift_id = excluded.shift_id,
        shift_version = excluded.shift_version,
        assigned_at = excluded.assigned_at,
        assigned_by = excluded.assigned_by,
        origin = excluded.origin`);
  }
}

export async function deleteDays(db: DbOrTx, companyId: string, keys: { userId: string; date: string }[]): Promise<void> {
  for (const chunk of chunks(keys)) {
    await db.execute(sql`
      delete from ${planningDays}
      where company_id = ${companyId}
        and (user_id, date) in (
          select user_id, date from unnest(${sql.param(chunk.map((k) => k.userId))}::uuid[], ${sql.param(chunk.map((k) => k.date))}::date[]) as t(user_id, date)
        )`);
  }
}

export async function insertChanges(db: DbOrTx, rows: NewPlanningChange[]): Promise<{ id: string; userId: string; date: string }[]> {
  const ids: { id: string; userId: string; date: string }[] = [];
  for (const chunk of chunks(rows)) {
    // Both drivers (node-postgres and PGlite) answer execute() with `rows`.
    const result = (await db.execute(sql`
      insert into ${planningChanges} (
        company_id, user_id, date, first_planned_at, previous_kind, previous_shift_id, previous_shift_version, previous_assigned_at,
        new_kind, new_shift_id, new_shift_version, requested_by, motivo, observacion, past_day, origin, changed_by, changed_at
      )
      select company_id, user_id, date, first_planned_at, previous_kind::plan_kind, previous_shift_id, previous_shift_version, previous_assigned_at,
        new_kind::plan_kind, new_shift_id, new_shift_version, requested_by::plan_requested_by, motivo, observacion, past_day, origin::plan_origin, changed_by, changed_at
      from unnest(
        ${sql.param(chunk.map((r) => r.companyId))}::uuid[],
        ${sql.param(chunk.map((r) => r.userId))}::uuid[],
        ${sql.param(chunk.map((r) => r.date))}::date[],
        ${sql.param(chunk.map((r) => iso(r.firstPlannedAt)))}::timestamptz[],
        ${sql.param(chunk.map((r) => r.previousKind ?? null))}::text[],
        ${sql.param(chunk.map((r) => r.previousShiftId ?? null))}::uuid[],
        ${sql.param(chunk.map((r) => r.previousShiftVersion ?? null))}::int[],
        ${sql.param(chunk.map((r) => iso(r.previousAssignedAt)))}::timestamptz[],
        ${sql.param(chunk.map((r) => r.newKind ?? null))}::text[],
        ${sql.param(chunk.map((r) => r.newShiftId ?? null))}::uuid[],
        ${sql.param(chunk.map((r) => r.newShiftVersion ?? null))}::int[],
        ${sql.param(chunk.map((r) => r.requestedBy))}::text[],
        ${sql.param(chunk.map((r) => r.motivo ?? null))}::text[],
        ${sql.param(chunk.map((r) => r.observacion ?? null))}::text[],
        ${sql.param(chunk.map((r) => r.pastDay))}::boolean[],
        ${sql.param(chunk.map((r) => r.origin))}::text[],
        ${sql.param(chunk.map((r) => r.changedBy ?? null))}::uuid[],
        ${sql.param(chunk.map((r) => iso(r.changedAt)))}::timestamptz[]
      ) as t(
        company_id, user_id, date, first_planned_at, previous_kind, previous_shift_id, previous_shift_version, previous_assigned_at,
        new_kind, new_shift_id, new_shift_version, requested_by, motivo, observacion, past_day, origin, changed_by, changed_at
      )
      returning id, user_id as "userId", date::text as date`)) as unknown as { rows: { id: string; userId: string; date: string }[] };
    ids.push(...result.rows);
  }
  return ids;
}

/** `userId:date` of the dates with change-log entries, to mark modified cells. */
export async function changedDates(db: DbOrTx, companyId: string, userIds: string[], from: string, to: string): Promise<Set<string>> {
  const result = new Set<string>();
  if (userIds.length === 0) return result;
  const rows = await db
    .selectDistinct({ userId: planningChanges.userId, date: planningChanges.date })
    .from(planningChanges)
    .where(
      and(
        eq(planningChanges.companyId, companyId),
        inArray(planningChanges.userId, userIds),
        gte(planningChanges.date, from),
        lte(planningChanges.date, to),
      ),
    );
  for (const row of rows) result.add(`${row.userId}:${row.date}`);
  return result;
}

export interface ChangeFilters {
  userId?: string | undefined;
  /** Several workers (the legal report's page of blocks). */
  userIds?: readonly string[] | undefined;
  grupoId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export type ChangeWithUser = {
  change: PlanningChangeRow;
  rut: string;
  nombre: string;
  apellidos: string;
  zone: string;
};

export async function listChanges(
  db: DbOrTx,
  companyId: string,
  scope: WorkerScope,
  filters: ChangeFilters,
  paging: { limit: number; offset: number },
): Promise<{ rows: ChangeWithUser[]; total: number }> {
  const list: SQL[] = [eq(planningChanges.companyId, companyId), scopeCondition(scope)];
  if (filters.userId) list.push(eq(planningChanges.userId, filters.userId));
  if (filters.userIds) list.push(filters.userIds.length ? inArray(planningChanges.userId, [...filters.userIds]) : sql`false`);
  if (filters.grupoId) list.push(eq(users.groupId, filters.grupoId));
  if (filters.from) list.push(gte(planningChanges.date, filters.from));
  if (filters.to) list.push(lte(planningChanges.date, filters.to));
  const where = and(...list);
  const joinUsers = and(eq(users.companyId, planningChanges.companyId), eq(users.id, planningChanges.userId));
  const rows = await db
    .select({
      change: planningChanges,
      rut: users.rut,
      nombre: users.nombre,
      apellidos: users.apellidos,
      zone: sql<string>`coalesce(${sites.timeZone}, 'America/Santiago')`,
    })
    .from(planningChanges)
    .innerJoin(users, joinUsers)
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
    .where(where)
    .orderBy(desc(planningChanges.changedAt), desc(planningChanges.date), asc(planningChanges.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(planningChanges).innerJoin(users, joinUsers).where(where);
  return { rows, total: total!.n };
}

/** Names of the users who made changes. */
export async function userNames(db: DbOrTx, companyId: string, ids: string[]): Promise<Map<string, { nombre: string; apellidos: string }>> {
  const result = new Map<string, { nombre: string; apellidos: string }>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
  for (const row of rows) result.set(row.id, { nombre: row.nombre, apellidos: row.apellidos });
  return result;
}

/** Future planned days (from a date on, per zone handled by the caller) that use a shift at another version. */
export async function daysWithShiftFrom(db: DbOrTx, companyId: string, shiftId: string, from: string): Promise<(PlanningDayRow & { zone: string })[]> {
  const rows = await db
    .select({ day: planningDays, zone: sql<string>`coalesce(${sites.timeZone}, 'America/Santiago')` })
    .from(planningDays)
    .innerJoin(users, and(eq(users.companyId, planningDays.companyId), eq(users.id, planningDays.userId)))
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
    .where(and(eq(planningDays.companyId, companyId), eq(planningDays.shiftId, shiftId), gte(planningDays.date, from)));
  return rows.map((row) => ({ ...row.day, zone: row.zone }));
}

/** The company's declared December extension days (art. 24) in [from, to], by date, with who declared each. */
export async function loadDecemberExtensions(dbx: DbOrTx, companyId: string, from: string, to: string) {
  return dbx
    .select({ date: decemberExtensions.date, minutes: decemberExtensions.minutes, createdAt: decemberExtensions.createdAt, nombre: users.nombre, apellidos: users.apellidos })
    .from(decemberExtensions)
    .leftJoin(users, and(eq(users.companyId, decemberExtensions.companyId), eq(users.id, decemberExtensions.createdBy)))
    .where(and(eq(decemberExtensions.companyId, companyId), gte(decemberExtensions.date, from), lte(decemberExtensions.date, to)))
    .orderBy(asc(decemberExtensions.date));
}

/** Every declared December extension day of the company, as seconds by date (a few a year). */
export async function decemberExtensionSeconds(dbx: DbOrTx, companyId: string): Promise<Map<string, number>> {
  const rows = await dbx.select({ date: decemberExtensions.date, minutes: decemberExtensions.minutes }).from(decemberExtensions).where(eq(decemberExtensions.companyId, companyId));
  return new Map(rows.map((r) => [r.date, r.minutes * 60]));
}

/** Replaces the company's declared days in [from, to] with `days`, in the caller's transaction. */
export async function replaceDecemberExtensions(
  tx: DbOrTx,
  companyId: string,
  from: string,
  to: string,
  days: readonly { date: string; minutes: number; createdBy: string; createdAt: Date }[],
  keep: ReadonlySet<string>,
): Promise<void> {
  const kept = [...keep];
  await tx
    .delete(decemberExtensions)
    .where(and(eq(decemberExtensions.companyId, companyId), gte(decemberExtensions.date, from), lte(decemberExtensions.date, to), kept.length ? sql`${decemberExtensions.date} NOT IN (${sql.join(kept.map((d) => sql`${d}`), sql`, `)})` : undefined));
  if (days.length) await tx.insert(decemberExtensions).values(days.map((d) => ({ companyId, ...d })));
}

/** The declared December extension days in [from, to] with the company's rubro (commerce only reads them). */
export async function decemberExtensionsWithRubro(dbx: DbOrTx, companyId: string, from: string, to: string) {
  return dbx
    .select({ date: decemberExtensions.date, minutes: decemberExtensions.minutes, rubro: companies.rubro })
    .from(decemberExtensions)
    .innerJoin(companies, eq(companies.id, decemberExtensions.companyId))
    .where(and(eq(decemberExtensions.companyId, companyId), gte(decemberExtensions.date, from), lte(decemberExtensions.date, to)));
}
