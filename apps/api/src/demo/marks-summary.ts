/** What the demo holds (marks, attempts, kiosks, credentials), for the summary `npm run demo` prints. */
import type { MotivoIntento } from '@jornada/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { kiosks, markAttempts, marks as marksTable, users, webauthnCredentials } from '../db/schema/index';

interface DemoActivity {
  marks: number;
  offline: number;
  outsideGeofence: number;
  firstMark: Date | null;
  lastMark: Date | null;
  /** Attempts by reason. */
  attempts: Partial<Record<MotivoIntento, number>>;
  kiosks: string[];
  /** Active credentials. */
  credentials: number;
  revokedCredentials: number;
  /** Active people allowed the fingerprint without an active credential. */
  withoutFingerprint: number;
}

/**
 * What the demo holds, for the summary `npm run demo` prints. Counts the whole database: the demo is
 * only ever loaded into an empty one (run it in system scope).
 */
export async function countDemoActivity(db: Db): Promise<DemoActivity> {
  const [markRow] = await db
    .select({
      total: count(),
      offline: sql<number>`count(*) filter (where ${marksTable.offline})::int`,
      outside: sql<number>`count(*) filter (where ${marksTable.outsideGeofence})::int`,
      first: sql<Date | string | null>`min(${marksTable.at})`,
      last: sql<Date | string | null>`max(${marksTable.at})`,
    })
    .from(marksTable);
  const reasons = await db.select({ motivo: markAttempts.reason, n: count() }).from(markAttempts).groupBy(markAttempts.reason);
  const [credentialRow] = await db
    .select({ active: sql<number>`count(*) filter (where ${webauthnCredentials.revokedAt} is null)::int`, revoked: sql<number>`count(*) filter (where ${webauthnCredentials.revokedAt} is not null)::int` })
    .from(webauthnCredentials);
  const [pendingRow] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        sql`'huella' = any(${users.metodosMarcaje})`,
        sql`not exists (select 1 from ${webauthnCredentials} c where c.company_id = ${users.companyId} and c.user_id = ${users.id} and c.revoked_at is null)`,
      ),
    );
  const kioskNames = (await db.select({ name: kiosks.name }).from(kiosks).orderBy(asc(kiosks.name))).map((k) => k.name);
  const asDate = (value: Date | string | null | undefined) => (value ? new Date(value) : null);
  return {
    marks: markRow?.total ?? 0,
    offline: Number(markRow?.offline ?? 0),
    outsideGeofence: Number(markRow?.outside ?? 0),
    firstMark: asDate(markRow?.first),
    lastMark: asDate(markRow?.last),
    attempts: Object.fromEntries(reasons.map((r) => [r.motivo, r.n])) as DemoActivity['attempts'],
    kiosks: kioskNames,
    credentials: Number(credentialRow?.active ?? 0),
    revokedCredentials: Number(credentialRow?.revoked ?? 0),
    withoutFingerprint: pendingRow?.n ?? 0,
  };
}
