/**
 * The period totals of stored days: one SQL map under the domain's names (`DAY_FIGURE_SQL`), the sums
 * built from it, and the rollup tables kept with it (their trigger, their rebuild and the reads they
 * serve). A selection's aggregates over these sums are in attendance.selection.repository.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DAILY_OVERTIME_LIMIT_SECONDS, DAY_STATUSES, SUMMED_TOTAL_KEYS, type DayStatus, type SummedTotalKey, type SummedTotals } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { attendanceDays, attendanceRollups, attendanceWorkerRollups, groups, rollupColumn, sites, users } from '../../db/schema/index';
import type { ReportBucket, ReportDays, ReportWorker, WorkerFilter } from './attendance.selection-types';
import { num, rows, uuids, workerConditions } from './attendance.base.repository';
import { BOARD_SOURCE_COLUMNS, boardRollupApplySql, rebuildBoardRollups } from './attendance.board.repository';

// --- Period totals -------------------------------------------------------------------------------
// The one SQL definition of a period's figures: each summed total of packages/domain
// (`SUMMED_TOTAL_KEYS`, the same names as `PeriodTotals`) as what a stored day `a` adds to it.
// A Sunday row carries its week's settlement, so a range adds the weeks whose Sunday lies in it.
// apps/api/src/demo/evaluation-consistency.test.ts checks these sums equal the engine's totals.

/** A stored day's found overtime: beyond its plan plus its planned time over the week's agreed hours (`foundOvertimeOfDay`). */
export const DAY_OVERTIME = '(a.overtime_seconds + a.overtime_over_agreed_seconds)';
const counted = (condition: string): string => `(${condition})::int`;
const statusLiteral = (s: DayStatus): string => `'${s.replace(/'/g, "''")}'`;

/**
 * What one stored day `a` adds to each summed total: the one map every sum of stored days is made of
 * (the totals of a query, and the rollup rows of `attendance_rollups`, whose columns and trigger are
 * generated from it). Plain SQL text over the row: only column names, constants and the statuses.
 */
const DAY_FIGURE_SQL: Record<SummedTotalKey, string> = {
  plannedSeconds: 'a.planned_seconds',
  workedSeconds: 'a.worked_seconds',
  ordinarySeconds: 'a.ordinary_seconds',
  missingSeconds: 'a.missing_seconds',
  justifiedSeconds: 'a.justified_seconds',
  lateSeconds: 'a.late_seconds',
  earlyLeaveSeconds: 'a.early_leave_seconds',
  breakSeconds: 'a.break_seconds',
  overtimeSeconds: 'a.overtime_seconds',
  overtimeOverAgreedSeconds: 'a.overtime_over_agreed_seconds',
  foundOvertimeSeconds: DAY_OVERTIME,
  foundOvertimeWithinDailyLimitSeconds: `least(${DAY_OVERTIME}, ${DAILY_OVERTIME_LIMIT_SECONDS})`,
  foundOvertimeBeyondDailyLimitSeconds: `greatest(${DAY_OVERTIME} - ${DAILY_OVERTIME_LIMIT_SECONDS}, 0)`,
  absenceMissingSeconds: `case when a.status = 'ausente' then a.missing_seconds else 0 end`,
  compensatedSeconds: 'coalesce(a.week_compensated_seconds, 0)',
  shortfallSeconds: 'coalesce(a.week_shortfall_seconds, 0)',
  lateAfterCompensationSeconds: 'coalesce(a.week_late_after_seconds, 0)',
  earlyLeaveAfterCompensationSeconds: 'coalesce(a.week_early_leave_after_seconds, 0)',
  netOvertimeSeconds: 'coalesce(a.week_net_overtime_seconds, 0)',
  netOvertimeWithinLimitSeconds: 'coalesce(a.week_net_overtime_within_seconds, 0)',
  netOvertimeBeyondLimitSeconds: 'coalesce(a.week_net_overtime_beyond_seconds, 0)',
  pendingSeconds: 'coalesce(a.week_pending_seconds, 0)',
  sundaySeconds: 'a.sunday_seconds',
  holidaySeconds: 'a.holiday_seconds',
  daysWorked: counted(`a.status in ('presente', 'incompleto')`),
  plannedDays: counted(`a.plan_kind = 'turno' and a.status <> 'feriado'`),
  lateDays: counted('a.late_seconds > 0'),
  earlyLeaveDays: counted('a.early_leave_seconds > 0'),
  overtimeDays: counted(`${DAY_OVERTIME} > 0`),
  inconsistentDays: counted('a.inconsistency_count > 0'),
  ...(Object.fromEntries(DAY_STATUSES.map((s) => [`daysByStatus.${s}`, counted(`a.status = ${statusLiteral(s)}`)])) as Record<`daysByStatus.${DayStatus}`, string>),
};

