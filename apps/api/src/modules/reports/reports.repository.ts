/**
 * The reports module's SQL: the marks report's reads (marks-report.service.ts; tuned, see
 * docs/performance.md: keep each statement's shape) and the chain audit's reads and writes
 * (mark-audit.ts).
 */
import { addDays } from '@jornada/domain';
import { and, asc, eq, gt, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies, groups, jobs, markChainAudits, markChainFindings, markChainHeads, marks, sites, users } from '../../db/schema/index';
import { containsPattern } from '../../lib/text-search';

const DEFAULT_ZONE = 'America/Santiago';

export type MarkRow = typeof marks.$inferSelect;

/** Who a caller may see: everyone (administrador, fiscalizador), the groups they lead and themselves, or themselves. */
export type Scope = { all: true } | { groupIds: string[]; self: string } | { self: string };

/** What a report selects, validated and resolved against the caller's scope. */
export interface SelectionFilter {
  companyId: string;
  scope: Scope;
  desde: string;
  hasta: string;
  usuarioId?: string | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
  tipo?: MarkRow['kind'] | undefined;
  metodo?: MarkRow['method'] | undefined;
  /** Marks received after this instant are left out, so every pass over the report sees the same rows. */
  asOf: Date;
}

const effective = sql`coalesce(${marks.originalAt}, ${marks.at})`;
const localDay = sql`(${effective} at time zone coalesce(${sites.timeZone}, ${DEFAULT_ZONE}))::date`;

/** Lower case without Spanish accents, on the SQL side and in code. */
const fold = (value: SQL | AnyPgColumn) => sql`translate(lower(${value}), 'áéíóúüñ', 'aeiouun')`;

// ---- Scope and filters -----------------------------------------------------------------------------

/** A condition on `users` for the scope. */
function scopeCondition(scope: Scope): SQL | undefined {
  if ('all' in scope) return undefined;
  if ('groupIds' in scope && scope.groupIds.length > 0) return or(eq(users.id, scope.self), inArray(users.groupId, scope.groupIds));
  return eq(users.id, scope.self);
}

/** A worker of the company within the scope: name and RUT (for the filter's label). */
export async function workerInScope(db: DbOrTx, companyId: string, userId: string, scope: Scope): Promise<{ nombre: string; apellidos: string; rut: string } | undefined> {
  const [worker] = await db
    .select({ nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), scopeCondition(scope)))
    .limit(1);
  return worker;
}

export async function groupName(db: DbOrTx, companyId: string, groupId: string): Promise<string | undefined> {
  const [group] = await db
    .select({ nombre: groups.nombre })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.id, groupId)))
    .limit(1);
  return group?.nombre;
}

/** The group of one person of the company (undefined when there is no such person). */
export async function groupOfUser(db: DbOrTx, companyId: string, userId: string): Promise<string | null | undefined> {
  return (await db.select({ groupId: users.groupId }).from(users).where(and(eq(users.companyId, companyId), eq(users.id, userId))))[0]?.groupId;
}

export async function siteName(db: DbOrTx, companyId: string, siteId: string): Promise<string | undefined> {
  const [site] = await db
    .select({ nombre: sites.nombre })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, siteId)))
    .limit(1);
  return site?.nombre;
}

// ---- Marks report ----------------------------------------------------------------------------------

/**
 * Conditions on marks (joined with the mark's site) for a selection. Workers are never joined here:
 * a list of workers is walked one by one (`chunkMarks`), so each scan uses the (company, worker,
 * effective time) index whatever the planner's statistics say (PGlite has no autovacuum to keep them).
 */
function markConditions(selection: SelectionFilter): SQL {
  // The index on (company, effective time) narrows the scan; the exact local-day test follows.
  const lower = `${addDays(selection.desde, -1)}T00:00:00Z`;
  const upper = `${addDays(selection.hasta, 2)}T00:00:00Z`;
  return and(
    eq(marks.companyId, selection.companyId),
    selection.sedeId ? eq(marks.siteId, selection.sedeId) : undefined,
    selection.tipo ? eq(marks.kind, selection.tipo) : undefined,
    selection.metodo ? eq(marks.method, selection.metodo) : undefined,
    sql`${effective} >= ${lower}`,
    sql`${effective} < ${upper}`,
    sql`${localDay} >= ${selection.desde}`,
    sql`${localDay} <= ${selection.hasta}`,
    lte(marks.at, selection.asOf),
  )!;
}

