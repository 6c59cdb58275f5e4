/**
 * All SQL of the overtime module: pacts, their documents and the decisions on found overtime. Workers,
 * groups, sites and leaders are read here with read-only queries; the overtime itself comes from
 * modules/attendance (never read from `attendance_days` here).
 */
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { findAttachmentRow, upsertAttachmentRow, type AttachmentRow } from '../../lib/attachments';
import { groupLeaders, groups, overtimeApprovals, overtimePactDocuments, overtimePacts, overtimeReviewSettings, sites, users } from '../../db/schema/index';

export type PactRow = typeof overtimePacts.$inferSelect;
export type NewPact = typeof overtimePacts.$inferInsert;
export type ApprovalRow = typeof overtimeApprovals.$inferSelect;

/** A worker as overtime lists show them. */
export interface WorkerRow {
  id: string;
  rut: string;
  nombre: string;
  apellidos: string;
  perfil: string;
  /** `aaaa-mm-dd`: no pact starts before it. */
  inicioContrato: string;
  groupId: string | null;
  groupNombre: string | null;
  siteId: string | null;
  siteNombre: string | null;
}

/** Which workers a read covers: the caller's scope and the query's filters. */
export interface WorkerFilter {
  /** A supervisor's led groups; undefined for everyone. */
  scopeGroupIds?: readonly string[] | undefined;
  userId?: string | undefined;
  userIds?: readonly string[] | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
}

function workerConditions(companyId: string, f: WorkerFilter): SQL {
  const parts: SQL[] = [eq(users.companyId, companyId), ne(users.perfil, 'fiscalizador')];
  if (f.scopeGroupIds !== undefined) parts.push(f.scopeGroupIds.length ? inArray(users.groupId, [...f.scopeGroupIds]) : sql`false`);
  if (f.userId !== undefined) parts.push(eq(users.id, f.userId));
  if (f.userIds !== undefined) parts.push(f.userIds.length ? inArray(users.id, [...f.userIds]) : sql`false`);
  if (f.grupoId !== undefined) parts.push(eq(users.groupId, f.grupoId));
  if (f.sedeId !== undefined) parts.push(eq(users.siteId, f.sedeId));
  return and(...parts)!;
}

function workerSelect(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      rut: users.rut,
      nombre: users.nombre,
      apellidos: users.apellidos,
      perfil: users.perfil,
      inicioContrato: users.inicioContrato,
      groupId: users.groupId,
      groupNombre: groups.nombre,
      siteId: users.siteId,
      siteNombre: sites.nombre,
    })
    .from(users)
    .leftJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.id, users.groupId)))
    .leftJoin(sites, and(eq(sites.companyId, users.companyId), eq(sites.id, users.siteId)));
}

export async function listWorkers(db: DbOrTx, companyId: string, f: WorkerFilter): Promise<WorkerRow[]> {
  return workerSelect(db).where(workerConditions(companyId, f)).orderBy(asc(users.apellidos), asc(users.nombre), asc(users.id));
}

export async function findWorker(db: DbOrTx, companyId: string, id: string): Promise<WorkerRow | undefined> {
  const [row] = await workerSelect(db).where(and(eq(users.companyId, companyId), eq(users.id, id)));
  return row;
}

/** Locks the worker's row: one worker's pacts are checked for overlaps one change at a time. */
export async function lockWorker(db: DbOrTx, companyId: string, id: string): Promise<void> {
  await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .for('update');
}

export async function groupExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const rows = await db.select({ id: groups.id }).from(groups).where(and(eq(groups.companyId, companyId), eq(groups.id, id)));
  return rows.length > 0;
}

export async function siteExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const rows = await db.select({ id: sites.id }).from(sites).where(and(eq(sites.companyId, companyId), eq(sites.id, id)));
  return rows.length > 0;
}

/** Names of people who acted (creators, deciders), by id. */
export async function people(db: DbOrTx, companyId: string, ids: readonly string[]): Promise<Map<string, { id: string; nombre: string; apellidos: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, nombre: users.nombre, apellidos: users.apellidos })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

// --- Pacts -------------------------------------------------------------------------------------------