/** The sum of a figure over grouped stored days (0 when there are none, or only the null row of an outer join). */
const TOTAL_SQL = Object.fromEntries(SUMMED_TOTAL_KEYS.map((k) => [k, sql.raw(`coalesce(sum(${DAY_FIGURE_SQL[k]}), 0)`)])) as Record<SummedTotalKey, SQL>;

// --- Rollups ------------------------------------------------------------------------------------
// Two tables hold each summed total of SUMMED_TOTAL_KEYS (one column per key) and the number of stored
// days over them: `attendance_rollups` per company and date (migration 0037), `attendance_worker_rollups`
// per worker and calendar month (migration 0039). A trigger on attendance_days keeps both in the
// statement that writes, invalidates or deletes days, with the figures of DAY_FIGURE_SQL.

/** A rollup table: its key columns and, for each, its value from a stored day `a`. */
interface RollupLevel {
  table: string;
  keys: readonly string[];
  of: readonly string[];
}

const ROLLUP_LEVELS = {
  date: { table: 'attendance_rollups', keys: ['company_id', 'fecha'], of: ['a.company_id', 'a.fecha'] },
  workerMonth: { table: 'attendance_worker_rollups', keys: ['company_id', 'mes', 'user_id'], of: ['a.company_id', "date_trunc('month', a.fecha)::date", 'a.user_id'] },
} as const satisfies Record<string, RollupLevel>;

/**
 * The trigger function that keeps the rollups with `attendance_days`, as the latest migration that
 * defines it holds it (a test checks the text): each statement adds its new rows' figures and takes away
 * its old rows', per company and date and per worker and month, and writes only the rows whose figures
 * moved (marking a day stale moves none: invalidating never waits on a rollup row).
 */
export function rollupTriggerFunctionSql(): string {
  const columns = SUMMED_TOTAL_KEYS.map(rollupColumn);
  const figures = SUMMED_TOTAL_KEYS.map((k, i) => `sum(a.sign * (${DAY_FIGURE_SQL[k]})) AS ${columns[i]}`);
  const moved = ['d.days <> 0', ...columns.map((c) => `d.${c} <> 0`)].join(' OR ');
  const rowsOf = (source: string) => `SELECT company_id, user_id, fecha, 1 AS sign, status, plan_kind, planned_seconds, worked_seconds, ordinary_seconds,
        missing_seconds, justified_seconds, late_seconds, early_leave_seconds, break_seconds, overtime_seconds, overtime_over_agreed_seconds,
        sunday_seconds, holiday_seconds, inconsistency_count, week_compensated_seconds, week_shortfall_seconds, week_late_after_seconds,
        week_early_leave_after_seconds, week_net_overtime_seconds, week_net_overtime_within_seconds, week_net_overtime_beyond_seconds,
        week_pending_seconds, ${BOARD_SOURCE_COLUMNS} FROM ${source}`;
  const applyTo = (level: RollupLevel, source: string) => `WITH a AS (${source}), d AS (
      SELECT ${level.of.map((e, i) => `${e} AS ${level.keys[i]}`).join(', ')}, sum(a.sign)::int AS days, ${figures.join(',\n        ')}
      FROM a GROUP BY ${level.keys.map((_, i) => i + 1).join(', ')}
    )
    INSERT INTO ${level.table} (${level.keys.join(', ')}, days, ${columns.join(', ')})
    SELECT ${level.keys.map((k) => `d.${k}`).join(', ')}, d.days, ${columns.map((c) => `d.${c}`).join(', ')}
    FROM d WHERE ${moved}
    ORDER BY ${level.keys.map((k) => `d.${k}`).join(', ')}
    ON CONFLICT (${level.keys.join(', ')}) DO UPDATE SET days = ${level.table}.days + excluded.days,
      ${columns.map((c) => `${c} = ${level.table}.${c} + excluded.${c}`).join(',\n      ')};`;
  const apply = (source: string) => [...Object.values(ROLLUP_LEVELS).map((level) => applyTo(level, source)), boardRollupApplySql(source)].join('\n    ');
  const negated = (source: string) => rowsOf(source).replace('1 AS sign', '-1 AS sign');
  return `CREATE OR REPLACE FUNCTION "attendance_rollups_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${apply(rowsOf('new_rows'))}
  ELSIF TG_OP = 'UPDATE' THEN
    ${apply(`${rowsOf('new_rows')} UNION ALL ${negated('old_rows')}`)}
  ELSE
    ${apply(negated('old_rows'))}
  END IF;
  RETURN NULL;
END;
$$;`;
}

