/** All SQL of the inconsistencies module: the dismissal log (`inconsistency_dismissals`). */
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inconsistencyDismissals } from '../../db/schema/index';

export type DismissalRow = typeof inconsistencyDismissals.$inferSelect;

/** Records a dismissal; null when one of the same inconsistency is already standing (the partial unique key). */
export async function insertDismissal(
  db: DbOrTx,
  values: { companyId: string; userId: string; fecha: string; code: string; reason: string; dismissedBy: string; dismissedAt: Date },
): Promise<DismissalRow | null> {
  const [row] = await db
    .insert(inconsistencyDismissals)
    .values(values)
    .onConflictDoNothing({ target: [inconsistencyDismissals.companyId, inconsistencyDismissals.userId, inconsistencyDismissals.fecha, inconsistencyDismissals.code], where: isNull(inconsistencyDismissals.reopenedAt) })
    .returning();
  return row ?? null;
}

export async function findDismissal(db: DbOrTx, companyId: string, id: string): Promise<DismissalRow | undefined> {
  const [row] = await db
    .select()
    .from(inconsistencyDismissals)
    .where(and(eq(inconsistencyDismissals.companyId, companyId), eq(inconsistencyDismissals.id, id)))
    .limit(1);
  return row;
}

/** Reopens a standing dismissal (who and when); null when it was reopened meanwhile. */
export async function reopenDismissal(db: DbOrTx, companyId: string, id: string, by: string, at: Date): Promise<DismissalRow | null> {
  const [row] = await db
    .update(inconsistencyDismissals)
    .set({ reopenedBy: by, reopenedAt: at })
    .where(and(eq(inconsistencyDismissals.companyId, companyId), eq(inconsistencyDismissals.id, id), isNull(inconsistencyDismissals.reopenedAt)))
    .returning();
  return row ?? null;
}
