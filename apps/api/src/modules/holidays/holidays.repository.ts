import { and, asc, desc, eq, gte, isNull, lte, sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companyHolidays, users } from '../../db/schema/index';

export type CompanyHolidayRow = typeof companyHolidays.$inferSelect;
export type NewCompanyHoliday = typeof companyHolidays.$inferInsert;

/** What the engine reads of a company's own holidays. */
export interface CompanyHolidayDay {
  fecha: string;
  nombre: string;
  irrenunciable: boolean;
}

/** The company's live holidays between two dates (inclusive), by date: the engine's extra days. */
export async function liveHolidays(db: DbOrTx, companyId: string, from: string, to: string): Promise<CompanyHolidayDay[]> {
  return db
    .select({ fecha: companyHolidays.fecha, nombre: companyHolidays.nombre, irrenunciable: companyHolidays.irrenunciable })
    .from(companyHolidays)
    .where(and(eq(companyHolidays.companyId, companyId), isNull(companyHolidays.deletedAt), gte(companyHolidays.fecha, from), lte(companyHolidays.fecha, to)))
    .orderBy(asc(companyHolidays.fecha));
}

const creator = alias(users, 'creator');
const remover = alias(users, 'remover');
const fullName = (u: { nombre: AnyColumn; apellidos: AnyColumn }) => sql<string | null>`nullif(trim(${u.nombre} || ' ' || ${u.apellidos}), '')`;

/** Every holiday the company added with a date in the year, live and removed, with who added and removed it. */
export async function yearHolidays(db: DbOrTx, companyId: string, year: number) {
  return db
    .select({ holiday: companyHolidays, creadoPor: fullName(creator), eliminadoPor: fullName(remover) })
    .from(companyHolidays)
    .leftJoin(creator, and(eq(creator.companyId, companyHolidays.companyId), eq(creator.id, companyHolidays.createdBy)))
    .leftJoin(remover, and(eq(remover.companyId, companyHolidays.companyId), eq(remover.id, companyHolidays.deletedBy)))
    .where(and(eq(companyHolidays.companyId, companyId), gte(companyHolidays.fecha, `${year}-01-01`), lte(companyHolidays.fecha, `${year}-12-31`)))
    .orderBy(asc(companyHolidays.fecha), desc(companyHolidays.deletedAt));
}

export async function insertHoliday(db: DbOrTx, values: NewCompanyHoliday): Promise<CompanyHolidayRow> {
  const [row] = await db.insert(companyHolidays).values(values).returning();
  return row!;
}

/** A live holiday of the company by id, locked for the removal that follows in the same transaction. */
export async function lockLiveHoliday(db: DbOrTx, companyId: string, id: string): Promise<CompanyHolidayRow | undefined> {
  const [row] = await db
    .select()
    .from(companyHolidays)
    .where(and(eq(companyHolidays.companyId, companyId), eq(companyHolidays.id, id), isNull(companyHolidays.deletedAt)))
    .for('update');
  return row;
}

/** Removes a live holiday: the row stays as the log of the change, with who removed it and when. */
export async function markRemoved(db: DbOrTx, companyId: string, id: string, by: string, at: Date): Promise<void> {
  await db
    .update(companyHolidays)
    .set({ deletedBy: by, deletedAt: at })
    .where(and(eq(companyHolidays.companyId, companyId), eq(companyHolidays.id, id), isNull(companyHolidays.deletedAt)));
}