const joinSites = and(eq(sites.companyId, marks.companyId), eq(sites.id, marks.siteId));

/**
 * Which workers a selection may include, as a condition on `marks.user_id`: one worker, a group, or
 * the caller's scope (their groups and themselves, or themselves); none for the whole company.
 */
function workerCondition(selection: SelectionFilter): SQL | undefined {
  if (selection.usuarioId) return eq(marks.userId, selection.usuarioId);
  const scope = scopeCondition(selection.scope);
  if (!scope && !selection.grupoId) return undefined;
  return sql`${marks.userId} in (select ${users.id} from ${users} where ${and(eq(users.companyId, selection.companyId), scope, selection.grupoId ? eq(users.groupId, selection.grupoId) : undefined)})`;
}

/** Marks of the selection counted per worker: one aggregate over the period (no row is hashed). */
function countsPerWorker(selection: SelectionFilter): SQL {
  return sql`select ${marks.userId} as user_id, count(*)::int as n from ${marks} left join ${sites} on ${joinSites}
      where ${and(markConditions(selection), workerCondition(selection))} group by ${marks.userId}`;
}

/** A row of `workerPageRows`: the selection's totals on every row, and one worker (id null when there is none). */
export interface WorkerPageRow {
  trabajadores: number | string;
  total_marcas: number | string;
  id: string | null;
  nombre: string;
  apellidos: string;
  rut: string;
  cargo: string | null;
  grupo: string | null;
  sede: string | null;
  marcas: number | string;
}

/**
 * The workers with marks in the selection, by surname (accents folded), with their row counts and
 * the selection's totals: a page of them (`limit`, `offset`), or all of them for an export. Only
 * the page's workers are read from `users`; the marks are only counted.
 */
export async function workerPageRows(db: DbOrTx, selection: SelectionFilter, page: { limit: number; offset: number } | null): Promise<WorkerPageRow[]> {
  const result = (await db.execute(sql`
      with c as (${countsPerWorker(selection)}),
      t as (select count(*)::int as trabajadores, coalesce(sum(c.n), 0)::bigint as marcas from c),
      p as (
        select u.id, u.nombre, u.apellidos, u.rut, u.cargo, u.group_id, u.site_id, c.n
        from c join ${users} u on u.company_id = ${selection.companyId} and u.id = c.user_id
        order by ${fold(sql`u.apellidos`)}, ${fold(sql`u.nombre`)}, u.id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}
      )
      select t.trabajadores, t.marcas as total_marcas, p.id, p.nombre, p.apellidos, p.rut, p.cargo, g.nombre as grupo, s.nombre as sede, p.n as marcas
      from t left join p on true
      left join ${groups} g on g.company_id = ${selection.companyId} and g.id = p.group_id
      left join ${sites} s on s.company_id = ${selection.companyId} and s.id = p.site_id
      order by ${fold(sql`p.apellidos`)}, ${fold(sql`p.nombre`)}, p.id`)) as { rows: WorkerPageRow[] };
  return result.rows;
}

/** The selection's workers whose marks changed since their last audit. */
export async function staleSelectionWorkers(db: DbOrTx, selection: SelectionFilter): Promise<string[]> {
  const stale = (await db.execute(sql`
      select a.user_id from ${markChainAudits} a
      where a.company_id = ${selection.companyId} and a.changes > a.checked_changes
        ${selection.usuarioId || selection.grupoId || !('all' in selection.scope) ? sql`and a.user_id in (select ${users.id} from ${users} where ${and(eq(users.companyId, selection.companyId), scopeCondition(selection.scope), selection.grupoId ? eq(users.groupId, selection.grupoId) : undefined, selection.usuarioId ? eq(users.id, selection.usuarioId) : undefined)})` : sql``}`)) as { rows: { user_id: string }[] };
  return stale.rows.map((row) => row.user_id);
}

/**
 * The stored audit verdicts of the selection's flagged workers: the flagged marks that fall in the
 * selection, per worker and kind, and the workers whose chain end is flagged (both read at once).
 */
