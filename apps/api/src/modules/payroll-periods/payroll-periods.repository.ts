import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payrollPeriods } from '../../db/schema/index';

type Rows<T> = { rows: T[] };
async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** The transaction-level lock key of a company's month (the row may not exist yet when it is first closed). */
const monthKey = (companyId: string, periodo: string) => sql`hashtextextended(${`payroll:${companyId}:${periodo}`}, 0)`;

/**
 * Which of these `YYYYMM` months the company has closed. Holds a shared lock on each month until the
 * caller's transaction ends, so a close (which takes it exclusively) waits for every change that found
 * the month open to commit, and a change that checks after the close sees it closed.
 */
export async function closedPeriods(db: DbOrTx, companyId: string, periodos: readonly string[]): Promise<string[]> {
  if (periodos.length === 0) return [];
  for (const periodo of periodos) await db.execute(sql`select pg_advisory_xact_lock_shared(${monthKey(companyId, periodo)})`);
  const result = await rows<{ periodo: string }>(
    db,
    sql`select periodo from ${payrollPeriods}
        where company_id = ${companyId} and periodo = any(${sql.param([...periodos])}::text[]) and closed_at is not null
        order by periodo for share`,
  );
  return result.map((r) => r.periodo);
}

/** Takes a company's month exclusively until the transaction ends: changes that check it wait (see `closedPeriods`). */
export async function lockMonthExclusively(tx: DbOrTx, companyId: string, periodo: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${monthKey(companyId, periodo)})`);
}
