import type { MotivoIntento } from '@jornada/contracts';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clockDevices, markAttempts, sites, users } from '../../db/schema/index';

export type ClockDeviceRow = typeof clockDevices.$inferSelect;
export type NewClockDevice = typeof clockDevices.$inferInsert;

const columns = {
  device: clockDevices,
  siteNombre: sites.nombre,
  siteZone: sites.timeZone,
};

export type ClockDeviceWithSite = { device: ClockDeviceRow; siteNombre: string; siteZone: string };

function joined(db: DbOrTx) {
  return db
    .select(columns)
    .from(clockDevices)
    .innerJoin(sites, and(eq(sites.companyId, clockDevices.companyId), eq(sites.id, clockDevices.siteId)));
}

export interface DeviceFilters {
  q?: string;
  siteId?: string;
  active?: boolean;
}

export async function listDevices(db: DbOrTx, companyId: string, filters: DeviceFilters, paging: { limit: number; offset: number }) {
  const conditions: SQL[] = [eq(clockDevices.companyId, companyId)];
  if (filters.q) {
    const pattern = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${clockDevices.nombre} ilike ${pattern} or ${clockDevices.serial} ilike ${pattern})`);
  }
  if (filters.siteId) conditions.push(eq(clockDevices.siteId, filters.siteId));
  if (filters.active !== undefined) conditions.push(eq(clockDevices.active, filters.active));
  const where = and(...conditions);
  const rows = await joined(db).where(where).orderBy(asc(clockDevices.nombre), asc(clockDevices.id)).limit(paging.limit).offset(paging.offset);
  const [total] = await db.select({ n: count() }).from(clockDevices).where(where);
  return { rows, total: total!.n };
}

export async function findDevice(db: DbOrTx, companyId: string, id: string): Promise<ClockDeviceWithSite | undefined> {
  const [row] = await joined(db).where(and(eq(clockDevices.companyId, companyId), eq(clockDevices.id, id)));
  return row;
}

/**
 * The registrations of a serial, across companies (an unkeyed device request knows nothing else about
 * itself). A serial is unique per company only, so there may be several: two are enough to know the
 * request is ambiguous.
 */
export async function findDevicesBySerial(db: DbOrTx, serial: string): Promise<ClockDeviceWithSite[]> {
  return joined(db).where(eq(clockDevices.serial, serial)).orderBy(asc(clockDevices.createdAt), asc(clockDevices.id)).limit(2);
}

/** The one registration a device key belongs to, across companies (the key hash is unique). */
export async function findDeviceByKeyHash(db: DbOrTx, keyHash: string): Promise<ClockDeviceWithSite | undefined> {
  const [row] = await joined(db).where(eq(clockDevices.keyHash, keyHash));
  return row;
}

export async function siteExists(db: DbOrTx, companyId: string, siteId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.companyId, companyId), eq(sites.id, siteId)));
  return Boolean(row);
}

export async function insertDevice(db: DbOrTx, values: NewClockDevice): Promise<string> {
  const [row] = await db.insert(clockDevices).values(values).returning({ id: clockDevices.id });
  return row!.id;
}

export async function updateDevice(db: DbOrTx, companyId: string, id: string, values: Partial<NewClockDevice>): Promise<number> {
  const rows = await db
    .update(clockDevices)
    .set(values)
    .where(and(eq(clockDevices.companyId, companyId), eq(clockDevices.id, id)))
    .returning({ id: clockDevices.id });
  return rows.length;
}

/** Every request of a device: when and from where it was last heard. */
export async function touchDevice(db: DbOrTx, device: ClockDeviceRow, at: Date, ip: string): Promise<void> {
  await db
    .update(clockDevices)
    .set({ lastContactAt: at, lastIp: ip })
    .where(and(eq(clockDevices.companyId, device.companyId), eq(clockDevices.id, device.id)));
}

/** After an upload: the stamp to echo in the next handshake and the running count of lines. */
export async function recordUpload(
  db: DbOrTx,
  device: ClockDeviceRow,
  values: { at: Date; table: 'ATTLOG' | 'OPERLOG' | 'OTHER'; stamp: string | null; lines: number },
): Promise<void> {
  const set: Partial<Omit<NewClockDevice, 'recordsReceived'>> & { recordsReceived?: SQL } = { lastUploadAt: values.at };
  if (values.table === 'ATTLOG') {
    set.recordsReceived = sql`${clockDevices.recordsReceived} + ${values.lines}`;
    if (values.stamp) set.attlogStamp = values.stamp;
  }
  if (values.table === 'OPERLOG' && values.stamp) set.operlogStamp = values.stamp;
  await db
    .update(clockDevices)
    .set(set)
    .where(and(eq(clockDevices.companyId, device.companyId), eq(clockDevices.id, device.id)));
}

/** The worker whose RUT body is the device PIN, in the device's company. */
export async function findUserByRut(db: DbOrTx, companyId: string, rut: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.rut, rut)));
  return row;
}

/** Whether a device line (by its key) was already logged as an attempt (of one of `reasons`, when given). */
export async function attemptExists(db: DbOrTx, companyId: string, clientId: string, reasons?: MotivoIntento[]): Promise<boolean> {
  const conditions = [eq(markAttempts.companyId, companyId), eq(markAttempts.clientId, clientId)];
  if (reasons) conditions.push(inArray(markAttempts.reason, reasons));
  const [row] = await db
    .select({ id: markAttempts.id })
    .from(markAttempts)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}
