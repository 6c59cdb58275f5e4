/**
 * The attendance module's SQL. It writes only `attendance_days`; marks, workers, sites and groups are
 * read with read-only queries (never through another module's files), planned days only to filter by
 * shift: the plan the engine evaluates comes from `planFor` of modules/planning. The groups a
 * supervisor leads come from modules/groups' `app.ledGroups`, through the attendance service.
 * This file holds what the evaluation loads and stores, the board and the workers; the period totals
 * and their rollups are in attendance.sums.repository.ts, a selection's aggregates (the management
 * reports) in attendance.selection.repository.ts, the reads other modules take in
 * attendance.reads.repository.ts, and what they share in attendance.base.repository.ts. The module's
 * files import this one, which re-exports the other three.
 */
import { sql } from 'drizzle-orm';
import type { EstadoDia } from '@jornada/contracts';
import { addDays, diffDays, type AuthorisedSchedule, type AveragedDistribution, type MarkKind } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { attendanceDays, companies, groups, markChainHeads, marks, planningDays, sites, users } from '../../db/schema/index';
import type { DayRowValues, StoredDay, StoredWeek } from './attendance.model';
import type { WorkerFilter } from './attendance.selection-types';

export type { HeadcountRow, HeadcountSortKey, ReportBucket, ReportDay, ReportDayKind, ReportDays, ReportSort, ReportWorker, WorkerFilter } from './attendance.selection-types';
import { COUNTED_ON_ITS_DATE } from './attendance.board.repository';
import { EXCEPTIONAL_SCHEDULE, num, rows, ts, uuids, workerConditions, workerOf, WORKER_COLUMNS, WORKER_FROM, type WorkerRow } from './attendance.base.repository';

export type { WorkerRow } from './attendance.base.repository';
export * from './attendance.sums.repository';
export * from './attendance.selection.repository';
export * from './attendance.reads.repository';
export * from './attendance.board.repository';



export async function groupExists(db: DbOrTx, companyId: string, groupId: string): Promise<boolean> {
  const result = await rows<{ one: number }>(db, sql`select 1 as one from ${groups} where ${groups.companyId} = ${companyId} and ${groups.id} = ${groupId}`);
  return result.length > 0;
}

export async function siteExists(db: DbOrTx, companyId: string, siteId: string): Promise<boolean> {
  const result = await rows<{ one: number }>(db, sql`select 1 as one from ${sites} where ${sites.companyId} = ${companyId} and ${sites.id} = ${siteId}`);
  return result.length > 0;
}

/** A worker as the attendance reads list them, with what the engine needs (zone, region, contract). */
export async function listWorkers(db: DbOrTx, companyId: string, f: WorkerFilter, paging?: { limit: number; offset: number }): Promise<WorkerRow[]> {
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  const result = await rows<WorkerRow>(
    db,
    sql`select ${WORKER_COLUMNS} from ${WORKER_FROM} where ${workerConditions(companyId, f)} order by u.apellidos, u.nombre, u.id ${page}`,
  );
  return result.map(workerOf);
}

/** The averaged distribution pacts (art. 22 bis) of these workers, for those who have one: what widens their evaluation to whole cycles. */
export async function averagedPacts(db: DbOrTx, companyId: string, userIds: readonly string[]): Promise<Map<string, AveragedDistribution>> {
  if (userIds.length === 0) return new Map();
  const result = await rows<{ id: string; weeks: number; desde: string; hasta: string | null }>(
    db,
    sql`select u.id, u.jornada_promedio_semanas as weeks, u.jornada_promedio_desde::text as desde, u.jornada_promedio_hasta::text as hasta
        from ${users} u
        where u.company_id = ${companyId} and u.id = any(${uuids(userIds)}) and u.jornada_promedio_semanas is not null and u.jornada_promedio_desde is not null`,
  );
  return new Map(result.map((r) => [r.id, { cycleWeeks: Number(r.weeks), from: r.desde, to: r.hasta }]));
}

/** A mark as the engine reads it: its effective instant (the device time of an offline mark). */
export interface MarkRow {
  id: string;
  userId: string;
  kind: MarkKind;
  at: number;
  correctsMarkId: string | null;
}

