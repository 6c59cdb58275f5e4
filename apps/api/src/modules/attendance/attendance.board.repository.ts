/**
 * The board's counts from stored rows: `attendance_board_rollups` holds, per company and date, how many
 * stored days fall in each board group (`BoardGroup` of attendance.model.ts: what a day's board status
 * depends on, with the instant from which the clock no longer moves it). The rollup trigger keeps it
 * (its part of the function is generated here), the rebuild refills it, and a read for a filter the
 * rollups serve (the whole company in the caller's reach) takes these few rows, less the days of the
 * few workers the filter does not count on their date, instead of reading every stored day.
 */
import { sql } from 'drizzle-orm';
import type { EstadoDia } from '@jornada/contracts';
import type { DbOrTx } from '../../db/client';
import { attendanceBoardRollups, attendanceDays, sites, users } from '../../db/schema/index';
import { OPEN_ENTRY_CODE, OPEN_ENTRY_GRACE_SECONDS, type BoardGroup } from './attendance.model';
import type { WorkerFilter } from './attendance.selection-types';
import { num, rows, ts, uuids, workerConditions } from './attendance.base.repository';

const OPEN_ONLY_SQL = `(a.status = 'incompleto' and cardinality(a.inconsistency_codes) > 0 and a.inconsistency_codes <@ array['${OPEN_ENTRY_CODE}']::text[])`;

/**
 * A stored day `a`'s board group in SQL, column by column: the rule of `boardGroupOf` (attendance.model.ts),
 * which a test checks against it. `settles_at` is `-infinity` for a day the clock never moves (a key column
 * cannot be null).
 */
const BOARD_GROUP_SQL = {
  status: 'a.status',
  late: 'a.late_seconds > 0',
  has_codes: 'cardinality(a.inconsistency_codes) > 0',
  open_only: OPEN_ONLY_SQL,
  settles_at: `coalesce(case when a.status = 'ausente' then a.shift_end when ${OPEN_ONLY_SQL} then coalesce(a.shift_end, a.first_entry) + interval '${OPEN_ENTRY_GRACE_SECONDS} seconds' end, '-infinity'::timestamptz)`,
} as const;
/** The rollup's key beyond the group: the UTC hour of the first entry, from which the arrivals per local hour are counted. */
const BOARD_KEY_SQL = { ...BOARD_GROUP_SQL, entry_hour: `coalesce(date_trunc('hour', a.first_entry, 'UTC'), '-infinity'::timestamptz)` } as const;
const GROUP_KEYS = ['company_id', 'fecha', ...Object.keys(BOARD_KEY_SQL)] as const;
const groupOf = () => Object.entries(BOARD_KEY_SQL).map(([k, e]) => `${e} AS ${k}`);

/** The columns of a stored day the board group reads (what the trigger's transition rows must carry). */
export const BOARD_SOURCE_COLUMNS = 'inconsistency_codes, shift_end, first_entry';

/**
 * The trigger's statement for the board rollups over the signed stored days `source` (+1 new, -1 old):
 * each group's net count added to its row; a group whose count did not move (a day marked stale) writes nothing.
 */
export function boardRollupApplySql(source: string): string {
  const keys = GROUP_KEYS.join(', ');
  return `WITH a AS (${source}), d AS (
      SELECT a.company_id, a.fecha, ${groupOf().join(', ')}, sum(a.sign)::int AS days
      FROM a GROUP BY ${GROUP_KEYS.map((_, i) => i + 1).join(', ')}
    )
    INSERT INTO attendance_board_rollups (${keys}, days)
    SELECT ${GROUP_KEYS.map((k) => `d.${k}`).join(', ')}, d.days
    FROM d WHERE d.days <> 0
    ORDER BY ${GROUP_KEYS.map((k) => `d.${k}`).join(', ')}
    ON CONFLICT (${keys}) DO UPDATE SET days = attendance_board_rollups.days + excluded.days;`;
}

/** The statement that fills the board rollups from the stored days `a` that meet `condition` (SQL text); the migration runs it over every company. */
export function boardRollupFillSql(condition: string): string {
  const keys = GROUP_KEYS.join(', ');
  return `INSERT INTO attendance_board_rollups (${keys}, days)
SELECT a.company_id, a.fecha, ${groupOf().join(', ')}, count(*)::int
FROM attendance_days a WHERE ${condition} GROUP BY ${GROUP_KEYS.map((_, i) => i + 1).join(', ')}
ON CONFLICT (${keys}) DO UPDATE SET days = excluded.days;`;
}

/** Refills a company's board rollups from its stored days (inside the rebuild's transaction). */
export async function rebuildBoardRollups(tx: DbOrTx, companyId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(companyId)) throw new Error(`empresa inválida: ${companyId}`);
  await tx.execute(sql`delete from ${attendanceBoardRollups} where company_id = ${companyId}`);
  await tx.execute(sql.raw(boardRollupFillSql(`a.company_id = '${companyId}'::uuid`)));
}

/** Board groups with their count of days, per date (and, from the rollups, per UTC hour of the first entry: null without one or from the live path). */
export type DatedBoardGroup = BoardGroup & { fecha: string; n: number; entryHour?: Date | null };

const datedGroupOf = (r: Record<string, unknown>): DatedBoardGroup => ({
  fecha: r.fecha as string,
  status: r.status as EstadoDia,
  late: r.late === true,
  hasCodes: r.has_codes === true,
  openOnly: r.open_only === true,
  settlesAt: ts(r.settles_at),
  entryHour: ts(r.entry_hour),
  n: num(r.n),
});

