/**
 * The marks module's SQL: the chain head lock and writes of a mark, attempts, the group commit's two
 * statements (mark-batch.ts) and the reads of marks.read.ts. Marks are insert-only: nothing here
 * updates or deletes a mark.
 */
import type { MetodoMarca, MotivoIntento, TipoMarca } from '@jornada/contracts';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { scheduleInForceId } from '../../db/exceptional-schedule';
import { companies, exceptionalSchedules, jobs, markAttempts, markChainHeads, marks, sites, users } from '../../db/schema/index';
import type { AttemptRow, MarkRow, RecordAttemptInput, WorkerContext } from './marks.types';

/** The effective time of a mark: the device time of an offline mark, the server time otherwise. */
const effective = sql`coalesce(${marks.originalAt}, ${marks.at})`;

// ---- Workers -------------------------------------------------------------------------------------

/** The worker with their company and site (the given one, else their own); null when not in the company. */
export async function loadWorkerContext(dbx: DbOrTx, companyId: string, userId: string, siteId?: string | null): Promise<WorkerContext | null> {
  const [row] = await dbx
    .select({ user: users, company: companies, schedule: exceptionalSchedules })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(exceptionalSchedules, and(eq(exceptionalSchedules.companyId, users.companyId), sql`${exceptionalSchedules.id} = ${scheduleInForceId('users')}`))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  if (!row) return null;
  const wanted = siteId ?? row.user.siteId;
  const site = wanted ? ((await dbx.select().from(sites).where(and(eq(sites.companyId, companyId), eq(sites.id, wanted))).limit(1))[0] ?? null) : null;
  return { user: row.user, company: row.company, site, schedule: row.schedule };
}

// ---- One mark, under the worker's lock -------------------------------------------------------------

/** Stores an attempt (a refused or doubtful mark) with its reason. */
export async function insertAttempt(dbx: DbOrTx, input: RecordAttemptInput, at: Date, ip?: string): Promise<AttemptRow> {
  const [row] = await dbx
    .insert(markAttempts)
    .values({
      companyId: input.companyId,
      userId: input.userId,
      kind: input.tipo ?? null,
      method: input.metodo,
      reason: input.motivo,
      at,
      siteId: input.siteId ?? null,
      markId: input.marcaId ?? null,
      clientId: input.idCliente ?? null,
      detail: input.detalle ?? null,
      device: input.dispositivo ?? null,
      deviceId: input.deviceId ?? null,
      lat: input.posicion?.lat ?? null,
      lng: input.posicion?.lng ?? null,
      accuracyM: input.posicion?.precisionM ?? null,
      ip: ip ?? null,
    })
    .returning();
  return row!;
}

/**
 * The per-worker lock: creates the worker's chain head or, through ON CONFLICT DO UPDATE, locks the
 * existing row until the transaction commits. Returns the head as it stands.
 */
export async function lockChainHead(tx: DbOrTx, companyId: string, userId: string): Promise<{ seq: number; lastHash: string | null }> {
  const [head] = await tx
    .insert(markChainHeads)
    .values({ companyId, userId })
    .onConflictDoUpdate({ target: [markChainHeads.companyId, markChainHeads.userId], set: { seq: sql`${markChainHeads.seq}` } })
    .returning();
  return head!;
}

/** The worker's mark stored with that idCliente, if any. */
export async function markByClientId(tx: DbOrTx, companyId: string, userId: string, clientId: string): Promise<MarkRow | undefined> {
  const [existing] = await tx
    .select()
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.userId, userId), eq(marks.clientId, clientId)))
    .limit(1);
  return existing;
}

/** The worker's attempt stored with that idCliente, if any. */
export async function attemptByClientId(tx: DbOrTx, companyId: string, userId: string, clientId: string): Promise<AttemptRow | undefined> {
  const [attempt] = await tx
    .select()
    .from(markAttempts)
    .where(and(eq(markAttempts.companyId, companyId), eq(markAttempts.userId, userId), eq(markAttempts.clientId, clientId)))
    .limit(1);
  return attempt;
}

/** A neighbouring mark: its id, kind and effective time (ISO text as the driver returns it). */
export interface NeighbourMark {
  id: string;
  kind: TipoMarca;
  eff: string;
}

/** The worker's last mark at or before `at` (by effective time). */
export async function markAtOrBefore(tx: DbOrTx, companyId: string, userId: string, at: Date, exceptId?: string): Promise<NeighbourMark | undefined> {
  const [neighbour] = await tx
    .select({ id: marks.id, kind: marks.kind, eff: sql<string>`${effective}` })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.userId, userId), exceptId ? ne(marks.id, exceptId) : undefined, lte(effective, at.toISOString())))
    .orderBy(desc(effective))
    .limit(1);
  return neighbour;
}