export async function storedVerdictRows(
  db: DbOrTx,
  selection: SelectionFilter,
): Promise<{ flagged: { user_id: string; integrity: string; n: number | string }[]; tails: { user_id: string }[] }> {
  const conditions = and(markConditions(selection), workerCondition(selection));
  const [flagged, tails] = await Promise.all([
    db.execute(sql`
        select ${marks.userId} as user_id, f.integrity, count(*)::int as n
        from ${markChainFindings} f
        join ${marks} on ${marks.companyId} = f.company_id and ${marks.id} = f.mark_id
        left join ${sites} on ${joinSites}
        where f.company_id = ${selection.companyId} and ${conditions}
        group by ${marks.userId}, f.integrity`) as Promise<{ rows: { user_id: string; integrity: string; n: number | string }[] }>,
    db.execute(sql`
        select a.user_id from ${markChainAudits} a
        where a.company_id = ${selection.companyId} and a.tail_problem is not null
          and exists (select 1 from ${marks} left join ${sites} on ${joinSites} where ${conditions} and ${marks.userId} = a.user_id)`) as Promise<{ rows: { user_id: string }[] }>,
  ]);
  return { flagged: flagged.rows, tails: tails.rows };
}

/**
 * The given workers' marks of the selection, in the workers' order, on the (company, worker, effective
 * time) index, each with the nearest earlier row of its chain as `seq:hash` (one backward step on the
 * chain index). Both drivers answer execute() with `rows`; the subquery names its columns in full so
 * p's never shadow the outer row's. Map the rows with `markRowFromRaw`.
 */
export function chunkMarks(db: DbOrTx, selection: SelectionFilter, ids: string[]): Promise<{ rows: RawMarkRow[] }> {
  return db.execute(sql`
          select m.* from unnest(${sql.param(ids)}::uuid[]) with ordinality as w(id, ord)
          cross join lateral (
            select ${marks}.*, ${sites.nombre} as site_nombre, ${sites.timeZone} as site_zone,
              (select p.seq || ':' || p.hash from marks p
                where p.company_id = marks.company_id and p.user_id = marks.user_id and p.seq < marks.seq
                order by p.seq desc limit 1) as predecessor,
              w.ord
            from ${marks} left join ${sites} on ${joinSites}
            where ${markConditions(selection)} and ${marks.userId} = w.id
          ) m
          order by m.ord, coalesce(m.original_at, m.at), m.seq`) as Promise<{ rows: RawMarkRow[] }>;
}

/** The given workers' chain heads, with the last stored seq and the hash stored at the head's seq. */
export function chunkHeads(
  db: DbOrTx,
  companyId: string,
  ids: string[],
): Promise<{ userId: string; seq: number; lastHash: string | null; lastSeq: number | null; storedHash: string | null }[]> {
  return db
    .select({
      userId: markChainHeads.userId,
      seq: markChainHeads.seq,
      lastHash: markChainHeads.lastHash,
      lastSeq: sql<number | null>`(select max(p.seq) from marks p where p.company_id = mark_chain_heads.company_id and p.user_id = mark_chain_heads.user_id)`,
      storedHash: sql<string | null>`(select p.hash from marks p where p.company_id = mark_chain_heads.company_id and p.user_id = mark_chain_heads.user_id and p.seq = mark_chain_heads.seq)`,
    })
    .from(markChainHeads)
    .where(and(eq(markChainHeads.companyId, companyId), inArray(markChainHeads.userId, ids)));
}

/** The corrections later in each worker's chain than the given seq (worker → first seq shown), by seq. */
export async function correctionsAfter(db: DbOrTx, companyId: string, firstSeq: Map<string, number>): Promise<{ id: string; seq: number | string; target: string }[]> {
  const result = (await db.execute(sql`
          select c.id, c.seq, c.target from unnest(${sql.param([...firstSeq.keys()])}::uuid[], ${sql.param([...firstSeq.values()])}::int[]) as f(user_id, seq)
          cross join lateral (
            select ${marks.id} as id, ${marks.seq} as seq, ${marks.correctsMarkId} as target from ${marks}
            where ${marks.companyId} = ${companyId} and ${marks.userId} = f.user_id and ${marks.seq} > f.seq and ${marks.correctsMarkId} is not null
          ) c
          order by c.seq`)) as { rows: { id: string; seq: number | string; target: string }[] };
  return result.rows;
}

/** The sequence numbers of the given marks. */
export async function markSeqs(db: DbOrTx, companyId: string, ids: string[]): Promise<{ id: string; seq: number }[]> {
  return db
    .select({ id: marks.id, seq: marks.seq })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), inArray(marks.id, ids)));
}

