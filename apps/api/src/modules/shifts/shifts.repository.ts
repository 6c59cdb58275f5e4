import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exceptionalSchedules, shifts, shiftVersions, sites } from '../../db/schema/index';
import type { NewShift, ShiftRow, ShiftVersionRow } from './shifts.model';

export type { NewShift, ShiftRow, ShiftVersionRow } from './shifts.model';

/** The timing columns a version copies from its shift. */
function versionOf(shift: ShiftRow, createdBy: string | null, createdAt: Date): typeof shiftVersions.$inferInsert {
  return {
    companyId: shift.companyId,
    shiftId: shift.id,
    version: shift.version,
    startTime: shift.startTime,
    endTime: shift.endTime,
    breakKind: shift.breakKind,
    breakStart: shift.breakStart,
    breakEnd: shift.breakEnd,
    breakMinutes: shift.breakMinutes,
    lateToleranceMin: shift.lateToleranceMin,
    earlyToleranceMin: shift.earlyToleranceMin,
    createdAt,
    createdBy,
  };
}

export interface ShiftFilters {
  q?: string | undefined;
  activo?: boolean | undefined;
}

function conditions(companyId: string, filters: ShiftFilters): SQL | undefined {
  const list: (SQL | undefined)[] = [eq(shifts.companyId, companyId)];
  if (filters.activo !== undefined) list.push(eq(shifts.active, filters.activo));
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    list.push(or(ilike(shifts.nombre, pattern), ilike(shifts.codigo, pattern)));
  }
  return and(...list);
}

export async function listShifts(
  db: DbOrTx,
  companyId: string,
  filters: ShiftFilters,
  paging: { limit: number; offset: number },
): Promise<{ rows: ShiftRow[]; total: number }> {
  const where = conditions(companyId, filters);
  const rows = await db.select().from(shifts).where(where).orderBy(asc(shifts.codigo), asc(shifts.id)).limit(paging.limit).offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(shifts).where(where);
  return { rows, total: total!.n };
}

export async function allShifts(db: DbOrTx, companyId: string): Promise<ShiftRow[]> {
  return db.select().from(shifts).where(eq(shifts.companyId, companyId)).orderBy(asc(shifts.codigo));
}

/** Whether the company has at least one exceptional schedule authorised by the Dirección del Trabajo (art. 38 inc. final). */
export async function hasExceptionalSystem(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(exceptionalSchedules).where(eq(exceptionalSchedules.companyId, companyId));
  return (row?.n ?? 0) > 0;
}

export async function findShift(db: DbOrTx, companyId: string, id: string, forUpdate = false): Promise<ShiftRow | undefined> {
  const query = db
    .select()
    .from(shifts)
    .where(and(eq(shifts.companyId, companyId), eq(shifts.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** Inserts shifts with their first version; returns the rows. */
export async function insertShifts(db: DbOrTx, values: NewShift[], createdBy: string | null, now: Date): Promise<ShiftRow[]> {
  if (values.length === 0) return [];
  const rows = await db.insert(shifts).values(values).returning();
  await db.insert(shiftVersions).values(rows.map((row) => versionOf(row, createdBy, now)));
  return rows;
}

/** Updates a shift; when its timing changed, `timingChanged` bumps the version and stores it. */
export async function updateShift(
  db: DbOrTx,
  current: ShiftRow,
  values: Partial<NewShift>,
  timingChanged: boolean,
  updatedBy: string | null,
  now: Date,
): Promise<ShiftRow> {
  const [row] = await db
    .update(shifts)
    .set({ ...values, ...(timingChanged ? { version: sql`${shifts.version} + 1` } : {}), updatedAt: now })
    .where(and(eq(shifts.companyId, current.companyId), eq(shifts.id, current.id)))
    .returning();
  if (timingChanged) await db.insert(shiftVersions).values(versionOf(row!, updatedBy, now));
  return row!;
}

/** Versions by `shiftId:version`, for planned days and change-log entries. */
/** Every version of every shift of a company (versions never change: an edit of the timing adds one). */
export async function allVersions(db: DbOrTx, companyId: string): Promise<ShiftVersionRow[]> {
  return db.select().from(shiftVersions).where(eq(shiftVersions.companyId, companyId));
}

export async function versionsByKey(db: DbOrTx, companyId: string, keys: { shiftId: string; version: number }[]): Promise<Map<string, ShiftVersionRow>> {
  const result = new Map<string, ShiftVersionRow>();
  const ids = [...new Set(keys.map((k) => k.shiftId))];
  if (ids.length === 0) return result;
  const rows = await db
    .select()
    .from(shiftVersions)
    .where(and(eq(shiftVersions.companyId, companyId), inArray(shiftVersions.shiftId, ids)));
  for (const row of rows) result.set(`${row.shiftId}:${row.version}`, row);
  return result;
}

/** Which of these site ids are the company's (sites is a shared reference table). */
export async function companySiteIds(db: DbOrTx, companyId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: sites.id }).from(sites).where(and(eq(sites.companyId, companyId), inArray(sites.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}