/** The worker's first mark after `at` (by effective time), leaving out `exceptId` (the mark a correction supersedes). */
export async function markAfter(tx: DbOrTx, companyId: string, userId: string, at: Date, exceptId?: string): Promise<NeighbourMark | undefined> {
  const [neighbour] = await tx
    .select({ id: marks.id, kind: marks.kind, eff: sql<string>`${effective}` })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.userId, userId), exceptId ? ne(marks.id, exceptId) : undefined, gt(effective, at.toISOString())))
    .orderBy(effective)
    .limit(1);
  return neighbour;
}

/** Writes a chained mark and moves its worker's chain head to it (same transaction as lockChainHead). */
export async function insertMarkAndAdvanceHead(tx: DbOrTx, mark: MarkRow): Promise<MarkRow> {
  const [row] = await tx.insert(marks).values(mark).returning();
  await tx
    .update(markChainHeads)
    .set({ seq: mark.seq, lastHash: mark.hash, lastMarkId: mark.id })
    .where(and(eq(markChainHeads.companyId, mark.companyId), eq(markChainHeads.userId, mark.userId)));
  return row!;
}

/** One mark of the company by id (for its receipt). */
export async function findMark(dbx: DbOrTx, companyId: string, markId: string): Promise<MarkRow | undefined> {
  const [mark] = await dbx.select().from(marks).where(and(eq(marks.companyId, companyId), eq(marks.id, markId))).limit(1);
  return mark;
}

// ---- Group commit (mark-batch.ts) ----------------------------------------------------------------

/** SQL type names of the marks columns as the batch insert casts its arrays (enums travel as text[]). */
const SQL_TYPE_NAMES: Record<string, string> = { integer: 'int', 'double precision': 'float8', 'timestamp with time zone': 'timestamptz' };

/**
 * The marks columns as the single-statement insert writes them: column, SQL type, field. Derived from
 * the drizzle table (db/schema/marks.ts), so a new column cannot be left out of the batch insert.
 */
export const MARK_COLUMNS: readonly (readonly [string, string, keyof MarkRow])[] = Object.entries(getTableColumns(marks)).map(([key, column]) => {
  const type = column.getSQLType();
  return [column.name, SQL_TYPE_NAMES[type] ?? type, key as keyof MarkRow] as const;
});

/** One mark of a batch as the batch read needs it (`i`: its place in the batch). */
export interface BatchReadInput {
  i: number;
  companyId: string;
  userId: string;
  clientId: string;
  siteId: string | null;
  now: Date;
}

/** Hours each side of now within which `readBatch` returns a worker's marks (`recent`). */
const RECENT_WINDOW_HOURS = 50;
/** A mark as `readBatch` returns it in `recent`: id, kind, effective instant (epoch ms), the mark it corrects. */
export type RecentMarkTuple = [id: string, kind: MarkRow['kind'], atMs: number, correctsMarkId: string | null];

/**
 * Everything the rules need for every mark of a batch, in one statement: worker, company, site (the
 * device's, else the worker's), chain head, whether the idCliente was seen (as a mark or an attempt) and
 * the worker's latest mark at or before `now`, and their marks within `RECENT_WINDOW_HOURS` of now. A mark whose worker is not in its company has no row.
 */