/**
 * The statement that fills a rollup table (`date`: attendance_rollups, `workerMonth`:
 * attendance_worker_rollups) from the stored days `a` that meet `condition` (SQL text), replacing the
 * figures of the rows it finds; migrations 0037 and 0039 run it over every company.
 */
export function rollupFillSql(condition: string, which: keyof typeof ROLLUP_LEVELS = 'date'): string {
  const level: RollupLevel = ROLLUP_LEVELS[which];
  const columns = SUMMED_TOTAL_KEYS.map(rollupColumn);
  const keys = level.keys.join(', ');
  return `INSERT INTO ${level.table} (${keys}, days, ${columns.join(', ')})
SELECT ${level.of.join(', ')}, count(*)::int, ${SUMMED_TOTAL_KEYS.map((k) => `coalesce(sum(${DAY_FIGURE_SQL[k]}), 0)`).join(',\n  ')}
FROM attendance_days a WHERE ${condition} GROUP BY ${level.of.join(', ')}
ON CONFLICT (${keys}) DO UPDATE SET days = excluded.days, ${columns.map((c) => `${c} = excluded.${c}`).join(', ')};`;
}

/** Rebuilds a company's rollups from its stored days (the rebuild command): rows without days drop out. Returns the dates rolled up. */
export async function rebuildRollups(db: DbOrTx, companyId: string): Promise<number> {
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new Error(`empresa inválida: ${companyId}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${attendanceRollups} where company_id = ${companyId}`);
    await tx.execute(sql`delete from ${attendanceWorkerRollups} where company_id = ${companyId}`);
    await tx.execute(sql.raw(rollupFillSql(`a.company_id = '${companyId}'::uuid`, 'date')));
    await tx.execute(sql.raw(rollupFillSql(`a.company_id = '${companyId}'::uuid`, 'workerMonth')));
    await rebuildBoardRollups(tx, companyId);
    const [n] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${attendanceRollups} where company_id = ${companyId}`);
    return num(n?.n);
  });
}

/** The totals `keys` over the grouped stored days `a`, each named by its key. */
export const totalsSql = (keys: readonly SummedTotalKey[]): SQL => sql.join(keys.map((k) => sql`${TOTAL_SQL[k]} as ${sql.identifier(k)}`), sql`, `);

/** The same totals over grouped rows `t` (a whole selection's, from its per-row totals). */
export const totalsOfRowsSql = (keys: readonly SummedTotalKey[]): SQL => sql.join(keys.map((k) => sql`coalesce(sum(t.${sql.identifier(k)}), 0) as ${sql.identifier(k)}`), sql`, `);

/** The same totals as window aggregates over every row of `t`, named `total:<key>` (a page's rows carry the selection's totals). */
export const totalsOverRowsSql = (keys: readonly SummedTotalKey[]): SQL =>
  sql.join(keys.map((k) => sql`coalesce(sum(t.${sql.identifier(k)}) over (), 0) as ${sql.identifier(`total:${k}`)}`), sql`, `);

/** A row's totals (the keys not asked for read 0). */
export const totalsOf = (r: Record<string, unknown> | undefined): SummedTotals => Object.fromEntries(SUMMED_TOTAL_KEYS.map((k) => [k, num(r?.[k])])) as SummedTotals;

/** A worker's row of a report page: who they are and their summed totals. */
export const workerSumsRow = (r: Record<string, unknown>) => ({
  id: r.id as string,
  nombre: r.nombre as string,
  apellidos: r.apellidos as string,
  rut: r.rut as string,
  cargo: (r.cargo as string | null) ?? null,
  grupo: (r.grupo as string | null) ?? null,
  sede: (r.sede as string | null) ?? null,
  sums: totalsOf(r),
});

/** Stored totals per worker over `from`..`to`. */
export async function totalsByWorker(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<Map<string, SummedTotals>> {
  const out = new Map<string, SummedTotals>();
  if (userIds.length === 0 || to < from) return out;
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select a.user_id as "userId", ${totalsSql(SUMMED_TOTAL_KEYS)} from ${attendanceDays} a
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
        group by a.user_id`,
  );
  for (const r of result) out.set(r.userId as string, totalsOf(r));
  return out;
}