export async function loadMarks(db: DbOrTx, companyId: string, userIds: readonly string[], from: Date, to: Date): Promise<MarkRow[]> {
  if (userIds.length === 0) return [];
  const effective = sql`coalesce(m.original_at, m.at)`;
  const result = await rows<{ id: string; userId: string; kind: MarkRow['kind']; at: string | Date; correctsMarkId: string | null }>(
    db,
    sql`select m.id, m.user_id as "userId", m.kind, ${effective} as at, m.corrects_mark_id as "correctsMarkId"
        from ${marks} m
        where m.company_id = ${companyId} and m.user_id = any(${uuids(userIds)})
          and ${effective} >= ${from.toISOString()}::timestamptz and ${effective} < ${to.toISOString()}::timestamptz`,
  );
  return result.map((r) => ({ ...r, at: ts(r.at)!.getTime() }));
}

/** What an evaluation reads besides the plan (modules/planning's `planFor`) and permissions: the workers (with their exceptional schedule) and the marks. */
export interface EvaluationInputs {
  /** When they were read (the stale guard of upsertDays). */
  loadedAt: Date;
  /** Each worker's mark chain length as read (0 without marks): upsertDays stores fresh only if it is still that. */
  chainSeq: Map<string, number>;
  workers: WorkerRow[];
  marks: MarkRow[];
}

type MarkTuple = [string, string, MarkKind, number, string | null];

/**
 * The evaluation's inputs in one round trip and one snapshot (a recompute after a mark runs while web
 * marking keeps the server busy, and each round trip waits its turn): rows as JSON arrays, the marks'
 * effective instant in epoch milliseconds (as the driver's dates, truncated), and each worker's chain
 * length, which tells upsertDays whether a mark arrived that this snapshot did not see.
 */
export async function loadEvaluationInputs(db: DbOrTx, companyId: string, userIds: readonly string[], marksFrom: Date, marksTo: Date): Promise<EvaluationInputs> {
  const ids = uuids(userIds);
  const effective = sql`coalesce(m.original_at, m.at)`;
  const [row] = await rows<{ loaded_at: string | Date; chains: [string, number][]; workers: WorkerRow[]; marks: MarkTuple[] }>(
    db,
    sql`select statement_timestamp() as loaded_at,
          (select coalesce(json_agg(json_build_array(h.user_id, h.seq)), '[]'::json) from ${markChainHeads} h where h.company_id = ${companyId} and h.user_id = any(${ids})) as chains,
          (select coalesce(json_agg(w), '[]'::json) from (select ${WORKER_COLUMNS} from ${WORKER_FROM} where u.company_id = ${companyId} and u.id = any(${ids})) w) as workers,
          (select coalesce(json_agg(json_build_array(m.id, m.user_id, m.kind, floor(extract(epoch from ${effective}) * 1000), m.corrects_mark_id)), '[]'::json)
             from ${marks} m
             where m.company_id = ${companyId} and m.user_id = any(${ids})
               and ${effective} >= ${marksFrom.toISOString()}::timestamptz and ${effective} < ${marksTo.toISOString()}::timestamptz) as marks`,
  );
  return {
    loadedAt: ts(row!.loaded_at)!,
    chainSeq: new Map((row?.chains ?? []).map(([userId, seq]) => [userId, Number(seq)])),
    workers: (row?.workers ?? []).map(workerOf),
    marks: (row?.marks ?? []).map(([id, userId, kind, at, correctsMarkId]) => ({ id, userId, kind, at: Number(at), correctsMarkId })),
  };
}

/**
 * Stores evaluated days, each statement on its own (no transaction holds anything while the engine
 * runs). A day stays stale, to be recomputed again, when the evaluation may have missed a change:
 * - its row was invalidated after `loadedAt` (a plan day, a permission, a holiday changed meanwhile);
 * - its worker's mark chain is no longer `chainSeq` long. The statement takes the chain heads FOR SHARE
 *   first, so it waits for a mark being written and then reads the chain as that mark left it: a mark
 *   committed after the inputs were read, or in flight then, is never lost behind a fresh row.
 */
