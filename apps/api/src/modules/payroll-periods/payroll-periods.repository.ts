import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payrollPeriods } from '../../db/schema/index';

type Rows<T> = { rows: T[] };
async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** Which of these `YYYYMM` months the company has closed (shared lock: a closing waits for the change that checked). */
export async function closedPeriods(db: DbOrTx, companyId: string, periodos: readonly string[]): Promise<string[]> {
  if (periodos.length === 0) return [];
  const result = await rows<{ periodo: string }>(
    db,
    sql`select periodo from ${payrollPeriods}
        where company_id = ${companyId} and periodo = any(${sql.param([...periodos])}::text[]) and closed_at is not null
        order by periodo for share`,
  );
  return result.map((r) => r.periodo);
}