/** Stored totals over every worker of a filter (the summary's totals for the whole filter). */
export async function totalsOfFilter(db: DbOrTx, companyId: string, f: WorkerFilter, from: string, to: string): Promise<SummedTotals> {
  if (to < from) return totalsOf(undefined);
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select ${totalsSql(SUMMED_TOTAL_KEYS)} from ${attendanceDays} a
        where a.company_id = ${companyId} and a.fecha between ${from}::date and ${to}::date
          and a.user_id in (select u.id from ${users} u where ${workerConditions(companyId, f)})`,
  );
  return totalsOf(result[0]);
}

// --- Reads from the rollups ------------------------------------------------------------------------
// A filter that narrows the company only by contract dates (the whole company in the caller's reach) is
// answered from `attendance_rollups` minus the stored days of the few workers it leaves out (inactive,
// outside their contract, inspectors): a month is 31 rows, whatever the company's size. Any other filter
// (a group, a site, a search, a supervisor's groups, one worker) sums its own workers' days as before.

/** Does the rollup answer for this filter? */
export const rollupServes = (f: WorkerFilter, d?: ReportDays): boolean =>
  f.scopeGroupIds === undefined &&
  f.userId === undefined &&
  f.grupoId === undefined &&
  f.sedeId === undefined &&
  (f.cargo ?? '') === '' &&
  (f.q ?? '') === '' &&
  d?.shiftId === undefined;

/**
 * The company's workers the filter leaves out (a handful: inactive, outside their contract, inspectors),
 * by id. Asked on its own so that what follows looks up their days by the primary key with a short list:
 * a subquery here makes the planner expect half the company and compile the statement (JIT) for ~100 ms.
 */
async function outsideWorkers(db: DbOrTx, companyId: string, f: WorkerFilter): Promise<string[]> {
  const result = await rows<{ id: string }>(db, sql`select u.id from ${users} u where u.company_id = ${companyId} and not coalesce((${workerConditions(companyId, f)}), false)`);
  return result.map((r) => r.id);
}

/** A rollup column's sum over the rows `r`, named by its key. */
const rollupSumsSql = (keys: readonly SummedTotalKey[]): SQL =>
  sql.join(keys.map((k) => sql`coalesce(sum(r.${sql.identifier(rollupColumn(k))}), 0) as ${sql.identifier(k)}`), sql`, `);

/**
 * How far the rollups of `from`..`to` can be trusted for a filter they serve: its workers, their stored
 * days and how many of those are stale. Complete and fresh when `storedDays` is `workers` × the days and
 * `staleDays` is 0 (a worker has at most one row a date).
 */
export async function rollupFreshness(db: DbOrTx, companyId: string, f: WorkerFilter, from: string, to: string): Promise<{ workers: number; storedDays: number; staleDays: number }> {
  const outside = await outsideWorkers(db, companyId, f);
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`select (select count(*)::int from ${users} u where ${workerConditions(companyId, f)}) as workers,
          (select coalesce(sum(r.days), 0)::int from ${attendanceRollups} r where r.company_id = ${companyId} and r.fecha between ${from}::date and ${to}::date)
          - (select count(*)::int from ${attendanceDays} a where a.company_id = ${companyId} and a.user_id = any(${uuids(outside)}) and a.fecha between ${from}::date and ${to}::date)
          as "storedDays",
          (select count(*)::int from ${attendanceDays} a where a.company_id = ${companyId} and a.stale and a.fecha between ${from}::date and ${to}::date
             and not a.user_id = any(${uuids(outside)})) as "staleDays"`,
  );
  return { workers: num(r?.workers), storedDays: num(r?.storedDays), staleDays: num(r?.staleDays) };
}

/** How many workers the filter holds. */
export async function countWorkers(db: DbOrTx, companyId: string, f: WorkerFilter): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${users} u where ${workerConditions(companyId, f)}`);
  return num(r?.n);
}