export async function upsertDays(db: DbOrTx, companyId: string, items: { userId: string; day: DayRowValues }[], computedAt: Date, loadedAt: Date, chainSeq: ReadonlyMap<string, number>): Promise<void> {
  for (let i = 0; i < items.length; i += 2000) {
    // On PGlite each statement holds the server's thread (about 0.1 s for 2,000 days): a turn of the loop between them.
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const chunk = items.slice(i, i + 2000);
    const chunkUsers = [...new Set(chunk.map((c) => c.userId))];
    // One array per column through unnest: a few dozen parameters per statement instead of one per value.
    const col = <T>(pick: (d: DayRowValues) => T, type: string) => sql`${sql.param(chunk.map(({ day }) => pick(day)))}::${sql.raw(type)}`;
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    await db.execute(sql`
      with held as materialized (
        select h.user_id, h.seq from ${markChainHeads} h where h.company_id = ${companyId} and h.user_id = any(${uuids(chunkUsers)}) for share
      )
      insert into ${attendanceDays} (company_id, user_id, fecha, status, plan_kind, planned_seconds, worked_seconds, ordinary_seconds,
        missing_seconds, justified_seconds, late_seconds, early_leave_seconds, break_seconds, overtime_seconds,
        overtime_within_limit_seconds, overtime_beyond_limit_seconds, overtime_over_agreed_seconds, sunday_seconds, holiday_seconds, sunday_holiday_work, inconsistency_count,
        inconsistency_codes, shift_start, shift_end, first_entry, last_exit, week_compensated_seconds, week_shortfall_seconds,
        week_late_after_seconds, week_early_leave_after_seconds, week_net_overtime_seconds, week_net_overtime_within_seconds,
        week_net_overtime_beyond_seconds, week_pending_seconds, week, result, computed_at, stale, invalidated_at)
      select ${companyId}::uuid, t.user_id, t.fecha, t.status::attendance_status, t.plan_kind, t.planned, t.worked, t.ordinary, t.missing,
        t.justified, t.late, t.early, t.brk, t.overtime, t.ot_within, t.ot_beyond, t.ot_agreed, t.sunday, t.holiday, t.rest_work::jsonb, t.n_incons,
        coalesce(string_to_array(nullif(t.codes, ''), ','), '{}'::text[]), t.shift_start, t.shift_end, t.first_entry, t.last_exit,
        t.w_comp, t.w_short, t.w_late, t.w_early, t.w_net, t.w_within, t.w_beyond, t.w_pending, t.week::jsonb, t.result::jsonb,
        ${computedAt.toISOString()}::timestamptz, coalesce(held.seq, 0) <> t.chain_seq, null::timestamptz
      from unnest(
        ${sql.param(chunk.map((c) => c.userId))}::uuid[], ${col((d) => d.fecha, 'date[]')}, ${col((d) => d.status, 'text[]')}, ${col((d) => d.planKind, 'text[]')},
        ${col((d) => d.plannedSeconds, 'float8[]')}, ${col((d) => d.workedSeconds, 'float8[]')}, ${col((d) => d.ordinarySeconds, 'float8[]')},
        ${col((d) => d.missingSeconds, 'float8[]')}, ${col((d) => d.justifiedSeconds, 'float8[]')}, ${col((d) => d.lateSeconds, 'float8[]')},
        ${col((d) => d.earlyLeaveSeconds, 'float8[]')}, ${col((d) => d.breakSeconds, 'float8[]')}, ${col((d) => d.overtimeSeconds, 'float8[]')},
        ${col((d) => d.overtimeWithinLimitSeconds, 'float8[]')}, ${col((d) => d.overtimeBeyondLimitSeconds, 'float8[]')}, ${col((d) => d.overtimeOverAgreedSeconds, 'float8[]')},
        ${col((d) => d.sundaySeconds, 'float8[]')}, ${col((d) => d.holidaySeconds, 'float8[]')}, ${col((d) => JSON.stringify(d.sundayHolidayWork), 'text[]')}, ${col((d) => d.inconsistencyCount, 'int[]')},
        ${col((d) => d.inconsistencyCodes.join(','), 'text[]')},
        ${col((d) => iso(d.shiftStart), 'timestamptz[]')}, ${col((d) => iso(d.shiftEnd), 'timestamptz[]')},
        ${col((d) => iso(d.firstEntry), 'timestamptz[]')}, ${col((d) => iso(d.lastExit), 'timestamptz[]')},
        ${col((d) => d.week?.compensadoSegundos ?? null, 'float8[]')}, ${col((d) => d.week?.descontableSegundos ?? null, 'float8[]')},
        ${col((d) => d.week?.atrasoDescontableSegundos ?? null, 'float8[]')}, ${col((d) => d.week?.salidaAnticipadaDescontableSegundos ?? null, 'float8[]')},
        ${col((d) => d.week?.extraNetaSegundos ?? null, 'float8[]')}, ${col((d) => d.week?.extraNetaDentroLimiteSegundos ?? null, 'float8[]')},
        ${col((d) => d.week?.extraNetaSobreLimiteSegundos ?? null, 'float8[]')}, ${col((d) => d.week?.pendienteSegundos ?? null, 'float8[]')},
        ${col((d) => (d.week === null ? null : JSON.stringify(d.week)), 'text[]')}, ${col((d) => JSON.stringify(d.result), 'text[]')},
        ${sql.param(chunk.map((c) => chainSeq.get(c.userId) ?? 0))}::int[]
      ) as t(user_id, fecha, status, plan_kind, planned, worked, ordinary, missing, justified, late, early, brk, overtime, ot_within, ot_beyond,
             ot_agreed, sunday, holiday, rest_work, n_incons, codes, shift_start, shift_end, first_entry, last_exit, w_comp, w_short, w_late, w_early, w_net,
             w_within, w_beyond, w_pending, week, result, chain_seq)
      left join held on held.user_id = t.user_id
      on conflict (company_id, user_id, fecha) do update set
        status = excluded.status, plan_kind = excluded.plan_kind, planned_seconds = excluded.planned_seconds,
        worked_seconds = excluded.worked_seconds, ordinary_seconds = excluded.ordinary_seconds, missing_seconds = excluded.missing_seconds,
        justified_seconds = excluded.justified_seconds, late_seconds = excluded.late_seconds, early_leave_seconds = excluded.early_leave_seconds,
        break_seconds = excluded.break_seconds, overtime_seconds = excluded.overtime_seconds,
        overtime_within_limit_seconds = excluded.overtime_within_limit_seconds, overtime_beyond_limit_seconds = excluded.overtime_beyond_limit_seconds,
        overtime_over_agreed_seconds = excluded.overtime_over_agreed_seconds, sunday_seconds = excluded.sunday_seconds, holiday_seconds = excluded.holiday_seconds, sunday_holiday_work = excluded.sunday_holiday_work, inconsistency_count = excluded.inconsistency_count,
        inconsistency_codes = excluded.inconsistency_codes,
        shift_start = excluded.shift_start, shift_end = excluded.shift_end, first_entry = excluded.first_entry, last_exit = excluded.last_exit,
        week_compensated_seconds = excluded.week_compensated_seconds, week_shortfall_seconds = excluded.week_shortfall_seconds,
        week_late_after_seconds = excluded.week_late_after_seconds, week_early_leave_after_seconds = excluded.week_early_leave_after_seconds,
        week_net_overtime_seconds = excluded.week_net_overtime_seconds, week_net_overtime_within_seconds = excluded.week_net_overtime_within_seconds,
        week_net_overtime_beyond_seconds = excluded.week_net_overtime_beyond_seconds, week_pending_seconds = excluded.week_pending_seconds,
        week = excluded.week, result = excluded.result, computed_at = excluded.computed_at,
        stale = excluded.stale or coalesce(${attendanceDays.invalidatedAt} > ${loadedAt.toISOString()}::timestamptz, false)`);
  }
}

