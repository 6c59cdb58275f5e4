/**
 * The corrections module's SQL: corrections and their log, the jobs they queue, and read-only looks at
 * the marks, attempts, workers and sites a correction is about (never through another module's files).
 * Every status change is a conditional UPDATE … RETURNING: the caller learns whether it won the row.
 */
import type { EstadoCorreccion, EventoCorreccion, TipoMarca } from '@jornada/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, jobs, markAttempts, markCorrectionEvents, markCorrections, marks, sites, users } from '../../db/schema/index';

export type CorrectionRow = typeof markCorrections.$inferSelect;
export type NewCorrection = typeof markCorrections.$inferInsert;
export type CorrectionEventRow = typeof markCorrectionEvents.$inferSelect;
export type AttemptRow = typeof markAttempts.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** The recorded mark a correction changes, as the views and e-mails describe it (effective time). */
export type CorrectedMark = { id: string; kind: TipoMarca; at: Date };

/** Who the caller may see: everyone, the members of the groups they lead (and themselves), or themselves. */
export type CorrectionScope = { all: true; self: string } | { groupIds: string[]; self: string } | { self: string };

/** The effective time of a mark: the device time of an offline mark, the server time otherwise. */
const effective = sql`coalesce(${marks.originalAt}, ${marks.at})`;
/** The same, read as a Date like `marks.at`. */
const effectiveAt = sql<Date>`coalesce(${marks.originalAt}, ${marks.at})`.mapWith(marks.at);

const ofCompany = (companyId: string, id: string) => and(eq(markCorrections.companyId, companyId), eq(markCorrections.id, id));
/** The worker of a correction (the list and visibility queries join it). */
const joinWorker = and(eq(users.companyId, markCorrections.companyId), eq(users.id, markCorrections.userId));

/** What the scope may read (the query joins `users` as the worker). */
function visible(scope: CorrectionScope): SQL | undefined {
  if ('all' in scope) return undefined;
  if ('groupIds' in scope && scope.groupIds.length > 0) return or(eq(markCorrections.userId, scope.self), inArray(users.groupId, scope.groupIds));
  return eq(markCorrections.userId, scope.self);
}

/** Pending and due (deadline passed or accepted), with no claim or a claim older than `leaseCutoff`. */
function dueAndUnclaimed(now: Date, leaseCutoff: Date): SQL | undefined {
  return and(
    eq(markCorrections.status, 'pendiente'),
    or(lte(markCorrections.deadline, now), isNotNull(markCorrections.acceptedAt)),
    or(isNull(markCorrections.claimedAt), lt(markCorrections.claimedAt, leaseCutoff)),
  );
}

// ---- Corrections ---------------------------------------------------------------------------------

export async function findCorrection(dbx: DbOrTx, companyId: string, id: string): Promise<CorrectionRow | undefined> {
  const [row] = await dbx.select().from(markCorrections).where(ofCompany(companyId, id)).limit(1);
  return row;
}

/** A correction the scope may see, with its worker's group. */
export async function findVisibleCorrection(
  dbx: DbOrTx,
  companyId: string,
  id: string,
  scope: CorrectionScope,
): Promise<{ row: CorrectionRow; groupId: string | null } | undefined> {
  const [found] = await dbx
    .select({ row: markCorrections, groupId: users.groupId })
    .from(markCorrections)
    .innerJoin(users, joinWorker)
    .where(and(ofCompany(companyId, id), visible(scope)))
    .limit(1);
  return found;
}

export interface CorrectionFilters {
  estado?: EstadoCorreccion | undefined;
  usuarioId?: string | undefined;
  /** Local dates (in the correction's zone) of the proposed time. */
  desde?: string | undefined;
  hasta?: string | undefined;
  /** Only the corrections of these attempts (none when empty). */
  attemptIds?: string[] | undefined;
}