/** `u` counts on the date of its stored day `a`: within its contract and active (or deactivated later) that day. */
export const COUNTED_ON_ITS_DATE = sql`u.inicio_contrato <= a.fecha and (u.fin_contrato is null or u.fin_contrato >= a.fecha) and (u.active or u.deactivated_at >= a.fecha)`;

/**
 * The board groups of the stored days of a filter the rollups serve, over `from`..`to`: the rollup rows of
 * the company less the days of the workers the filter does not count on their date (inspectors, before or
 * after their contract, deactivated), which are few and read by id: `outside`, from `outsideOfRange`.
 */
export async function boardRollupGroups(db: DbOrTx, companyId: string, f: WorkerFilter, from: string, to: string, outside: readonly string[]): Promise<DatedBoardGroup[]> {
  const settles = sql.raw(`nullif(r.settles_at, '-infinity'::timestamptz) as settles_at, nullif(r.entry_hour, '-infinity'::timestamptz) as entry_hour`);
  const [stored, left] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`select r.fecha::text as fecha, r.status, r.late, r.has_codes, r.open_only, ${settles}, r.days as n
          from ${attendanceBoardRollups} r where r.company_id = ${companyId} and r.fecha between ${from}::date and ${to}::date and r.days <> 0`,
    ),
    outside.length === 0
      ? Promise.resolve([])
      : rows<Record<string, unknown>>(
          db,
          sql`select r.fecha::text as fecha, r.status, r.late, r.has_codes, r.open_only, ${settles}, count(*)::int as n
              from (select a.fecha, ${sql.raw(groupOf().join(', '))} from ${attendanceDays} a
                    join ${users} u on u.company_id = a.company_id and u.id = a.user_id
                    where a.company_id = ${companyId} and a.user_id = any(${uuids(outside)}) and a.fecha between ${from}::date and ${to}::date
                      and not coalesce((${workerConditions(companyId, { ...f, activeFrom: undefined, activeTo: undefined })} and ${COUNTED_ON_ITS_DATE}), false)) r
              group by 1, 2, 3, 4, 5, 6, 7`,
        ),
  ]);
  return [...stored.map(datedGroupOf), ...left.map((r) => ({ ...datedGroupOf(r), n: -num(r.n) }))];
}

/**
 * The oldest computation among the stored days of `fecha` of every worker but `outside` (the filter's
 * workers, for a filter the rollups serve): the first entry of the date index in computation order
 * that is not theirs.
 */
export async function oldestComputation(db: DbOrTx, companyId: string, fecha: string, outside: readonly string[]): Promise<Date | null> {
  const [r] = await rows<{ at: unknown }>(
    db,
    sql`select a.computed_at as at from ${attendanceDays} a
        where a.company_id = ${companyId} and a.fecha = ${fecha}::date and not a.user_id = any(${uuids(outside)})
        order by a.computed_at limit 1`,
  );
  return ts(r?.at);
}

/** The arrivals of a date per local hour of the first entry (the site's zone), over the filter's workers. */
export async function arrivalsByHour(db: DbOrTx, companyId: string, f: WorkerFilter, fecha: string): Promise<{ hour: number; n: number }[]> {
  const result = await rows<{ hour: unknown; n: unknown }>(
    db,
    sql`select extract(hour from a.first_entry at time zone coalesce(s.time_zone, 'America/Santiago'))::int as hour, count(*)::int as n
        from ${users} u
        left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
        join ${attendanceDays} a on a.company_id = u.company_id and a.user_id = u.id and a.fecha = ${fecha}::date
        where ${workerConditions(companyId, f)} and ${COUNTED_ON_ITS_DATE} and a.first_entry is not null
        group by 1`,
  );
  return result.map((r) => ({ hour: num(r.hour), n: num(r.n) }));
}

const DEFAULT_ZONE = 'America/Santiago';

/** The time zones of a company's workers (their sites', America/Santiago without one): the arrivals per local hour count from the rollups when they agree on the hour. */
export async function companyZones(db: DbOrTx, companyId: string): Promise<string[]> {
  const zones = (await rows<{ zone: string }>(db, sql`select distinct coalesce(s.time_zone, ${DEFAULT_ZONE}) as zone from ${sites} s where s.company_id = ${companyId}`)).map((r) => r.zone);
  if (zones.length === 1 && zones[0] === DEFAULT_ZONE) return zones;
  // Workers without a site are in the default zone (looked for only when it could add a zone).
  const [without] = await rows<{ one: number }>(db, sql`select 1 as one from ${users} u where u.company_id = ${companyId} and u.site_id is null limit 1`);
  return without && !zones.includes(DEFAULT_ZONE) ? [...zones, DEFAULT_ZONE] : zones;
}

/**
 * The workers a filter does not count on some date of `from`..`to` (inspectors, before or after their contract,
 * deactivated), by id: a handful, asked on their own so that what reads their days goes by the primary key.
 */
export async function outsideOfRange(db: DbOrTx, companyId: string, f: WorkerFilter, from: string, to: string): Promise<string[]> {
  // The filter narrowed to every date of the range: from `to` back to `from`.
  const result = await rows<{ id: string }>(
    db,
    sql`select u.id from ${users} u where u.company_id = ${companyId} and not coalesce((${workerConditions(companyId, { ...f, activeFrom: to, activeTo: from })}), false)`,
  );
  return result.map((r) => r.id);
}