export async function readBatch(db: DbOrTx, batch: BatchReadInput[]) {
  const column = <T>(pick: (item: BatchReadInput) => T) => sql.param(batch.map(pick));
  const input = sql`unnest(
      ${column((item) => item.i)}::int[], ${column((item) => item.companyId)}::uuid[], ${column((item) => item.userId)}::uuid[],
      ${column((item) => item.clientId)}::text[], ${column((item) => item.siteId)}::uuid[], ${column((item) => item.now.toISOString())}::timestamptz[]
    ) as r(i, company_id, user_id, client_id, site_id, now)`;
  const ofWorker = (table: typeof marks | typeof markAttempts) => and(eq(table.companyId, users.companyId), eq(table.userId, users.id));
  const latest = (what: ReturnType<typeof sql>) =>
    sql`(select ${what} from ${marks} where ${ofWorker(marks)} and ${effective} <= r.now order by ${effective} desc limit 1)`;
  return db
    .select({
      i: sql<number>`r.i`,
      user: users,
      company: companies,
      site: sites,
      schedule: exceptionalSchedules,
      headSeq: markChainHeads.seq,
      headHash: markChainHeads.lastHash,
      retried: sql<boolean>`(exists (select 1 from ${marks} where ${ofWorker(marks)} and ${marks.clientId} = r.client_id)
          or exists (select 1 from ${markAttempts} where ${ofWorker(markAttempts)} and ${markAttempts.clientId} = r.client_id))`,
      lastKind: sql<TipoMarca | null>`${latest(sql`${marks.kind}`)}`,
      lastAt: sql<string | null>`${latest(effective)}`,
      // The worker's marks around now, for the new mark's notice (marks.read.ts): its window is the day
      // before to the day after the mark's local date, inside now ± 50 hours in any zone.
      recent: sql<RecentMarkTuple[]>`coalesce((
          select json_agg(json_build_array(${marks.id}, ${marks.kind}, floor(extract(epoch from ${effective}) * 1000)::float8, ${marks.correctsMarkId})
            order by ${effective}, ${marks.seq})
          from ${marks} where ${ofWorker(marks)}
            and ${effective} >= r.now - interval '${sql.raw(String(RECENT_WINDOW_HOURS))} hours' and ${effective} < r.now + interval '${sql.raw(String(RECENT_WINDOW_HOURS))} hours'), '[]'::json)`,
    })
    .from(input)
    .innerJoin(users, sql`${users.companyId} = r.company_id and ${users.id} = r.user_id`)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(sites, sql`${sites.companyId} = ${users.companyId} and ${sites.id} = coalesce(r.site_id, ${users.siteId})`)
    .leftJoin(exceptionalSchedules, and(eq(exceptionalSchedules.companyId, users.companyId), sql`${exceptionalSchedules.id} = ${scheduleInForceId('users')}`))
    .leftJoin(markChainHeads, and(eq(markChainHeads.companyId, users.companyId), eq(markChainHeads.userId, users.id)));
}

const ISO = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/**
 * One statement: advances each worker's chain head only from the seq the read saw and, for the heads
 * it advanced, writes the marks and (for `mail`) their receipt jobs of kind `receiptJob`. A statement is
 * atomic: a mark is written with its head and its job or not at all. Returns the ids written.
 */
export async function writeBatch(db: DbOrTx, items: { mark: MarkRow; mail: boolean }[], receiptJob: string): Promise<Set<string>> {
  const names = sql.raw(MARK_COLUMNS.map(([name]) => name).join(', '));
  // Enum arrays travel as text[] (PGlite serialises only built-in array types) and are cast in SQL.
  const arrays = MARK_COLUMNS.map(([, type, key]) => {
    const values = sql.param(items.map((item) => ISO(item.mark[key])));
    return type.startsWith('mark_') ? sql`${values}::text[]::${sql.raw(type)}[]` : sql`${values}::${sql.raw(type)}[]`;
  });
  const mailed = sql.param(items.filter((item) => item.mail).map((item) => item.mark.id));
  // Both drivers (node-postgres and PGlite) answer execute() with `rows`.
  const result = (await db.execute(sql`
      with input as (select * from unnest(${sql.join(arrays, sql`, `)}) as t(${names})),
      head as (
        insert into ${markChainHeads} (company_id, user_id, seq, last_hash, last_mark_id)
        select company_id, user_id, seq, hash, id from input
        on conflict (company_id, user_id) do update
          set seq = excluded.seq, last_hash = excluded.last_hash, last_mark_id = excluded.last_mark_id
          where ${markChainHeads.seq} = excluded.seq - 1
        returning company_id, user_id
      ), mark as (
        insert into ${marks} (${names})
        select ${names} from input join head using (company_id, user_id)
        returning id
      ), job as (
        insert into ${jobs} (kind, payload, run_at, created_at)
        select ${receiptJob}, jsonb_build_object('companyId', input.company_id, 'markId', input.id), input.at, input.at
        from input join mark using (id) where input.id = any(${mailed}::uuid[])
      )
      select id from mark`)) as { rows: { id: string }[] };
  return new Set(result.rows.map((row) => row.id));
}

// ---- Reads (marks.read.ts) -----------------------------------------------------------------------

const DEFAULT_ZONE = 'America/Santiago';

/** Who a caller may see: everyone, the members of the groups they lead (and themselves), or themselves. */
export type Scope = { all: true } | { groupIds: string[]; self: string } | { self: string };

/** A condition on `users` for the scope (the query joins users). */
function scopeCondition(scope: Scope): SQL | undefined {
  if ('all' in scope) return undefined;
  if ('groupIds' in scope && scope.groupIds.length > 0) return or(eq(users.id, scope.self), inArray(users.groupId, scope.groupIds));
  return eq(users.id, scope.self);
}