/** A page of the corrections the scope may see, newest first, with the total. */
export async function listCorrections(
  dbx: DbOrTx,
  companyId: string,
  scope: CorrectionScope,
  filters: CorrectionFilters,
  paging: { limit: number; offset: number },
): Promise<{ rows: CorrectionRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(markCorrections.companyId, companyId), visible(scope)];
  if (filters.estado) conditions.push(eq(markCorrections.status, filters.estado));
  if (filters.usuarioId) conditions.push(eq(markCorrections.userId, filters.usuarioId));
  const localDay = sql`(${markCorrections.proposedAt} at time zone ${markCorrections.timeZone})::date`;
  if (filters.desde) conditions.push(sql`${localDay} >= ${filters.desde}`);
  if (filters.hasta) conditions.push(sql`${localDay} <= ${filters.hasta}`);
  if (filters.attemptIds !== undefined) conditions.push(filters.attemptIds.length > 0 ? inArray(markCorrections.attemptId, filters.attemptIds) : sql`false`);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    dbx
      .select({ row: markCorrections })
      .from(markCorrections)
      .innerJoin(users, joinWorker)
      .where(where)
      .orderBy(desc(markCorrections.createdAt), desc(markCorrections.id))
      .limit(paging.limit)
      .offset(paging.offset),
    dbx.select({ n: count() }).from(markCorrections).innerJoin(users, joinWorker).where(where),
  ]);
  return { rows: rows.map((r) => r.row), total: Number(total?.n ?? 0) };
}

/**
 * Corrections of a company whose corrected time falls on `from`..`to` (local dates, as the list filters
 * them) still waiting for the worker: pending, not accepted, before their deadline. A due one is about
 * to be consolidated (the list consolidates it before answering), so it no longer waits for anyone.
 */