/** The summed totals (`keys`, all by default; the others read 0) of a filter the rollups serve, over `from`..`to`, by period bucket or all together. */
async function rollupSums(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  from: string,
  to: string,
  keys: readonly SummedTotalKey[],
  bucket: ReportBucket | null,
): Promise<(SummedTotals & { periodo: string })[]> {
  const bucketOf = (alias: string): SQL =>
    bucket === null ? sql`''` : bucket === 'day' ? sql.raw(`${alias}.fecha::text`) : sql`date_trunc(${bucket}, ${sql.raw(`${alias}.fecha`)})::date::text`;
  const outside = await outsideWorkers(db, companyId, f);
  const result = await rows<Record<string, unknown>>(
    db,
    sql`with r as (
          select ${bucketOf('r')} as periodo, ${rollupSumsSql(keys)} from ${attendanceRollups} r
          where r.company_id = ${companyId} and r.fecha between ${from}::date and ${to}::date group by 1
        ), o as (
          select ${bucketOf('a')} as periodo, ${totalsSql(keys)} from ${attendanceDays} a
          where a.company_id = ${companyId} and a.user_id = any(${uuids(outside)}) and a.fecha between ${from}::date and ${to}::date group by 1
        )
        select r.periodo, ${sql.join(
          keys.map((k) => sql`r.${sql.identifier(k)} - coalesce(o.${sql.identifier(k)}, 0) as ${sql.identifier(k)}`),
          sql`, `,
        )}
        from r left join o on o.periodo = r.periodo order by r.periodo`,
  );
  return result.map((r) => ({ periodo: r.periodo as string, ...totalsOf(r) }));
}

/** The totals of a filter the rollups serve over `from`..`to`. */
export async function rollupTotals(db: DbOrTx, companyId: string, f: WorkerFilter, from: string, to: string, keys: readonly SummedTotalKey[] = SUMMED_TOTAL_KEYS): Promise<SummedTotals> {
  if (to < from) return totalsOf(undefined);
  const [all] = await rollupSums(db, companyId, f, from, to, keys, null);
  return all ?? totalsOf(undefined);
}

/** The series of a selection the rollups serve: its sums per day, week or month. */
export function rollupSeries(db: DbOrTx, companyId: string, f: WorkerFilter, d: ReportDays, bucket: ReportBucket, keys: readonly SummedTotalKey[] = SUMMED_TOTAL_KEYS) {
  return rollupSums(db, companyId, f, d.from, d.to, keys, bucket);
}

/**
 * A page of the selection's workers in name order with their sums, the count and the totals from the
 * rollups: what the attendance report shows in its default order, each figure from the same map.
 */
export async function rollupWorkerPage(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  d: ReportDays,
  direction: 'asc' | 'desc',
  paging: { limit: number; offset: number } | null,
  keys: readonly SummedTotalKey[] = SUMMED_TOTAL_KEYS,
): Promise<{ rows: (ReportWorker & { sums: SummedTotals })[]; total: number; totals: SummedTotals }> {
  const dir = sql.raw(direction === 'desc' ? 'desc' : 'asc');
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  const [result, total, totals] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`select w.id, w.nombre, w.apellidos, w.rut, w.cargo, g.nombre as grupo, s.nombre as sede, ${totalsSql(keys)}
          from (select u.id, u.company_id, u.nombre, u.apellidos, u.rut, u.cargo, u.group_id, u.site_id from ${users} u
                where ${workerConditions(companyId, f)} order by u.apellidos ${dir}, u.nombre ${dir}, u.id ${page}) w
          left join ${groups} g on g.company_id = w.company_id and g.id = w.group_id
          left join ${sites} s on s.company_id = w.company_id and s.id = w.site_id
          left join ${attendanceDays} a on a.company_id = w.company_id and a.user_id = w.id and a.fecha between ${d.from}::date and ${d.to}::date
          group by w.id, w.nombre, w.apellidos, w.rut, w.cargo, g.nombre, s.nombre
          order by w.apellidos ${dir}, w.nombre ${dir}, w.id`,
    ),
    countWorkers(db, companyId, f),
    rollupTotals(db, companyId, f, d.from, d.to, keys),
  ]);
  return {
    rows: result.map(workerSumsRow),
    total,
    totals,
  };
}