/** The local day of an instant in the joined site's zone (Santiago without a site). */
function localDay(column: SQL) {
  return sql`(${column} at time zone coalesce(${sites.timeZone}, ${DEFAULT_ZONE}))::date`;
}

/** A mark of the company the scope lets the caller see. */
export async function markInScope(db: DbOrTx, companyId: string, id: string, scope: Scope): Promise<MarkRow | undefined> {
  const [row] = await db
    .select({ mark: marks })
    .from(marks)
    .innerJoin(users, and(eq(users.companyId, marks.companyId), eq(users.id, marks.userId)))
    .where(and(eq(marks.companyId, companyId), eq(marks.id, id), scopeCondition(scope)))
    .limit(1);
  return row?.mark;
}

/** The worker's marks with effective time in [from, to), in chain order. */
export async function marksBetween(db: DbOrTx, companyId: string, userId: string, from: Date, to: Date): Promise<MarkRow[]> {
  return db
    .select()
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.userId, userId), sql`${effective} >= ${from.toISOString()}`, sql`${effective} < ${to.toISOString()}`))
    .orderBy(effective, marks.seq);
}

/** The marks of some workers of a company whose effective instant is in [from, to), by worker, in order. */
/** What a new mark's notice reads of each worker's other marks: the attribution's fields, the instant in epoch ms. */
export interface MarkTimes {
  userId: string;
  id: string;
  kind: MarkRow['kind'];
  /** The effective instant (`original_at` of an offline mark, else `at`), epoch milliseconds. */
  atMs: number;
  correctsMarkId: string | null;
}

/**
 * The marks of some workers whose effective instant falls in [from, to), in order. Five values a row, as
 * plain SQL: each mark's notice reads its worker's marks of three days, and mapping each whole row through
 * the query builder (every column, a Date for each timestamp) was most of a mark's server time under load.
 */
export async function marksOfWorkersBetween(db: DbOrTx, companyId: string, userIds: readonly string[], from: Date, to: Date): Promise<MarkTimes[]> {
  // Both drivers (node-postgres and PGlite) answer execute() with `rows`; float8 arrives as a number.
  const result = (await db.execute(sql`
      select ${marks.userId} as "userId", ${marks.id} as id, ${marks.kind} as kind,
        floor(extract(epoch from ${effective}) * 1000)::float8 as "atMs", ${marks.correctsMarkId} as "correctsMarkId"
      from ${marks}
      where ${marks.companyId} = ${companyId} and ${anyOf(marks.userId, userIds, 'uuid')}
        and ${effective} >= ${from.toISOString()} and ${effective} < ${to.toISOString()}
      order by ${marks.userId}, ${effective}, ${marks.seq}`)) as unknown as { rows: MarkTimes[] };
  return result.rows;
}

/** Filters of the marks list (ids already checked: a non-uuid matches nothing); days are local to the mark's site. */
export interface MarkFilters {
  usuarioId?: string | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  tipo?: TipoMarca | undefined;
  metodo?: MetodoMarca | undefined;
  offline?: boolean | undefined;
  fueraDeGeocerca?: boolean | undefined;
  precisionBaja?: boolean | undefined;
}