export async function countAwaitingWorker(dbx: DbOrTx, companyId: string, from: string, to: string, now: Date): Promise<number> {
  const localDay = sql`(${markCorrections.proposedAt} at time zone ${markCorrections.timeZone})::date`;
  const [row] = await dbx
    .select({ n: count() })
    .from(markCorrections)
    .innerJoin(users, joinWorker)
    .where(
      and(
        eq(markCorrections.companyId, companyId),
        eq(markCorrections.status, 'pendiente'),
        isNull(markCorrections.acceptedAt),
        gt(markCorrections.deadline, now),
        sql`${localDay} >= ${from}`,
        sql`${localDay} <= ${to}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Ids of due corrections nobody is consolidating, earliest deadline first. */
export async function dueCorrectionIds(dbx: DbOrTx, companyId: string, now: Date, leaseCutoff: Date, limit: number): Promise<string[]> {
  const due = await dbx
    .select({ id: markCorrections.id })
    .from(markCorrections)
    .where(and(eq(markCorrections.companyId, companyId), dueAndUnclaimed(now, leaseCutoff)))
    .orderBy(asc(markCorrections.deadline))
    .limit(limit);
  return due.map((r) => r.id);
}

/** The status of the live (pending or consolidated) correction of a recorded mark, if any. */
export async function liveCorrectionOfMark(dbx: DbOrTx, companyId: string, markId: string): Promise<EstadoCorreccion | undefined> {
  const [live] = await dbx
    .select({ status: markCorrections.status })
    .from(markCorrections)
    .where(and(eq(markCorrections.companyId, companyId), eq(markCorrections.correctsMarkId, markId), inArray(markCorrections.status, ['pendiente', 'consolidada'])))
    .limit(1);
  return live?.status;
}

/** The status of the live (pending or consolidated) correction of an attempt, if any. */
export async function liveCorrectionOfAttempt(dbx: DbOrTx, companyId: string, attemptId: string): Promise<EstadoCorreccion | undefined> {
  const [live] = await dbx
    .select({ status: markCorrections.status })
    .from(markCorrections)
    .where(and(eq(markCorrections.companyId, companyId), eq(markCorrections.attemptId, attemptId), inArray(markCorrections.status, ['pendiente', 'consolidada'])))
    .limit(1);
  return live?.status;
}

/** Inserts a correction (the unique keys `mark_corrections_*_live_key` refuse a second live one). */
export async function insertCorrection(tx: DbOrTx, values: NewCorrection): Promise<CorrectionRow> {
  const [row] = await tx.insert(markCorrections).values(values).returning();
  return row!;
}

/** Claims a due correction for consolidation (a lease in `claimed_at`); undefined when it is not due or someone else holds it. */
export async function claimDue(dbx: DbOrTx, companyId: string, id: string, now: Date, leaseCutoff: Date): Promise<CorrectionRow | undefined> {
  const [row] = await dbx
    .update(markCorrections)
    .set({ claimedAt: now })
    .where(and(ofCompany(companyId, id), dueAndUnclaimed(now, leaseCutoff)))
    .returning();
  return row;
}

/** Closes a still-pending correction as consolidated with its mark, releasing the claim. */
export async function closeConsolidated(tx: DbOrTx, companyId: string, id: string, markId: string, now: Date): Promise<CorrectionRow | undefined> {
  const [closed] = await tx
    .update(markCorrections)
    .set({ status: 'consolidada', consolidatedAt: now, markId, claimedAt: null })
    .where(and(ofCompany(companyId, id), eq(markCorrections.status, 'pendiente')))
    .returning();
  return closed;
}

/** Closes a still-pending correction as annulled by the system (no actor), releasing the claim. */
export async function closeAnnulledBySystem(tx: DbOrTx, companyId: string, id: string, reason: string, now: Date): Promise<CorrectionRow | undefined> {
  const [closed] = await tx
    .update(markCorrections)
    .set({ status: 'anulada', annulledAt: now, annulReason: reason, claimedAt: null })
    .where(and(ofCompany(companyId, id), eq(markCorrections.status, 'pendiente')))
    .returning();
  return closed;
}

/** Marks an open correction (pending, not accepted, not claimed) as accepted by the worker. */
export async function markAccepted(tx: DbOrTx, companyId: string, id: string, now: Date): Promise<CorrectionRow | undefined> {
  const [accepted] = await tx
    .update(markCorrections)
    .set({ acceptedAt: now })
    .where(and(ofCompany(companyId, id), eq(markCorrections.status, 'pendiente'), isNull(markCorrections.acceptedAt), isNull(markCorrections.claimedAt)))
    .returning();
  return accepted;
}

/** Moves an open correction (pending, not accepted, not claimed, before its deadline) to `status` with `set`. */
export async function closeOpen(
  tx: DbOrTx,
  companyId: string,
  id: string,
  now: Date,
  status: 'objetada' | 'anulada',
  set: Partial<NewCorrection>,
): Promise<CorrectionRow | undefined> {
  const [updated] = await tx
    .update(markCorrections)
    .set({ ...set, status })
    .where(
      and(
        ofCompany(companyId, id),
        eq(markCorrections.status, 'pendiente'),
        isNull(markCorrections.acceptedAt),
        isNull(markCorrections.claimedAt),
        gt(markCorrections.deadline, now),
      ),
    )
    .returning();
  return updated;
}

// ---- Log and jobs --------------------------------------------------------------------------------

export async function insertEvent(dbx: DbOrTx, row: CorrectionRow, event: EventoCorreccion, actorId: string | null, at: Date, note: string | null): Promise<void> {
  await dbx.insert(markCorrectionEvents).values({ companyId: row.companyId, correctionId: row.id, event, actorId, at, note });
}

/** The log of some corrections, in order. */
export async function eventsOf(dbx: DbOrTx, companyId: string, correctionIds: string[]): Promise<CorrectionEventRow[]> {
  return dbx
    .select()
    .from(markCorrectionEvents)
    .where(and(eq(markCorrectionEvents.companyId, companyId), inArray(markCorrectionEvents.correctionId, correctionIds)))
    .orderBy(asc(markCorrectionEvents.at), asc(markCorrectionEvents.event));
}

/** Queues a job of the flow (e-mail or deadline) in the caller's transaction. */
export async function queueJob(dbx: DbOrTx, kind: string, payload: Record<string, unknown>, runAt: Date, createdAt: Date): Promise<void> {
  await dbx.insert(jobs).values({ kind, payload, runAt, createdAt });
}

// ---- What a correction is about (read only) ------------------------------------------------------

/** A recorded mark to correct, with its worker and effective time. */
export async function findMarkToCorrect(dbx: DbOrTx, companyId: string, markId: string): Promise<(CorrectedMark & { userId: string }) | undefined> {
  const [found] = await dbx
    .select({ id: marks.id, userId: marks.userId, kind: marks.kind, at: effectiveAt })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.id, markId)))
    .limit(1);
  return found;
}

/** Corrected marks by id, with their effective time. */
export async function correctedMarks(dbx: DbOrTx, companyId: string, markIds: string[]): Promise<CorrectedMark[]> {
  if (markIds.length === 0) return [];
  return dbx
    .select({ id: marks.id, kind: marks.kind, at: effectiveAt })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), inArray(marks.id, markIds)));
}

/** Whether a consolidated correction already replaced this mark (a mark of the worker corrects it). */
export async function isSuperseded(dbx: DbOrTx, companyId: string, userId: string, markId: string): Promise<boolean> {
  const [superseding] = await dbx
    .select({ id: marks.id })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.userId, userId), eq(marks.correctsMarkId, markId)))
    .limit(1);
  return superseding !== undefined;
}

/** A neighbouring mark: its kind and effective time (ISO text as the driver returns it). */
export interface NeighbourMark {
  kind: TipoMarca;
  eff: string;
}

/** The worker's last mark at or before `at` (by effective time), leaving out `exceptId` (the mark a correction changes). */
export async function markAtOrBefore(dbx: DbOrTx, companyId: string, userId: string, at: Date, exceptId?: string): Promise<NeighbourMark | undefined> {
  const [before] = await dbx
    .select({ kind: marks.kind, eff: sql<string>`${effective}` })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.userId, userId), exceptId ? ne(marks.id, exceptId) : undefined, lte(effective, at.toISOString())))
    .orderBy(desc(effective))
    .limit(1);
  return before;
}

/** The worker's first mark after `at` (by effective time), leaving out `exceptId`. */
export async function markAfter(dbx: DbOrTx, companyId: string, userId: string, at: Date, exceptId?: string): Promise<NeighbourMark | undefined> {
  const [after] = await dbx
    .select({ kind: marks.kind, eff: sql<string>`${effective}` })
    .from(marks)
    .where(and(eq(marks.companyId, companyId), eq(marks.userId, userId), exceptId ? ne(marks.id, exceptId) : undefined, gt(effective, at.toISOString())))
    .orderBy(effective)
    .limit(1);
  return after;
}

export async function findAttempt(dbx: DbOrTx, companyId: string, id: string): Promise<AttemptRow | undefined> {
  const [found] = await dbx
    .select()
    .from(markAttempts)
    .where(and(eq(markAttempts.companyId, companyId), eq(markAttempts.id, id)))
    .limit(1);
  return found;
}

export async function attemptsByIds(dbx: DbOrTx, companyId: string, ids: string[]): Promise<AttemptRow[]> {
  if (ids.length === 0) return [];
  return dbx
    .select()
    .from(markAttempts)
    .where(and(eq(markAttempts.companyId, companyId), inArray(markAttempts.id, ids)));
}

/** A worker with their site's time zone (null without a site). */
export async function workerWithZone(dbx: DbOrTx, companyId: string, userId: string): Promise<{ user: UserRow; zone: string | null } | undefined> {
  const [row] = await dbx
    .select({ user: users, zone: sites.timeZone })
    .from(users)
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row;
}

export async function findUser(dbx: DbOrTx, companyId: string, id: string): Promise<UserRow | undefined> {
  const [row] = await dbx
    .select()
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .limit(1);
  return row;
}

/** Names, RUT and group of the people a list of corrections mentions. */
export async function peopleByIds(
  dbx: DbOrTx,
  companyId: string,
  ids: string[],
): Promise<{ id: string; nombre: string; apellidos: string; rut: string; groupId: string | null }[]> {
  return dbx
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos, rut: users.rut, groupId: users.groupId })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
}

/** The company's name for the e-mails. */
export async function companyName(dbx: DbOrTx, companyId: string): Promise<string> {
  const [row] = await dbx.select({ razonSocial: companies.razonSocial }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.razonSocial ?? '';
}