const creator = alias(users, 'creator');

function pactSelect(db: DbOrTx) {
  return db
    .select({
      pact: overtimePacts,
      worker: { id: users.id, rut: users.rut, nombre: users.nombre, apellidos: users.apellidos, groupId: users.groupId, inicioContrato: users.inicioContrato },
      groupNombre: groups.nombre,
      creator: { id: creator.id, nombre: creator.nombre, apellidos: creator.apellidos },
      document: { nombre: overtimePactDocuments.nombre, tipo: overtimePactDocuments.tipo, tamano: overtimePactDocuments.tamano },
    })
    .from(overtimePacts)
    .innerJoin(users, and(eq(users.companyId, overtimePacts.companyId), eq(users.id, overtimePacts.userId)))
    .leftJoin(groups, and(eq(groups.companyId, users.companyId), eq(groups.id, users.groupId)))
    .leftJoin(creator, and(eq(creator.companyId, overtimePacts.companyId), eq(creator.id, overtimePacts.createdBy)))
    .leftJoin(overtimePactDocuments, and(eq(overtimePactDocuments.companyId, overtimePacts.companyId), eq(overtimePactDocuments.pactId, overtimePacts.id)));
}
export type PactDetailRow = Awaited<ReturnType<ReturnType<typeof pactSelect>['execute']>>[number];

export interface PactFilter extends WorkerFilter {
  /** Pacts on `today`: not started, in force or over. */
  estado?: 'futuro' | 'vigente' | 'vencido' | undefined;
  /** In force and ending on or before this date. */
  endingBy?: string | undefined;
  today: string;
}

function pactConditions(companyId: string, f: PactFilter): SQL {
  const parts: SQL[] = [eq(overtimePacts.companyId, companyId), workerConditions(companyId, f)];
  if (f.estado === 'futuro') parts.push(sql`${overtimePacts.desde} > ${f.today}::date`);
  if (f.estado === 'vigente' || f.endingBy !== undefined) parts.push(sql`${overtimePacts.desde} <= ${f.today}::date and ${overtimePacts.hasta} >= ${f.today}::date`);
  if (f.estado === 'vencido') parts.push(sql`${overtimePacts.hasta} < ${f.today}::date`);
  if (f.endingBy !== undefined) parts.push(sql`${overtimePacts.hasta} <= ${f.endingBy}::date`);
  return and(...parts)!;
}