/**
 * The (worker, Monday) weeks within `monday`..`sunday` that lack a fresh stored day (missing or stale):
 * what a read must evaluate before answering.
 */
export async function weeksToEvaluate(db: DbOrTx, companyId: string, userIds: readonly string[], monday: string, sunday: string): Promise<{ userId: string; monday: string }[]> {
  if (userIds.length === 0) return [];
  // The usual case, everything stored and fresh, in one count (no grouping).
  const [all] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${attendanceDays} a
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${monday}::date and ${sunday}::date and not a.stale`,
  );
  if (num(all?.n) === userIds.length * (diffDays(monday, sunday) + 1)) return [];
  const fresh = await rows<{ userId: string; monday: string; n: number }>(
    db,
    sql`select a.user_id as "userId", date_trunc('week', a.fecha)::date::text as monday, count(*)::int as n
        from ${attendanceDays} a
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${monday}::date and ${sunday}::date and not a.stale
        group by 1, 2`,
  );
  const complete = new Set(fresh.filter((r) => num(r.n) === 7).map((r) => `${r.userId} ${r.monday}`));
  const out: { userId: string; monday: string }[] = [];
  for (let day = monday; day <= sunday; day = addDays(day, 7)) {
    for (const userId of userIds) if (!complete.has(`${userId} ${day}`)) out.push({ userId, monday: day });
  }
  return out;
}

/** Stale weeks of a company (the job's work), oldest first. */
export async function staleWeeks(db: DbOrTx, companyId: string, limit: number): Promise<{ userId: string; monday: string }[]> {
  return rows<{ userId: string; monday: string }>(
    db,
    sql`select distinct a.user_id as "userId", date_trunc('week', a.fecha)::date::text as monday
        from ${attendanceDays} a where a.company_id = ${companyId} and a.stale
        order by 2, 1 limit ${limit}`,
  );
}

/** A stored day as the board reads it (columns only: the board classifies every worker of the filter). */
export interface BoardRow {
  userId: string;
  status: EstadoDia;
  lateSeconds: number;
  earlyLeaveSeconds: number;
  workedSeconds: number;
  plannedSeconds: number;
  overtimeSeconds: number;
  shiftEnd: Date | null;
  firstEntry: Date | null;
  lastExit: Date | null;
  computedAt: Date;
  inconsistencyCodes: string[];
}

export async function boardDays(db: DbOrTx, companyId: string, userIds: readonly string[], fecha: string): Promise<BoardRow[]> {
  if (userIds.length === 0) return [];
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select ${BOARD_COLUMNS} from ${attendanceDays} a where a.company_id = ${companyId} and a.fecha = ${fecha}::date and a.user_id = any(${uuids(userIds)})`,
  );
  return result.map(boardRowOf);
}

