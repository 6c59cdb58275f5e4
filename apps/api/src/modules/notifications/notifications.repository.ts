/** All SQL of the notifications module: when each person last opened their bell. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationReads } from '../../db/schema/index';

export async function seenAt(db: DbOrTx, companyId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ seenAt: notificationReads.seenAt })
    .from(notificationReads)
    .where(and(eq(notificationReads.companyId, companyId), eq(notificationReads.userId, userId)));
  return row?.seenAt ?? null;
}

/** Records that the person opened the bell at `at`; an earlier instant never moves it back. */
export async function markSeen(db: DbOrTx, companyId: string, userId: string, at: Date): Promise<Date> {
  const [row] = await db
    .insert(notificationReads)
    .values({ companyId, userId, seenAt: at })
    .onConflictDoUpdate({
      target: [notificationReads.companyId, notificationReads.userId],
      set: { seenAt: sql`greatest(${notificationReads.seenAt}, excluded.seen_at)` },
    })
    .returning({ seenAt: notificationReads.seenAt });
  return row!.seenAt;
}