export async function listPacts(db: DbOrTx, companyId: string, f: PactFilter, paging: { limit: number; offset: number }): Promise<{ rows: PactDetailRow[]; total: number }> {
  const where = pactConditions(companyId, f);
  const [rows, [counted]] = await Promise.all([
    pactSelect(db)
      .where(where)
      .orderBy(desc(overtimePacts.hasta), asc(users.apellidos), asc(users.nombre), asc(overtimePacts.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ n: count() })
      .from(overtimePacts)
      .innerJoin(users, and(eq(users.companyId, overtimePacts.companyId), eq(users.id, overtimePacts.userId)))
      .where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findPact(db: DbOrTx, companyId: string, id: string): Promise<PactDetailRow | undefined> {
  const [row] = await pactSelect(db).where(and(eq(overtimePacts.companyId, companyId), eq(overtimePacts.id, id)));
  return row;
}

/** A worker's pacts that share a day with `from`..`to`, other than `exceptId`. */
export async function overlappingPacts(db: DbOrTx, companyId: string, userId: string, from: string, to: string, exceptId?: string): Promise<PactRow[]> {
  return db
    .select()
    .from(overtimePacts)
    .where(
      and(
        eq(overtimePacts.companyId, companyId),
        eq(overtimePacts.userId, userId),
        lte(overtimePacts.desde, to),
        gte(overtimePacts.hasta, from),
        exceptId ? ne(overtimePacts.id, exceptId) : undefined,
      ),
    )
    .orderBy(asc(overtimePacts.desde));
}

/** A pact that covers some of the given dates, with its worker's name (declaring December extension days, art. 24 inc. 2). */
export interface PactOnDates {
  nombre: string;
  apellidos: string;
  desde: string;
  hasta: string;
}

/** The company's pacts covering any of `dates`, by worker name and start. */
export async function pactsOnDates(db: DbOrTx, companyId: string, dates: readonly string[]): Promise<PactOnDates[]> {
  if (dates.length === 0) return [];
  const covers = sql.join(
    dates.map((d) => sql`(${overtimePacts.desde} <= ${d}::date and ${overtimePacts.hasta} >= ${d}::date)`),
    sql` or `,
  );
  return db
    .select({ nombre: users.nombre, apellidos: users.apellidos, desde: overtimePacts.desde, hasta: overtimePacts.hasta })
    .from(overtimePacts)
    .innerJoin(users, and(eq(users.companyId, overtimePacts.companyId), eq(users.id, overtimePacts.userId)))
    .where(and(eq(overtimePacts.companyId, companyId), sql`(${covers})`))
    .orderBy(asc(users.apellidos), asc(users.nombre), asc(overtimePacts.desde));
}

/** Pacts of some workers touching `from`..`to` (to find the one in force each day). */
export async function pactsInRange(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<PactRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(overtimePacts)
    .where(and(eq(overtimePacts.companyId, companyId), inArray(overtimePacts.userId, [...userIds]), lte(overtimePacts.desde, to), gte(overtimePacts.hasta, from)))
    .orderBy(asc(overtimePacts.desde));
}

export async function insertPact(db: DbOrTx, values: NewPact): Promise<string> {
  const [row] = await db.insert(overtimePacts).values(values).returning({ id: overtimePacts.id });
  return row!.id;
}

export async function updatePact(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: Partial<Pick<NewPact, 'desde' | 'hasta' | 'maxSecondsPerDay' | 'comentario' | 'compensacion' | 'firmadoEl' | 'diasSemana'>> & { updatedBy: string; updatedAt: Date },
): Promise<void> {
  await db
    .update(overtimePacts)
    .set(values)
    .where(and(eq(overtimePacts.companyId, companyId), eq(overtimePacts.id, id)));
}

/** The pacts of these workers that compensate overtime with vacation days (art. 32 inc. 4), oldest first. */
export async function restAgreements(db: DbOrTx, companyId: string, userIds: readonly string[]): Promise<PactRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(overtimePacts)
    .where(and(eq(overtimePacts.companyId, companyId), inArray(overtimePacts.userId, [...userIds]), eq(overtimePacts.compensacion, 'feriado')))
    .orderBy(asc(overtimePacts.desde));
}

/** What the rest ledger needs of each worker: the contract's start and the agreed weekly hours. */
export async function restWorkers(db: DbOrTx, companyId: string, userIds: readonly string[]): Promise<{ id: string; inicioContrato: string; horasSemanales: number | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, inicioContrato: users.inicioContrato, horasSemanales: users.horasSemanales })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])));
}

export async function deletePact(db: DbOrTx, companyId: string, id: string): Promise<void> {
  await db.delete(overtimePacts).where(and(eq(overtimePacts.companyId, companyId), eq(overtimePacts.id, id)));
}

/** Stores a pact's signed document, replacing the one it had. */
export function upsertDocument(db: DbOrTx, values: typeof overtimePactDocuments.$inferInsert & AttachmentRow): Promise<void> {
  return upsertAttachmentRow(db, overtimePactDocuments, overtimePactDocuments.pactId, values);
}

export function findDocument(db: DbOrTx, companyId: string, pactId: string) {
  return findAttachmentRow(db, overtimePactDocuments, overtimePactDocuments.pactId, companyId, pactId);
}

// --- Decisions ---------------------------------------------------------------------------------------

/** Decisions on some workers' days over `from`..`to`. */
export async function approvalsInRange(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<ApprovalRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(overtimeApprovals)
    .where(
      and(eq(overtimeApprovals.companyId, companyId), inArray(overtimeApprovals.userId, [...userIds]), gte(overtimeApprovals.fecha, from), lte(overtimeApprovals.fecha, to)),
    );
}