/** The company's legal name and RUT, for a report's heading. */
export async function companyHeading(db: DbOrTx, companyId: string): Promise<{ razonSocial: string; rut: string } | undefined> {
  const [company] = await db.select({ razonSocial: companies.razonSocial, rut: companies.rut }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return company;
}

/** The groups a caller may filter by: all, the ones they lead, or none. */
export function optionGroups(db: DbOrTx, companyId: string, scope: Scope): Promise<{ id: string; nombre: string }[]> {
  const groupCondition = 'all' in scope ? undefined : 'groupIds' in scope && scope.groupIds.length > 0 ? inArray(groups.id, scope.groupIds) : sql`false`;
  return db
    .select({ id: groups.id, nombre: groups.nombre })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), groupCondition))
    .orderBy(asc(groups.nombre));
}

/** The sites a caller may filter by: every site, or (a worker) the sites where they marked. */
export function optionSites(db: DbOrTx, companyId: string, scope: Scope): Promise<{ id: string; nombre: string }[]> {
  return 'all' in scope || 'groupIds' in scope
    ? db.select({ id: sites.id, nombre: sites.nombre }).from(sites).where(eq(sites.companyId, companyId)).orderBy(asc(sites.nombre))
    : db
        .selectDistinct({ id: sites.id, nombre: sites.nombre })
        .from(marks)
        .innerJoin(sites, joinSites)
        .where(and(eq(marks.companyId, companyId), eq(marks.userId, scope.self)))
        .orderBy(asc(sites.nombre));
}

/** Workers in the scope matching every word (name, surname accents folded, or RUT digits), or one by id; by surname. */
export async function searchWorkers(
  db: DbOrTx,
  companyId: string,
  scope: Scope,
  query: { q?: string | undefined; id?: string | undefined },
  limit: number,
): Promise<{ id: string; nombre: string; apellidos: string; rut: string }[]> {
  const conditions: (SQL | undefined)[] = [eq(users.companyId, companyId), scopeCondition(scope)];
  if (query.id !== undefined) conditions.push(eq(users.id, query.id));
  for (const token of (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 6)) {
    const pattern = containsPattern(token);
    const alternatives: SQL[] = [sql`${fold(users.nombre)} like ${pattern}`, sql`${fold(users.apellidos)} like ${pattern}`];
    const rutDigits = token.replace(/[.\-\s]/g, '').toLowerCase();
    if (/^\d{3,}k?$/.test(rutDigits)) alternatives.push(sql`replace(lower(${users.rut}), '-', '') like ${`%${rutDigits}%`}`);
    conditions.push(or(...alternatives));
  }
  return db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id))
    .limit(limit);
}

/** A row of the per-worker scan as the drivers give it (snake_case; numbers and instants may come as text). */
export interface RawMarkRow {
  company_id: string;
  id: string;
  user_id: string;
  seq: number | string;
  kind: MarkRow['kind'];
  method: MarkRow['method'];
  at: Date | string;
  original_at: Date | string | null;
  offline: boolean;
  site_id: string | null;
  lat: number | string | null;
  lng: number | string | null;
  accuracy_m: number | string | null;
  distance_m: number | string | null;
  outside_geofence: boolean;
  low_accuracy: boolean;
  device: string | null;
  device_id: string | null;
  client_id: string;
  corrects_mark_id: string | null;
  prev_hash: string;
  hash: string;
  site_nombre: string | null;
  site_zone: string | null;
  predecessor: string | null;
}

const num = (value: number | string | null): number | null => (value === null ? null : Number(value));
const instantOf = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** A scanned row as the stored mark, with its site's name and zone and its chain predecessor (`seq:hash`). */
export function markRowFromRaw(row: RawMarkRow): { mark: MarkRow; siteNombre: string | null; zone: string | null; predecessor: string | null } {
  return {
    mark: {
      companyId: row.company_id,
      id: row.id,
      userId: row.user_id,
      seq: Number(row.seq),
      kind: row.kind,
      method: row.method,
      at: instantOf(row.at),
      originalAt: row.original_at === null ? null : instantOf(row.original_at),
      offline: row.offline,
      siteId: row.site_id,
      lat: num(row.lat),
      lng: num(row.lng),
      accuracyM: num(row.accuracy_m),
      distanceM: num(row.distance_m),
      outsideGeofence: row.outside_geofence,
      lowAccuracy: row.low_accuracy,
      device: row.device,
      deviceId: row.device_id,
      clientId: row.client_id,
      correctsMarkId: row.corrects_mark_id,
      prevHash: row.prev_hash,
      hash: row.hash,
    },
    siteNombre: row.site_nombre,
    zone: row.site_zone,
    predecessor: row.predecessor,
  };
}