/** The board's columns of a stored day `a`. */
const BOARD_COLUMNS = sql`a.user_id as "userId", a.status, a.late_seconds, a.early_leave_seconds, a.worked_seconds, a.planned_seconds,
  a.overtime_seconds + a.overtime_over_agreed_seconds as overtime_seconds, a.shift_end, a.first_entry, a.last_exit, a.computed_at, a.inconsistency_codes`;

function boardRowOf(r: Record<string, unknown>): BoardRow {
  return {
    userId: r.userId as string,
    status: r.status as EstadoDia,
    lateSeconds: num(r.late_seconds),
    earlyLeaveSeconds: num(r.early_leave_seconds),
    workedSeconds: num(r.worked_seconds),
    plannedSeconds: num(r.planned_seconds),
    overtimeSeconds: num(r.overtime_seconds),
    shiftEnd: ts(r.shift_end),
    firstEntry: ts(r.first_entry),
    lastExit: ts(r.last_exit),
    computedAt: ts(r.computed_at)!,
    inconsistencyCodes: (r.inconsistency_codes as string[] | null) ?? [],
  };
}

/** A page of the filter's workers with a stored day on `fecha`, in the board's order (surname, name), with that day. */
export async function boardPage(db: DbOrTx, companyId: string, f: WorkerFilter, fecha: string, paging: { limit: number; offset: number }): Promise<{ w: WorkerRow; d: BoardRow }[]> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select ${WORKER_COLUMNS}, ${BOARD_COLUMNS} from ${WORKER_FROM}
        join ${attendanceDays} a on a.company_id = u.company_id and a.user_id = u.id and a.fecha = ${fecha}::date
        where ${workerConditions(companyId, f)} order by u.apellidos, u.nombre, u.id limit ${paging.limit} offset ${paging.offset}`,
  );
  return result.map((r) => ({ w: workerOf(r as unknown as WorkerRow), d: boardRowOf(r) }));
}

/**
 * The stored days of a filter's workers over `from`..`to` (each within the worker's contract and activity
 * on that date) gathered by what the board's status and the arrivals depend on: the date, the status,
 * whether late, the inconsistency codes, the shift's end and first entry where the status can still move
 * with the clock (absent, incomplete), and the local hour of the first entry. Each group carries its
 * number of days and the oldest computation: the board classifies a group once (`boardStatus`), not
 * every worker.
 */
export async function boardGroups(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  from: string,
  to: string,
): Promise<{ fecha: string; status: EstadoDia; late: boolean; codes: string[]; shiftEnd: Date | null; firstEntry: Date | null; hour: number | null; n: number; computedAt: Date }[]> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select a.fecha::text as fecha, a.status, a.late_seconds > 0 as late, a.inconsistency_codes as codes,
          case when a.status in ('ausente', 'incompleto') then a.shift_end end as shift_end,
          case when a.status = 'incompleto' then a.first_entry end as first_entry,
          extract(hour from a.first_entry at time zone coalesce(s.time_zone, 'America/Santiago'))::int as hour,
          count(*)::int as n, min(a.computed_at) as computed_at
        from ${users} u
        left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
        join ${attendanceDays} a on a.company_id = u.company_id and a.user_id = u.id and a.fecha between ${from}::date and ${to}::date
        where ${workerConditions(companyId, f)} and ${COUNTED_ON_ITS_DATE}
        group by 1, 2, 3, 4, 5, 6, 7`,
  );
  return result.map((r) => ({
    fecha: r.fecha as string,
    status: r.status as EstadoDia,
    late: Boolean(r.late),
    codes: (r.codes as string[] | null) ?? [],
    shiftEnd: ts(r.shift_end),
    firstEntry: ts(r.first_entry),
    hour: r.hour === null || r.hour === undefined ? null : Number(r.hour),
    n: num(r.n),
    computedAt: ts(r.computed_at)!,
  }));
}

