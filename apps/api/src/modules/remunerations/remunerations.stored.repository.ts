/**
 * The SQL of each worker's stored pay of an open month (`remuneration_rows` and the rows themselves in
 * `remuneration_row_details`, migration 0049): a read finds
 * which workers of its filter have a row for its `closed` day and adds up those rows, claims the missing
 * ones, computes them and stores those its claim still holds. The triggers of the migration delete rows
 * (and claims) when what they were computed from changes.
 */
import { sql } from 'drizzle-orm';
import { remunerationRowDetails, remunerationRows, users } from '../../db/schema/index';
import type { DbOrTx } from '../../db/client';
import { payColumn, SUMMED_PAY_KEYS, type SummedPayKey } from './remunerations.model';
import { payWorkerConditions, type PayWorkerFilter } from './remunerations.repository';

type Rows<T> = { rows: T[] };
async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const STORE_CHUNK = 500;

/** The filter's workers against their stored rows: how many, the sums of those stored, and who has none. */
export interface StoredPay {
  workers: number;
  /** Stored rows found (valid for `closed`), and how many of them are of workers without a base salary. */
  stored: number;
  storedWithoutSalary: number;
  sums: Record<SummedPayKey, number>;
  /** Workers of the filter without a stored row for `closed`, in id order. */
  missing: string[];
}

/**
 * One statement (one snapshot): the workers of the filter, the sums of their rows stored for `closed`
 * and the ids of those without one. A row being computed (claimed) counts as missing.
 */
export async function storedPay(db: DbOrTx, companyId: string, periodo: string, closed: string, f: PayWorkerFilter): Promise<StoredPay> {
  const sums = sql.join(
    SUMMED_PAY_KEYS.map((k) => sql`coalesce(sum(r.${sql.raw(payColumn(k))}), 0)::float8 as ${sql.raw(`"${k}"`)}`),
    sql`, `,
  );
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`select count(*)::int as workers, count(r.user_id)::int as stored,
          count(r.user_id) filter (where u.sueldo_base is null)::int as without_salary,
          coalesce(array_agg(u.id::text order by u.id) filter (where r.user_id is null), '{}') as missing,
          ${sums}
        from ${users} u
        left join ${remunerationRows} r on r.company_id = u.company_id and r.periodo = ${periodo} and r.user_id = u.id
          and r.closed = ${closed}::date and r.claim is null
        where ${payWorkerConditions(companyId, f)}`,
  );
  const missing = r!.missing;
  return {
    workers: Number(r!.workers),
    stored: Number(r!.stored),
    storedWithoutSalary: Number(r!.without_salary),
    sums: Object.fromEntries(SUMMED_PAY_KEYS.map((k) => [k, Number(r![k])])) as Record<SummedPayKey, number>,
    // node-postgres parses text[]; PGlite too, but an empty array may come as its literal.
    missing: Array.isArray(missing) ? (missing as string[]) : String(missing).replace(/^\{|\}$/g, '').split(',').filter(Boolean),
  };
}

/**
 * Claims the rows of these workers for a read about to compute them (`claim`, a new uuid): a stored row of
 * another day, or another read's claim, is replaced. Committed before computing, so a change committed
 * while the read computes deletes the claim (its triggers) and the figures are not stored.
 */
export async function claimRows(db: DbOrTx, companyId: string, periodo: string, closed: string, userIds: readonly string[], claim: string): Promise<void> {
  for (let i = 0; i < userIds.length; i += 2000) {
    const chunk = userIds.slice(i, i + 2000);
    await db.execute(
      sql`insert into ${remunerationRows} (company_id, periodo, user_id, closed, claim)
          select ${companyId}, ${periodo}, id, ${closed}::date, ${claim}::uuid from unnest(${sql.param([...chunk])}::uuid[]) as id
          on conflict (company_id, periodo, user_id) do update set closed = excluded.closed, claim = excluded.claim`,
    );
  }
}

/** A computed row to store, with what it adds to each total. */
export interface RowToStore {
  userId: string;
  row: unknown;
  sums: Record<SummedPayKey, number>;
}

/** Stores the rows whose claim is still `claim` (no change deleted it meanwhile); returns how many were stored. */
export async function storeRows(db: DbOrTx, companyId: string, periodo: string, claim: string, computed: readonly RowToStore[]): Promise<number> {
  let stored = 0;
  const sets = sql.raw(SUMMED_PAY_KEYS.map((k) => `${payColumn(k)} = v.${payColumn(k)}`).join(', '));
  const columns = sql.raw(SUMMED_PAY_KEYS.map((k) => `${payColumn(k)} float8`).join(', '));
  for (let i = 0; i < computed.length; i += STORE_CHUNK) {
    const values = computed.slice(i, i + STORE_CHUNK).map((c) => ({ user_id: c.userId, row: c.row, ...Object.fromEntries(SUMMED_PAY_KEYS.map((k) => [payColumn(k), c.sums[k]])) }));
    // The figures and the row in one statement: the row is written only for the claims the update found.
    const done = await rows<{ user_id: string }>(
      db,
      sql`with v as (select * from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(user_id uuid, row jsonb, ${columns})),
          kept as (
            update ${remunerationRows} r set claim = null, ${sets} from v
            where r.company_id = ${companyId} and r.periodo = ${periodo} and r.user_id = v.user_id and r.claim = ${claim}::uuid
            returning r.user_id
          )
          insert into ${remunerationRowDetails} (company_id, periodo, user_id, row)
          select ${companyId}, ${periodo}, v.user_id, v.row from v join kept on kept.user_id = v.user_id
          on conflict (company_id, periodo, user_id) do update set row = excluded.row
          returning user_id`,
    );
    stored += done.length;
  }
  return stored;
}

/** Removes what is left of a read's claim (workers never stored, such as those with a «feriado» pact). */
export async function releaseClaim(db: DbOrTx, companyId: string, periodo: string, claim: string): Promise<void> {
  await db.execute(sql`delete from ${remunerationRows} where company_id = ${companyId} and periodo = ${periodo} and claim = ${claim}::uuid`);
}

/** The stored rows of these workers for `closed` (the page's). */
export async function storedRows(db: DbOrTx, companyId: string, periodo: string, closed: string, userIds: readonly string[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  if (userIds.length === 0) return out;
  const result = await rows<{ user_id: string; row: unknown }>(
    db,
    sql`select r.user_id, d.row from ${remunerationRows} r
        join ${remunerationRowDetails} d on d.company_id = r.company_id and d.periodo = r.periodo and d.user_id = r.user_id
        where r.company_id = ${companyId} and r.periodo = ${periodo} and r.user_id = any(${sql.param([...userIds])}::uuid[])
          and r.closed = ${closed}::date and r.claim is null`,
  );
  for (const r of result) out.set(r.user_id, typeof r.row === 'string' ? JSON.parse(r.row) : r.row);
  return out;
}

/** Deletes the company's stored pay (of one month, or every month; the details go with the rows): the next read computes it again. */
export async function forgetRows(db: DbOrTx, companyId: string, periodo?: string): Promise<number> {
  const result = await rows<{ n: number }>(
    db,
    sql`with gone as (delete from ${remunerationRows} where company_id = ${companyId} ${periodo === undefined ? sql`` : sql`and periodo = ${periodo}`} returning 1)
        select count(*)::int as n from gone`,
  );
  return Number(result[0]?.n ?? 0);
}
