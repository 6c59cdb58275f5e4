import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scheduleInForceId } from '../../db/exceptional-schedule';
import { exceptionalSchedules, groups, users } from '../../db/schema/index';

export type ExceptionalScheduleRow = typeof exceptionalSchedules.$inferSelect;
export type NewExceptionalSchedule = typeof exceptionalSchedules.$inferInsert;

/** Workers under each schedule (any state): assigned to it, or members of a group under it without one of their own. */
// Qualified by hand: in a one-table select Drizzle writes columns unqualified, and `company_id` would be the user's.
const assigned = sql<number>`(select count(*)::int from ${users} u where u.company_id = "exceptional_schedules"."company_id" and ${scheduleInForceId('u')} = "exceptional_schedules"."id")`;
/** Groups whose resolution each schedule is. */
const naming = sql<number>`(select count(*)::int from ${groups} g where g.company_id = "exceptional_schedules"."company_id" and g.jornada_excepcional_id = "exceptional_schedules"."id")`;

export function listSchedules(db: DbOrTx, companyId: string): Promise<(ExceptionalScheduleRow & { trabajadores: number; grupos: number })[]> {
  return db
    .select({ ...getColumns(), trabajadores: assigned, grupos: naming })
    .from(exceptionalSchedules)
    .where(eq(exceptionalSchedules.companyId, companyId))
    .orderBy(asc(exceptionalSchedules.numero), asc(exceptionalSchedules.createdAt));
}

export async function findSchedule(db: DbOrTx, companyId: string, id: string): Promise<(ExceptionalScheduleRow & { trabajadores: number; grupos: number }) | undefined> {
  const [row] = await db
    .select({ ...getColumns(), trabajadores: assigned, grupos: naming })
    .from(exceptionalSchedules)
    .where(and(eq(exceptionalSchedules.companyId, companyId), eq(exceptionalSchedules.id, id)));
  return row;
}

function getColumns() {
  const { companyId, id, numero, fecha, diasTrabajo, diasDescanso, horasDiarias, vigenteDesde, vigenteHasta, createdAt, updatedAt } = exceptionalSchedules;
  return { companyId, id, numero, fecha, diasTrabajo, diasDescanso, horasDiarias, vigenteDesde, vigenteHasta, createdAt, updatedAt };
}

export async function insertSchedule(db: DbOrTx, values: NewExceptionalSchedule): Promise<string> {
  const [row] = await db.insert(exceptionalSchedules).values(values).returning({ id: exceptionalSchedules.id });
  return row!.id;
}

export async function updateSchedule(db: DbOrTx, companyId: string, id: string, values: Partial<NewExceptionalSchedule>): Promise<boolean> {
  const result = await db
    .update(exceptionalSchedules)
    .set(values)
    .where(and(eq(exceptionalSchedules.companyId, companyId), eq(exceptionalSchedules.id, id)))
    .returning({ id: exceptionalSchedules.id });
  return result.length > 0;
}

/** Workers assigned to the schedule themselves (a concurrent assignment makes the delete fail on the users' foreign key). */
export async function assignedWorkers(db: DbOrTx, companyId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.jornadaExcepcionalId, id)));
  return row!.n;
}

export async function deleteSchedule(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  const result = await db
    .delete(exceptionalSchedules)
    .where(and(eq(exceptionalSchedules.companyId, companyId), eq(exceptionalSchedules.id, id)))
    .returning({ id: exceptionalSchedules.id });
  return result.length > 0;
}

/** Groups whose resolution the schedule is (a concurrent one makes the delete fail on the groups' foreign key). */
export async function namingGroups(db: DbOrTx, companyId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(groups)
    .where(and(eq(groups.companyId, companyId), eq(groups.jornadaExcepcionalId, id)));
  return row!.n;
}