export type BoardDetail = Pick<StoredDay, 'turno' | 'feriado' | 'permiso' | 'inconsistencias' | 'horaEntrada' | 'horaSalida'>;

export async function boardDetails(db: DbOrTx, companyId: string, userIds: readonly string[], fecha: string): Promise<Map<string, BoardDetail>> {
  if (userIds.length === 0) return new Map();
  const result = await rows<{ userId: string; detail: unknown }>(
    db,
    sql`select a.user_id as "userId", jsonb_build_object('turno', a.result->'turno', 'feriado', a.result->'feriado', 'permiso', a.result->'permiso',
            'inconsistencias', a.result->'inconsistencias', 'horaEntrada', a.result->'horaEntrada', 'horaSalida', a.result->'horaSalida') as detail
        from ${attendanceDays} a
        where a.company_id = ${companyId} and a.fecha = ${fecha}::date and a.user_id = any(${uuids(userIds)})`,
  );
  return new Map(result.map((r) => [r.userId, (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as BoardDetail]));
}

/** A worker's stored days and weeks over a range. */
export async function periodDays(
  db: DbOrTx,
  companyId: string,
  userId: string,
  from: string,
  to: string,
): Promise<{ fecha: string; result: StoredDay; week: StoredWeek | null; computedAt: Date; status: EstadoDia; lateSeconds: number; shiftEnd: Date | null; firstEntry: Date | null }[]> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select a.fecha::text as fecha, a.result, a.week, a.computed_at, a.status, a.late_seconds, a.shift_end, a.first_entry
        from ${attendanceDays} a
        where a.company_id = ${companyId} and a.user_id = ${userId} and a.fecha between ${from}::date and ${to}::date
        order by a.fecha`,
  );
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return result.map((r) => ({
    fecha: r.fecha as string,
    result: json<StoredDay>(r.result),
    week: r.week === null ? null : json<StoredWeek>(r.week),
    computedAt: ts(r.computed_at)!,
    status: r.status as EstadoDia,
    lateSeconds: num(r.late_seconds),
    shiftEnd: ts(r.shift_end),
    firstEntry: ts(r.first_entry),
  }));
}

/** Ids of the workers of a filter (the board and summary pages evaluate what they show). */
export async function workerIds(db: DbOrTx, companyId: string, f: WorkerFilter): Promise<string[]> {
  const result = await rows<{ id: string }>(db, sql`select u.id from ${users} u where ${workerConditions(companyId, f)}`);
  return result.map((r) => r.id);
}

/** Marks stale a worker's stored days from `from` to the Sunday after `to` (and queues the recompute job), in the caller's transaction. */
export async function invalidate(tx: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<void> {
  if (userIds.length === 0) return;
  await tx.execute(
    sql`select attendance_invalidate(array_fill(${companyId}::uuid, array[${userIds.length}::int]), ${uuids(userIds)}, array_fill(${from}::date, array[${userIds.length}::int]), array_fill(${to}::date, array[${userIds.length}::int]))`,
  );
}

/** Every worker id of a company (the rebuild command). */
export async function companyWorkerIds(db: DbOrTx, companyId: string): Promise<string[]> {
  return workerIds(db, companyId, {});
}

/** A company by its id or normalised RUT (the rebuild command), with its name. */
export async function findCompany(db: DbOrTx, idOrRut: string): Promise<{ id: string; razonSocial: string } | undefined> {
  const byId = isUuid(idOrRut) ? sql`${companies.id} = ${idOrRut}` : sql`false`;
  const result = await rows<{ id: string; razonSocial: string }>(
    db,
    sql`select ${companies.id} as id, ${companies.razonSocial} as "razonSocial" from ${companies} where ${byId} or ${companies.rut} = ${idOrRut}`,
  );
  return result[0];
}

/** Every company id (the rebuild command without a company). */
export async function companyIds(db: DbOrTx): Promise<{ id: string; razonSocial: string }[]> {
  return rows<{ id: string; razonSocial: string }>(db, sql`select ${companies.id} as id, ${companies.razonSocial} as "razonSocial" from ${companies} order by 2`);
}

// ---------------------------------------------------------------------------------------------
// Around an instant: who has a shift or marks near it (the engine's inputs, attendance.inputs-near.ts), and the
// stored worked time of their days.

/** Active workers (never fiscalizadores) with a planned shift between two dates, with their zone. */
export async function workersWithShifts(db: DbOrTx, companyId: string, from: string, to: string): Promise<WorkerRow[]> {
  const result = await rows<WorkerRow>(
    db,
    sql`select ${WORKER_COLUMNS} from ${WORKER_FROM}
        where u.company_id = ${companyId} and u.perfil <> 'fiscalizador' and u.active
          and exists (select 1 from ${planningDays} p where p.company_id = u.company_id and p.user_id = u.id
                        and p.kind = 'turno' and p.date between ${from}::date and ${to}::date)`,
  );
  return result.map(workerOf);
}

/** Active workers (never fiscalizadores) with a mark whose effective instant is in [from, to). */
export async function workersWithMarks(db: DbOrTx, companyId: string, from: Date, to: Date): Promise<string[]> {
  const result = await rows<{ id: string }>(
    db,
    sql`select u.id from ${users} u
        where u.company_id = ${companyId} and u.perfil <> 'fiscalizador' and u.active
          and exists (select 1 from ${marks} m where m.company_id = u.company_id and m.user_id = u.id
                        and coalesce(m.original_at, m.at) >= ${from.toISOString()}::timestamptz
                        and coalesce(m.original_at, m.at) < ${to.toISOString()}::timestamptz)`,
  );
  return result.map((r) => r.id);
}

/** The stored worked seconds of these workers' days between two dates, with each worker's zone and whether they are excluded from the hours limit. */
export async function storedWorkedSeconds(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<{ userId: string; fecha: string; workedSeconds: number; zone: string; excludedFromHoursLimit: boolean; exceptional: AuthorisedSchedule | null }[]> {
  if (userIds.length === 0) return [];
  const result = await rows<{ userId: string; fecha: string; workedSeconds: number | string; zone: string; excludedFromHoursLimit: boolean; exceptional: AuthorisedSchedule | null }>(
    db,
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.worked_seconds as "workedSeconds", coalesce(s.time_zone, 'America/Santiago') as zone,
          u.excluido_limite_jornada as "excludedFromHoursLimit", ${EXCEPTIONAL_SCHEDULE} as exceptional
        from ${attendanceDays} a
        join ${users} u on u.company_id = a.company_id and u.id = a.user_id
        left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
        order by a.user_id, a.fecha`,
  );
  return result.map((r) => ({ ...r, workedSeconds: num(r.workedSeconds) }));
}