/** A page of the company's marks in scope, newest first, with the worker's name and RUT, the site's name and zone, and the total. */
export async function listMarks(
  db: DbOrTx,
  companyId: string,
  scope: Scope,
  filters: MarkFilters,
  paging: { limit: number; offset: number },
): Promise<{ rows: { mark: MarkRow; nombre: string; apellidos: string; rut: string; sede: string | null; zona: string }[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(marks.companyId, companyId), scopeCondition(scope)];
  if (filters.usuarioId) conditions.push(eq(marks.userId, filters.usuarioId));
  if (filters.grupoId) conditions.push(eq(users.groupId, filters.grupoId));
  if (filters.sedeId) conditions.push(eq(marks.siteId, filters.sedeId));
  if (filters.desde) conditions.push(sql`${localDay(effective)} >= ${filters.desde}`);
  if (filters.hasta) conditions.push(sql`${localDay(effective)} <= ${filters.hasta}`);
  if (filters.tipo) conditions.push(eq(marks.kind, filters.tipo));
  if (filters.metodo) conditions.push(eq(marks.method, filters.metodo));
  if (filters.offline !== undefined) conditions.push(eq(marks.offline, filters.offline));
  if (filters.fueraDeGeocerca !== undefined) conditions.push(eq(marks.outsideGeofence, filters.fueraDeGeocerca));
  if (filters.precisionBaja !== undefined) conditions.push(eq(marks.lowAccuracy, filters.precisionBaja));
  const where = and(...conditions);
  const joinUsers = and(eq(users.companyId, marks.companyId), eq(users.id, marks.userId));
  const joinSites = and(eq(sites.companyId, marks.companyId), eq(sites.id, marks.siteId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        mark: marks,
        nombre: users.nombre,
        apellidos: users.apellidos,
        rut: users.rut,
        sede: sites.nombre,
        zona: sql<string>`coalesce(${sites.timeZone}, ${DEFAULT_ZONE})`,
      })
      .from(marks)
      .innerJoin(users, joinUsers)
      .leftJoin(sites, joinSites)
      .where(where)
      .orderBy(desc(effective), desc(marks.seq))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(marks).innerJoin(users, joinUsers).leftJoin(sites, joinSites).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Filters of the attempts list (ids already checked); days are local to the attempt's site. */
export interface AttemptFilters {
  usuarioId?: string | undefined;
  sedeId?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  motivo?: MotivoIntento | undefined;
  metodo?: MetodoMarca | undefined;
}

/**
 * A page of the company's attempts, newest first, with the worker (null for unknown credentials), and
 * the total. Outside the administrator's scope only attempts of people in scope (never unknown ones).
 */
export async function listAttempts(
  db: DbOrTx,
  companyId: string,
  scope: Scope,
  filters: AttemptFilters,
  paging: { limit: number; offset: number },
): Promise<{ rows: { attempt: AttemptRow; nombre: string | null; apellidos: string | null; rut: string | null }[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(markAttempts.companyId, companyId)];
  if (!('all' in scope)) conditions.push(scopeCondition(scope));
  if (filters.usuarioId) conditions.push(eq(markAttempts.userId, filters.usuarioId));
  if (filters.sedeId) conditions.push(eq(markAttempts.siteId, filters.sedeId));
  if (filters.desde) conditions.push(sql`${localDay(sql`${markAttempts.at}`)} >= ${filters.desde}`);
  if (filters.hasta) conditions.push(sql`${localDay(sql`${markAttempts.at}`)} <= ${filters.hasta}`);
  if (filters.motivo) conditions.push(eq(markAttempts.reason, filters.motivo));
  if (filters.metodo) conditions.push(eq(markAttempts.method, filters.metodo));
  const where = and(...conditions);
  const joinUsers = and(eq(users.companyId, markAttempts.companyId), eq(users.id, markAttempts.userId));
  const joinSites = and(eq(sites.companyId, markAttempts.companyId), eq(sites.id, markAttempts.siteId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ attempt: markAttempts, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
      .from(markAttempts)
      .leftJoin(users, joinUsers)
      .leftJoin(sites, joinSites)
      .where(where)
      .orderBy(desc(markAttempts.at), desc(markAttempts.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(markAttempts).leftJoin(users, joinUsers).leftJoin(sites, joinSites).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A mark by its hash, in any company (public receipt verification). */
export async function markByHash(db: DbOrTx, hash: string): Promise<MarkRow | undefined> {
  const [mark] = await db.select().from(marks).where(eq(marks.hash, hash)).limit(1);
  return mark;
}

export async function userExists(db: DbOrTx, companyId: string, userId: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return Boolean(user);
}

export type ChainHeadRow = typeof markChainHeads.$inferSelect;

/** The chain heads of the company (or of one worker). */
export async function chainHeads(db: DbOrTx, companyId: string, userId: string | undefined): Promise<ChainHeadRow[]> {
  return db
    .select()
    .from(markChainHeads)
    .where(and(eq(markChainHeads.companyId, companyId), userId ? eq(markChainHeads.userId, userId) : undefined));
}

/** The next `limit` marks in (worker, seq) order after `after` (keyset pagination over the chains). */
export async function chainMarksAfter(
  db: DbOrTx,
  companyId: string,
  userId: string | undefined,
  after: { userId: string; seq: number } | null,
  limit: number,
): Promise<MarkRow[]> {
  return db
    .select()
    .from(marks)
    .where(
      and(
        eq(marks.companyId, companyId),
        userId ? eq(marks.userId, userId) : undefined,
        after ? or(gt(marks.userId, after.userId), and(eq(marks.userId, after.userId), gt(marks.seq, after.seq))) : undefined,
      ),
    )
    .orderBy(asc(marks.userId), asc(marks.seq))
    .limit(limit);
}