// ---- Chain audit (mark-audit.ts) -----------------------------------------------------------------

export type NewChainFinding = typeof markChainFindings.$inferInsert;

/**
 * What an audit of the given workers reads, at once: their audit rows (change count and stored
 * findings), their chain heads, and their whole chains in (worker, seq) order.
 */
export function auditInputs(db: DbOrTx, companyId: string, userIds: string[]) {
  return Promise.all([
    db
      .select({ userId: markChainAudits.userId, changes: markChainAudits.changes, findings: sql<number>`(select count(*)::int from mark_chain_findings f where f.company_id = ${markChainAudits.companyId} and f.user_id = ${markChainAudits.userId})` })
      .from(markChainAudits)
      .where(and(eq(markChainAudits.companyId, companyId), inArray(markChainAudits.userId, userIds))),
    db
      .select({ userId: markChainHeads.userId, seq: markChainHeads.seq, lastHash: markChainHeads.lastHash })
      .from(markChainHeads)
      .where(and(eq(markChainHeads.companyId, companyId), inArray(markChainHeads.userId, userIds))),
    db
      .select()
      .from(marks)
      .where(and(eq(marks.companyId, companyId), inArray(marks.userId, userIds)))
      .orderBy(asc(marks.userId), asc(marks.seq)),
  ]);
}

/** Replaces the given workers' findings (in statements of 2000 rows; run in the audit's transaction). */
export async function replaceFindings(tx: DbOrTx, companyId: string, userIds: string[], findings: NewChainFinding[]): Promise<void> {
  await tx.delete(markChainFindings).where(and(eq(markChainFindings.companyId, companyId), inArray(markChainFindings.userId, userIds)));
  for (let i = 0; i < findings.length; i += 2000) await tx.insert(markChainFindings).values(findings.slice(i, i + 2000)).onConflictDoNothing();
}

/** Stores the workers' verdicts (in statements of 2000 rows; run in the audit's transaction). */
export async function upsertVerdicts(
  tx: DbOrTx,
  values: { companyId: string; userId: string; throughSeq: number; auditedAt: Date; checkedChanges: number; tailProblem: string | null }[],
): Promise<void> {
  for (let i = 0; i < values.length; i += 2000) {
    await tx
      .insert(markChainAudits)
      .values(values.slice(i, i + 2000))
      .onConflictDoUpdate({
        target: [markChainAudits.companyId, markChainAudits.userId],
        set: {
          throughSeq: sql`excluded.through_seq`,
          auditedAt: sql`excluded.audited_at`,
          checkedChanges: sql`excluded.checked_changes`,
          tailProblem: sql`excluded.tail_problem`,
        },
      });
  }
}

/** Up to `limit` chain heads of the company after the worker id `after`, by worker id (keyset). */
export function chainHeadsAfter(db: DbOrTx, companyId: string, after: string | null, limit: number): Promise<{ userId: string; seq: number }[]> {
  return db
    .select({ userId: markChainHeads.userId, seq: markChainHeads.seq })
    .from(markChainHeads)
    .where(and(eq(markChainHeads.companyId, companyId), after ? gt(markChainHeads.userId, after) : undefined))
    .orderBy(asc(markChainHeads.userId))
    .limit(limit);
}

/** Workers (among `userIds`, or all) whose marks changed since their last verdict. */
export async function staleAuditedWorkers(db: DbOrTx, companyId: string, userIds?: string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: markChainAudits.userId })
    .from(markChainAudits)
    .where(and(eq(markChainAudits.companyId, companyId), sql`${markChainAudits.changes} > ${markChainAudits.checkedChanges}`, userIds ? inArray(markChainAudits.userId, userIds) : undefined));
  return rows.map((row) => row.userId);
}

/** Queues a job of `kind` for every company that has none pending; returns how many were queued (crosses companies: run as system). */
export async function queueJobPerCompany(db: DbOrTx, kind: string, now: Date): Promise<number> {
  const result = (await db.execute(sql`
      insert into ${jobs} (kind, payload, run_at, created_at)
      select ${kind}, jsonb_build_object('companyId', c.id), ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from ${companies} c
      where not exists (
        select 1 from ${jobs} j where j.kind = ${kind} and j.done_at is null and j.payload->>'companyId' = c.id::text
      )
      returning 1`)) as { rows: unknown[] };
  return result.rows.length;
}