/** Approved decisions (what payroll takes) of some workers over `from`..`to`. */
export async function approvedInRange(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<ApprovalRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(overtimeApprovals)
    .where(
      and(
        eq(overtimeApprovals.companyId, companyId),
        inArray(overtimeApprovals.userId, [...userIds]),
        gte(overtimeApprovals.fecha, from),
        lte(overtimeApprovals.fecha, to),
        eq(overtimeApprovals.estado, 'aprobado'),
      ),
    );
}

export async function upsertApproval(db: DbOrTx, values: typeof overtimeApprovals.$inferInsert): Promise<void> {
  await db
    .insert(overtimeApprovals)
    .values(values)
    .onConflictDoUpdate({
      target: [overtimeApprovals.companyId, overtimeApprovals.userId, overtimeApprovals.fecha],
      set: {
        foundSeconds: values.foundSeconds,
        approvedSeconds: values.approvedSeconds,
        estado: values.estado,
        motivo: values.motivo ?? null,
        pactId: values.pactId ?? null,
        decidedBy: values.decidedBy ?? null,
        decidedAt: values.decidedAt,
      },
    });
}

// --- Demo --------------------------------------------------------------------------------------------

/** Each group's first leader (the demo's decider of its members' overtime). */
export async function firstLeaders(db: DbOrTx, companyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ groupId: groupLeaders.groupId, userId: groupLeaders.userId })
    .from(groupLeaders)
    .where(eq(groupLeaders.companyId, companyId))
    .orderBy(asc(groupLeaders.createdAt), asc(groupLeaders.userId));
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.groupId)) out.set(r.groupId, r.userId);
  return out;
}

// --- Review settings ---------------------------------------------------------------------------------

export interface ReviewSettingsRow {
  reviewThresholdSeconds: number;
  updatedBy: { id: string; nombre: string; apellidos: string } | null;
  updatedAt: Date;
}

/** The company's review settings, or undefined when it never set them (the default applies). */
export async function reviewSettings(db: DbOrTx, companyId: string): Promise<ReviewSettingsRow | undefined> {
  const [row] = await db
    .select({
      reviewThresholdSeconds: overtimeReviewSettings.reviewThresholdSeconds,
      updatedAt: overtimeReviewSettings.updatedAt,
      updaterId: users.id,
      updaterNombre: users.nombre,
      updaterApellidos: users.apellidos,
    })
    .from(overtimeReviewSettings)
    .leftJoin(users, and(eq(users.companyId, overtimeReviewSettings.companyId), eq(users.id, overtimeReviewSettings.updatedBy)))
    .where(eq(overtimeReviewSettings.companyId, companyId));
  if (!row) return undefined;
  return {
    reviewThresholdSeconds: row.reviewThresholdSeconds,
    updatedAt: row.updatedAt,
    updatedBy: row.updaterId ? { id: row.updaterId, nombre: row.updaterNombre!, apellidos: row.updaterApellidos! } : null,
  };
}

export async function saveReviewSettings(db: DbOrTx, companyId: string, reviewThresholdSeconds: number, updatedBy: string, updatedAt: Date): Promise<void> {
  await db
    .insert(overtimeReviewSettings)
    .values({ companyId, reviewThresholdSeconds, updatedBy, updatedAt })
    .onConflictDoUpdate({ target: [overtimeReviewSettings.companyId], set: { reviewThresholdSeconds, updatedBy, updatedAt } });
}

/**
 * Confirms many pending days at once, in statements of bounded size. A day decided meanwhile (by a
 * concurrent review) keeps that decision: only days still without a row are written.
 */
export async function insertConfirmations(db: DbOrTx, values: (typeof overtimeApprovals.$inferInsert)[]): Promise<{ userId: string; fecha: string; approvedSeconds: number }[]> {
  const written: { userId: string; fecha: string; approvedSeconds: number }[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const inserted = await db
      .insert(overtimeApprovals)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing({ target: [overtimeApprovals.companyId, overtimeApprovals.userId, overtimeApprovals.fecha] })
      .returning({ userId: overtimeApprovals.userId, fecha: overtimeApprovals.fecha, approvedSeconds: overtimeApprovals.approvedSeconds });
    written.push(...inserted);
  }
  return written;
}
