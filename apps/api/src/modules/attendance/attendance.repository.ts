/**
 * All SQL of the attendance module. It writes only `attendance_days`; marks, workers, sites and groups
 * are read here with read-only queries (never through another module's files), planned days only to
 * filter by shift: the plan the engine evaluates comes from `planFor` of modules/planning. The groups a
 * supervisor leads come from modules/groups' `app.ledGroups`, through the attendance service.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EstadoDia } from '@jornada/contracts';
import { DAILY_OVERTIME_LIMIT_SECONDS, DAY_STATUSES, SUMMED_TOTAL_KEYS, addDays, diffDays, type DayStatus, type MarkKind, type PermissionUnit, type PlanKind, type StoredPayDay, type SummedTotalKey, type SummedTotals } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { attendanceDays, companies, groups, inconsistencyDismissals, markChainHeads, markCorrections, marks, planningDays, shifts, sites, users } from '../../db/schema/index';
import type { DayRowValues, StoredDay, StoredWeek } from './attendance.model';
import type { HeadcountRow, HeadcountSortKey, ReportBucket, ReportDay, ReportDayKind, ReportDays, ReportSort, ReportWorker, WorkerFilter } from './attendance.report-types';

export type { HeadcountRow, HeadcountSortKey, ReportBucket, ReportDay, ReportDayKind, ReportDays, ReportSort, ReportWorker, WorkerFilter } from './attendance.report-types';

type Rows<T> = { rows: T[] };
async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer execute() with `rows`.
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;
const ts = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export async function groupExists(db: DbOrTx, companyId: string, groupId: string): Promise<boolean> {
  const result = await rows<{ one: number }>(db, sql`select 1 as one from ${groups} where ${groups.companyId} = ${companyId} and ${groups.id} = ${groupId}`);
  return result.length > 0;
}

export async function siteExists(db: DbOrTx, companyId: string, siteId: string): Promise<boolean> {
  const result = await rows<{ one: number }>(db, sql`select 1 as one from ${sites} where ${sites.companyId} = ${companyId} and ${sites.id} = ${siteId}`);
  return result.length > 0;
}

/** What the engine needs of the company: an exceptional schedule resolution. */
export async function companyRules(db: DbOrTx, companyId: string): Promise<{ resolucion: boolean; resolucionNumero: string | null }> {
  const result = await rows<{ resolucion: boolean; resolucion_numero: string | null }>(
    db,
    sql`select ${companies.resolucion} as resolucion, ${companies.resolucionNumero} as resolucion_numero from ${companies} where ${companies.id} = ${companyId}`,
  );
  return { resolucion: result[0]?.resolucion ?? false, resolucionNumero: result[0]?.resolucion_numero ?? null };
}

/** A worker as the attendance reads list them, with what the engine needs (zone, region, contract). */
export interface WorkerRow {
  id: string;
  nombre: string;
  apellidos: string;
  rut: string;
  cargo: string | null;
  groupId: string | null;
  groupNombre: string | null;
  siteId: string | null;
  siteNombre: string | null;
  /** The site's street, number and comuna, as the legal reports print the place of work. */
  siteDireccion: string | null;
  zone: string;
  region: string | null;
  comuna: string | null;
  horasSemanales: number | null;
  /** Excepted from Sunday and holiday rest (art. 38): the engine's `worksOnHolidays`. */
  exceptuadoDescansoDominical: boolean;
  inicioContrato: string;
  finContrato: string | null;
}

function workerConditions(companyId: string, f: WorkerFilter): SQL {
  const parts: SQL[] = [sql`u.company_id = ${companyId}`, sql`u.perfil <> 'fiscalizador'`];
  if (f.scopeGroupIds !== undefined) parts.push(f.scopeGroupIds.length ? sql`u.group_id = any(${uuids(f.scopeGroupIds)})` : sql`false`);
  if (f.userId !== undefined) parts.push(sql`u.id = ${f.userId}`);
  if (f.grupoId !== undefined) parts.push(sql`u.group_id = ${f.grupoId}`);
  if (f.sedeId !== undefined) parts.push(sql`u.site_id = ${f.sedeId}`);
  if (f.cargo !== undefined) parts.push(sql`lower(u.cargo) = lower(${f.cargo})`);
  if (f.q !== undefined && f.q !== '') {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(u.nombre ilike ${like} or u.apellidos ilike ${like} or (u.nombre || ' ' || u.apellidos) ilike ${like} or u.rut ilike ${like})`);
  }
  if (f.activeTo !== undefined) parts.push(sql`u.inicio_contrato <= ${f.activeTo}::date`);
  if (f.activeFrom !== undefined) {
    parts.push(sql`(u.fin_contrato is null or u.fin_contrato >= ${f.activeFrom}::date)`);
    parts.push(sql`(u.active or u.deactivated_at >= ${f.activeFrom}::date)`);
  }
  return sql.join(parts, sql` and `);
}

const WORKER_COLUMNS = sql`u.id, u.nombre, u.apellidos, u.rut, u.cargo, u.group_id as "groupId", g.nombre as "groupNombre",
  u.site_id as "siteId", s.nombre as "siteNombre", coalesce(s.time_zone, 'America/Santiago') as zone, s.region, s.comuna,
  nullif(concat_ws(', ', nullif(trim(concat_ws(' ', s.calle, s.numero)), ''), s.comuna), '') as "siteDireccion",
  u.horas_semanales as "horasSemanales", u.exceptuado_descanso_dominical as "exceptuadoDescansoDominical",
  u.inicio_contrato::text as "inicioContrato", u.fin_contrato::text as "finContrato"`;
const WORKER_FROM = sql`${users} u
  left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
  left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id`;

function workerOf(r: WorkerRow): WorkerRow {
  return { ...r, horasSemanales: r.horasSemanales === null ? null : Number(r.horasSemanales) };
}

export async function listWorkers(db: DbOrTx, companyId: string, f: WorkerFilter, paging?: { limit: number; offset: number }): Promise<WorkerRow[]> {
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  const result = await rows<WorkerRow>(
    db,
    sql`select ${WORKER_COLUMNS} from ${WORKER_FROM} where ${workerConditions(companyId, f)} order by u.apellidos, u.nombre, u.id ${page}`,
  );
  return result.map(workerOf);
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

/** What an evaluation reads besides the plan (modules/planning's `planFor`) and permissions: the company's rules, the workers and the marks. */
export interface EvaluationInputs {
  /** When they were read (the stale guard of upsertDays). */
  loadedAt: Date;
  /** Each worker's mark chain length as read (0 without marks): upsertDays stores fresh only if it is still that. */
  chainSeq: Map<string, number>;
  rules: { resolucion: boolean; resolucionNumero: string | null };
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
  const [row] = await rows<{ loaded_at: string | Date; rules: { resolucion: boolean; resolucionNumero: string | null } | null; chains: [string, number][]; workers: WorkerRow[]; marks: MarkTuple[] }>(
    db,
    sql`select statement_timestamp() as loaded_at,
          (select coalesce(json_agg(json_build_array(h.user_id, h.seq)), '[]'::json) from ${markChainHeads} h where h.company_id = ${companyId} and h.user_id = any(${ids})) as chains,
          (select json_build_object('resolucion', c.resolucion, 'resolucionNumero', c.resolucion_numero) from ${companies} c where c.id = ${companyId}) as rules,
          (select coalesce(json_agg(w), '[]'::json) from (select ${WORKER_COLUMNS} from ${WORKER_FROM} where u.company_id = ${companyId} and u.id = any(${ids})) w) as workers,
          (select coalesce(json_agg(json_build_array(m.id, m.user_id, m.kind, floor(extract(epoch from ${effective}) * 1000), m.corrects_mark_id)), '[]'::json)
             from ${marks} m
             where m.company_id = ${companyId} and m.user_id = any(${ids})
               and ${effective} >= ${marksFrom.toISOString()}::timestamptz and ${effective} < ${marksTo.toISOString()}::timestamptz) as marks`,
  );
  return {
    loadedAt: ts(row!.loaded_at)!,
    chainSeq: new Map((row?.chains ?? []).map(([userId, seq]) => [userId, Number(seq)])),
    rules: row?.rules ?? { resolucion: false, resolucionNumero: null },
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
    sql`select a.user_id as "userId", a.status, a.late_seconds, a.early_leave_seconds, a.worked_seconds, a.planned_seconds,
          a.overtime_seconds + a.overtime_over_agreed_seconds as overtime_seconds, a.shift_end, a.first_entry, a.last_exit, a.computed_at, a.inconsistency_codes
        from ${attendanceDays} a
        where a.company_id = ${companyId} and a.fecha = ${fecha}::date and a.user_id = any(${uuids(userIds)})`,
  );
  return result.map((r) => ({
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
  }));
}

/** What a board row shows beyond the columns, for the rows of one page. */
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

// --- Period totals -------------------------------------------------------------------------------
// The one SQL definition of a period's figures: each summed total of packages/domain
// (`SUMMED_TOTAL_KEYS`, the same names as `PeriodTotals`) as an aggregate of stored days `a`.
// A Sunday row carries its week's settlement, so a range adds the weeks whose Sunday lies in it.
// apps/api/src/demo/evaluation-consistency.test.ts checks these sums equal the engine's totals.

/** A stored day's found overtime: beyond its plan plus its planned time over the week's agreed hours (`foundOvertimeOfDay`). */
const DAY_OVERTIME = sql`(a.overtime_seconds + a.overtime_over_agreed_seconds)`;
const sumOf = (column: SQL): SQL => sql`coalesce(sum(${column}), 0)`;
const daysWhere = (condition: SQL): SQL => sql`count(a.fecha) filter (where ${condition})::int`;

const TOTAL_SQL: Record<SummedTotalKey, SQL> = {
  plannedSeconds: sumOf(sql`a.planned_seconds`),
  workedSeconds: sumOf(sql`a.worked_seconds`),
  ordinarySeconds: sumOf(sql`a.ordinary_seconds`),
  missingSeconds: sumOf(sql`a.missing_seconds`),
  justifiedSeconds: sumOf(sql`a.justified_seconds`),
  lateSeconds: sumOf(sql`a.late_seconds`),
  earlyLeaveSeconds: sumOf(sql`a.early_leave_seconds`),
  breakSeconds: sumOf(sql`a.break_seconds`),
  overtimeSeconds: sumOf(sql`a.overtime_seconds`),
  overtimeOverAgreedSeconds: sumOf(sql`a.overtime_over_agreed_seconds`),
  foundOvertimeSeconds: sumOf(DAY_OVERTIME),
  foundOvertimeWithinDailyLimitSeconds: sumOf(sql`least(${DAY_OVERTIME}, ${DAILY_OVERTIME_LIMIT_SECONDS})`),
  foundOvertimeBeyondDailyLimitSeconds: sumOf(sql`greatest(${DAY_OVERTIME} - ${DAILY_OVERTIME_LIMIT_SECONDS}, 0)`),
  absenceMissingSeconds: sql`coalesce(sum(a.missing_seconds) filter (where a.status = 'ausente'), 0)`,
  compensatedSeconds: sumOf(sql`a.week_compensated_seconds`),
  shortfallSeconds: sumOf(sql`a.week_shortfall_seconds`),
  lateAfterCompensationSeconds: sumOf(sql`a.week_late_after_seconds`),
  earlyLeaveAfterCompensationSeconds: sumOf(sql`a.week_early_leave_after_seconds`),
  netOvertimeSeconds: sumOf(sql`a.week_net_overtime_seconds`),
  netOvertimeWithinLimitSeconds: sumOf(sql`a.week_net_overtime_within_seconds`),
  netOvertimeBeyondLimitSeconds: sumOf(sql`a.week_net_overtime_beyond_seconds`),
  pendingSeconds: sumOf(sql`a.week_pending_seconds`),
  sundaySeconds: sumOf(sql`a.sunday_seconds`),
  holidaySeconds: sumOf(sql`a.holiday_seconds`),
  daysWorked: daysWhere(sql`a.status in ('presente', 'incompleto')`),
  plannedDays: daysWhere(sql`a.plan_kind = 'turno' and a.status <> 'feriado'`),
  lateDays: daysWhere(sql`a.late_seconds > 0`),
  earlyLeaveDays: daysWhere(sql`a.early_leave_seconds > 0`),
  overtimeDays: daysWhere(sql`${DAY_OVERTIME} > 0`),
  inconsistentDays: daysWhere(sql`a.inconsistency_count > 0`),
  ...(Object.fromEntries(DAY_STATUSES.map((s) => [`daysByStatus.${s}`, daysWhere(sql`a.status = ${s}`)])) as Record<`daysByStatus.${DayStatus}`, SQL>),
};

/** The totals `keys` over the grouped stored days `a`, each named by its key. */
const totalsSql = (keys: readonly SummedTotalKey[]): SQL => sql.join(keys.map((k) => sql`${TOTAL_SQL[k]} as ${sql.identifier(k)}`), sql`, `);

/** The same totals over grouped rows `t` (a whole selection's, from its per-row totals). */
const totalsOfRowsSql = (keys: readonly SummedTotalKey[]): SQL => sql.join(keys.map((k) => sql`coalesce(sum(t.${sql.identifier(k)}), 0) as ${sql.identifier(k)}`), sql`, `);

/** The same totals as window aggregates over every row of `t`, named `total:<key>` (a page's rows carry the selection's totals). */
const totalsOverRowsSql = (keys: readonly SummedTotalKey[]): SQL =>
  sql.join(keys.map((k) => sql`coalesce(sum(t.${sql.identifier(k)}) over (), 0) as ${sql.identifier(`total:${k}`)}`), sql`, `);

/** A row's totals (the keys not asked for read 0). */
const totalsOf = (r: Record<string, unknown> | undefined): SummedTotals => Object.fromEntries(SUMMED_TOTAL_KEYS.map((k) => [k, num(r?.[k])])) as SummedTotals;

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
// Payroll reads (attendance.payroll.ts): the stored columns remunerations count, per worker and day.

/** A stored day reduced to what the pay variables count (the week's settlement on its Sunday), with its worker. */
export type PayrollDayRow = StoredPayDay & { userId: string };

/** Stored days evaluated `incompleto` of these workers over `from`..`to`, counted per date (the payroll's pending days). */
export async function incompleteDayCounts(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<{ fecha: string; n: number }[]> {
  if (userIds.length === 0 || to < from) return [];
  const result = await rows<{ fecha: string; n: unknown }>(
    db,
    sql`select a.fecha::text as fecha, count(*)::int as n
        from ${attendanceDays} a
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date and a.status = 'incompleto'
        group by a.fecha
        order by a.fecha`,
  );
  return result.map((r) => ({ fecha: r.fecha, n: num(r.n) }));
}

export async function payrollDayRows(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<PayrollDayRow[]> {
  if (userIds.length === 0 || to < from) return [];
  // `result` opened once per row (jsonb_to_record) rather than once per field: each `->` decompresses it again.
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.status, a.plan_kind, a.worked_seconds, a.ordinary_seconds, a.overtime_seconds,
          a.overtime_over_agreed_seconds, a.sunday_seconds, a.sunday_holiday_work, r.feriado, r.permiso, r."permisosPorHoras" as hours,
          a.week is not null as has_week, a.week_shortfall_seconds, a.week_late_after_seconds, a.week_early_leave_after_seconds,
          a.week_net_overtime_seconds, a.week_net_overtime_within_seconds, coalesce((a.week::jsonb->>'extraSobrePactadaSegundos')::float8, 0) as week_over_agreed
        from ${attendanceDays} a
          cross join lateral jsonb_to_record(a.result) as r(feriado text, permiso jsonb, "permisosPorHoras" jsonb)
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
        order by a.user_id, a.fecha`,
  );
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return result.map((r) => {
    const permiso = r.permiso === null || r.permiso === undefined ? null : json<{ tipo: string; pagado: boolean; unidad: PermissionUnit; horas: unknown }>(r.permiso);
    const hours = r.hours === null || r.hours === undefined ? [] : json<{ tipo: string; pagado: boolean; segundos: number }[]>(r.hours);
    return {
      userId: r.userId as string,
      date: r.fecha as string,
      status: r.status as EstadoDia,
      planKind: r.plan_kind as PlanKind,
      workedSeconds: num(r.worked_seconds),
      ordinarySeconds: num(r.ordinary_seconds),
      overtimeSeconds: num(r.overtime_seconds),
      overAgreedSeconds: num(r.overtime_over_agreed_seconds),
      sundaySeconds: num(r.sunday_seconds),
      holiday: r.feriado !== null && r.feriado !== undefined,
      permission: permiso && !permiso.horas ? { type: permiso.tipo, paid: permiso.pagado, unit: permiso.unidad } : null,
      hourPermissions: hours.map((h) => ({ type: h.tipo, paid: h.pagado, seconds: h.segundos })),
      sundayHolidayWork: json<StoredPayDay['sundayHolidayWork']>(r.sunday_holiday_work ?? []),
      week: r.has_week
        ? {
            shortfallSeconds: num(r.week_shortfall_seconds),
            lateAfterCompensationSeconds: num(r.week_late_after_seconds),
            earlyLeaveAfterCompensationSeconds: num(r.week_early_leave_after_seconds),
            netOvertimeSeconds: num(r.week_net_overtime_seconds),
            netOvertimeWithinLimitSeconds: num(r.week_net_overtime_within_seconds),
            overAgreedSeconds: num(r.week_over_agreed),
          }
        : null,
    };
  });
}

// --- Overtime reads (modules/overtime through attendance.overtime.ts) ------------------------------

/** A stored day's overtime figures, as the evaluation left them. */
export interface OvertimeDayRow {
  userId: string;
  fecha: string;
  /** Beyond the plan plus the planned time over the week's agreed hours (art. 30). */
  overtimeSeconds: number;
  overAgreedSeconds: number;
  withinLimitSeconds: number;
  beyondLimitSeconds: number;
  workedSeconds: number;
  plannedSeconds: number;
  /** A rest day of the plan or a holiday: overtime on it is a compliance flag of the review. */
  restDay: boolean;
  computedAt: Date;
}

/**
 * Stored days of these workers over `from`..`to` with overtime, plus the listed extra days whatever
 * their overtime (days decided earlier whose overtime may since have changed, even to nothing).
 */
export async function overtimeDays(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
  alsoDays: readonly { userId: string; fecha: string }[] = [],
): Promise<OvertimeDayRow[]> {
  if (userIds.length === 0 && alsoDays.length === 0) return [];
  const also = alsoDays.length
    ? sql` or (a.user_id, a.fecha) in (select * from unnest(${sql.param(alsoDays.map((d) => d.userId))}::uuid[], ${sql.param(alsoDays.map((d) => d.fecha))}::date[]))`
    : sql``;
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.overtime_seconds, a.overtime_over_agreed_seconds as over_agreed,
          a.worked_seconds, a.planned_seconds, a.computed_at,
          (a.plan_kind = 'libre' or a.status = 'feriado' or a.holiday_seconds > 0) as rest_day
        from ${attendanceDays} a
        where a.company_id = ${companyId}
          and ((a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date and (a.overtime_seconds > 0 or a.overtime_over_agreed_seconds > 0))${also})
        order by a.fecha, a.user_id`,
  );
  return result.map((r) => {
    // The day's overtime: beyond its plan, plus the planned time over the week's agreed hours given to it (art. 30).
    const overtime = num(r.overtime_seconds) + num(r.over_agreed);
    const within = Math.min(overtime, DAILY_OVERTIME_LIMIT_SECONDS);
    return {
      userId: r.userId as string,
      fecha: r.fecha as string,
      overtimeSeconds: overtime,
      overAgreedSeconds: num(r.over_agreed),
      withinLimitSeconds: within,
      beyondLimitSeconds: overtime - within,
      workedSeconds: num(r.worked_seconds),
      plannedSeconds: num(r.planned_seconds),
      restDay: r.rest_day === true,
      computedAt: ts(r.computed_at)!,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Reads for the alerts (attendance.alerts.ts): who has a shift or marks near an instant, and the
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

/** The stored worked seconds of these workers' days between two dates, with each worker's zone. */
export async function storedWorkedSeconds(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<{ userId: string; fecha: string; workedSeconds: number; zone: string }[]> {
  if (userIds.length === 0) return [];
  const result = await rows<{ userId: string; fecha: string; workedSeconds: number | string; zone: string }>(
    db,
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.worked_seconds as "workedSeconds", coalesce(s.time_zone, 'America/Santiago') as zone
        from ${attendanceDays} a
        join ${users} u on u.company_id = a.company_id and u.id = a.user_id
        left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
        order by a.user_id, a.fecha`,
  );
  return result.map((r) => ({ ...r, workedSeconds: num(r.workedSeconds) }));
}

// ---------------------------------------------------------------------------------------------------
// Inconsistencies (attendance.inconsistencies.ts): the stored days' inconsistency codes, one row per
// worker, date and code, with the state a manager gave them. Dismissals (inconsistency_dismissals) and
// pending corrections (mark_corrections) are read here, never written.
// ---------------------------------------------------------------------------------------------------

/** The filters of an inconsistency read beyond the workers': period, code, state and the clock. */
export interface InconsistencyFilter {
  desde: string;
  hasta: string;
  codigo?: string | undefined;
  estado?: 'abierta' | 'en_correccion' | 'descartada' | undefined;
  /** Only days already closed at this instant: before today in the worker's zone, or whose shift ended. */
  now: Date;
}

/** One inconsistency as stored: the worker, the day's plan and marks, and the standing dismissal. */
export interface InconsistencyRow {
  userId: string;
  nombre: string;
  apellidos: string;
  rut: string;
  groupId: string | null;
  groupNombre: string | null;
  siteId: string | null;
  siteNombre: string | null;
  zone: string;
  fecha: string;
  code: string;
  label: string | null;
  markIds: string[];
  status: EstadoDia;
  plan: string;
  shiftLabel: string | null;
  marks: { id: string; tipo: string; hora: string; estado: string }[];
  estado: 'abierta' | 'en_correccion' | 'descartada';
  dismissal: { id: string; reason: string; byId: string; byName: string; at: Date } | null;
}

function inconsistencyCte(companyId: string, f: WorkerFilter, q: InconsistencyFilter): SQL {
  const now = q.now.toISOString();
  return sql`with i as (
    select a.user_id as "userId", u.nombre, u.apellidos, u.rut, u.group_id as "groupId", g.nombre as "groupNombre",
      u.site_id as "siteId", s.nombre as "siteNombre", coalesce(s.time_zone, 'America/Santiago') as zone,
      a.fecha::text as fecha, c.code, a.status, a.result->>'plan' as plan, a.result->'turno'->>'etiqueta' as "shiftLabel",
      a.result->'marcas' as marks,
      (select x from jsonb_array_elements(a.result->'inconsistencias') x where x->>'codigo' = c.code limit 1) as inc,
      d.id as "dismissalId", d.reason as "dismissalReason", d.dismissed_by as "dismissedBy", d.dismissed_at as "dismissedAt",
      coalesce(du.nombre || ' ' || du.apellidos, 'Usuario eliminado') as "dismissedByName",
      case
        when d.id is not null then 'descartada'
        when exists (
          select 1 from ${markCorrections} mc
          where mc.company_id = a.company_id and mc.user_id = a.user_id and mc.status = 'pendiente'
            and ((mc.proposed_at at time zone mc.time_zone)::date = a.fecha
              or mc.corrects_mark_id::text in (select jsonb_array_elements(a.result->'marcas')->>'id'))
        ) then 'en_correccion'
        else 'abierta'
      end as estado
    from ${attendanceDays} a
    cross join lateral unnest(a.inconsistency_codes) as c(code)
    join ${users} u on u.company_id = a.company_id and u.id = a.user_id
    left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
    left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
    left join ${inconsistencyDismissals} d
      on d.company_id = a.company_id and d.user_id = a.user_id and d.fecha = a.fecha and d.code = c.code and d.reopened_at is null
    left join ${users} du on du.company_id = d.company_id and du.id = d.dismissed_by
    where a.company_id = ${companyId} and a.inconsistency_count > 0 and a.fecha between ${q.desde}::date and ${q.hasta}::date
      and (a.fecha < (${now}::timestamptz at time zone coalesce(s.time_zone, 'America/Santiago'))::date
        or (a.shift_end is not null and a.shift_end <= ${now}::timestamptz))
      and ${workerConditions(companyId, f)}
  )`;
}

function inconsistencyOf(r: Record<string, unknown>): InconsistencyRow {
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  const inc = r.inc === null || r.inc === undefined ? null : json<{ etiqueta: string; marcaIds: string[] }>(r.inc);
  const marks = json<{ id: string; tipo: string; hora: string; estado: string }[] | null>(r.marks) ?? [];
  return {
    userId: r.userId as string,
    nombre: r.nombre as string,
    apellidos: r.apellidos as string,
    rut: r.rut as string,
    groupId: (r.groupId as string | null) ?? null,
    groupNombre: (r.groupNombre as string | null) ?? null,
    siteId: (r.siteId as string | null) ?? null,
    siteNombre: (r.siteNombre as string | null) ?? null,
    zone: r.zone as string,
    fecha: r.fecha as string,
    code: r.code as string,
    label: inc?.etiqueta ?? null,
    markIds: inc?.marcaIds ?? [],
    status: r.status as EstadoDia,
    plan: (r.plan as string | null) ?? 'sin_planificacion',
    shiftLabel: (r.shiftLabel as string | null) ?? null,
    marks: marks.map((m) => ({ id: m.id, tipo: m.tipo, hora: m.hora, estado: m.estado })),
    estado: r.estado as InconsistencyRow['estado'],
    dismissal: r.dismissalId
      ? { id: r.dismissalId as string, reason: r.dismissalReason as string, byId: r.dismissedBy as string, byName: r.dismissedByName as string, at: ts(r.dismissedAt)! }
      : null,
  };
}

/** A page of inconsistencies (newest day first), or every row up to `limit` for an export. */
export async function inconsistencyRows(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  q: InconsistencyFilter,
  paging: { limit: number; offset: number },
): Promise<InconsistencyRow[]> {
  const codigo = q.codigo !== undefined ? sql`and i.code = ${q.codigo}` : sql``;
  const estado = q.estado !== undefined ? sql`and i.estado = ${q.estado}` : sql``;
  const result = await rows<Record<string, unknown>>(
    db,
    sql`${inconsistencyCte(companyId, f, q)}
        select * from i where true ${codigo} ${estado}
        order by i.fecha desc, i.apellidos, i.nombre, i."userId", i.code
        limit ${paging.limit} offset ${paging.offset}`,
  );
  return result.map(inconsistencyOf);
}

/** Inconsistencies per code and state over the filter (the page's counts; code and state applied by the caller). */
export async function inconsistencyCounts(db: DbOrTx, companyId: string, f: WorkerFilter, q: InconsistencyFilter): Promise<{ code: string; estado: string; n: number }[]> {
  const result = await rows<{ code: string; estado: string; n: number }>(
    db,
    sql`${inconsistencyCte(companyId, f, q)} select i.code, i.estado, count(*)::int as n from i group by 1, 2`,
  );
  return result.map((r) => ({ code: r.code, estado: r.estado, n: num(r.n) }));
}

/** A day's dismissals (every one, reopened included: the log), newest first, with who did what. */
export async function dayDismissals(
  db: DbOrTx,
  companyId: string,
  userId: string,
  fecha: string,
): Promise<{ id: string; code: string; reason: string; byId: string; byName: string; at: Date; reopenedById: string | null; reopenedByName: string | null; reopenedAt: Date | null }[]> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select d.id, d.code, d.reason, d.dismissed_by as "byId", coalesce(b.nombre || ' ' || b.apellidos, 'Usuario eliminado') as "byName", d.dismissed_at as at,
          d.reopened_by as "reopenedById", case when d.reopened_by is null then null else coalesce(r.nombre || ' ' || r.apellidos, 'Usuario eliminado') end as "reopenedByName",
          d.reopened_at as "reopenedAt"
        from ${inconsistencyDismissals} d
        left join ${users} b on b.company_id = d.company_id and b.id = d.dismissed_by
        left join ${users} r on r.company_id = d.company_id and r.id = d.reopened_by
        where d.company_id = ${companyId} and d.user_id = ${userId} and d.fecha = ${fecha}::date
        order by d.dismissed_at desc, d.id`,
  );
  return result.map((r) => ({
    id: r.id as string,
    code: r.code as string,
    reason: r.reason as string,
    byId: r.byId as string,
    byName: r.byName as string,
    at: ts(r.at)!,
    reopenedById: (r.reopenedById as string | null) ?? null,
    reopenedByName: (r.reopenedByName as string | null) ?? null,
    reopenedAt: ts(r.reopenedAt),
  }));
}

/** The ids of a worker's pending corrections touching a day (its local date, or one of the day's marks). */
export async function dayPendingCorrections(db: DbOrTx, companyId: string, userId: string, fecha: string, markIds: readonly string[]): Promise<string[]> {
  const result = await rows<{ id: string }>(
    db,
    sql`select mc.id from ${markCorrections} mc
        where mc.company_id = ${companyId} and mc.user_id = ${userId} and mc.status = 'pendiente'
          and ((mc.proposed_at at time zone mc.time_zone)::date = ${fecha}::date or mc.corrects_mark_id = any(${uuids(markIds.filter(isUuid))}))
        order by mc.created_at`,
  );
  return result.map((r) => r.id);
}

// ---- The trend: the day counts of a range (attendance.trend.ts) -----------------------------------

/** A stored day as a trend classifies it (the board's columns, with its date). */
export interface TrendRow {
  userId: string;
  fecha: string;
  status: EstadoDia;
  lateSeconds: number;
  shiftEnd: Date | null;
  firstEntry: Date | null;
  inconsistencyCodes: string[];
}

/**
 * The stored days of these workers over `from`..`to`, each only on the dates the worker was active
 * (under contract, not yet deactivated): the same people the day board counts on each date.
 */
export async function trendDays(db: DbOrTx, companyId: string, userIds: readonly string[], from: string, to: string): Promise<TrendRow[]> {
  if (userIds.length === 0) return [];
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.status, a.late_seconds, a.shift_end, a.first_entry, a.inconsistency_codes
        from ${attendanceDays} a
        join ${users} u on u.company_id = a.company_id and u.id = a.user_id
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
          and u.inicio_contrato <= a.fecha and (u.fin_contrato is null or u.fin_contrato >= a.fecha)
          and (u.active or u.deactivated_at >= a.fecha)`,
  );
  return result.map((r) => ({
    userId: r.userId as string,
    fecha: r.fecha as string,
    status: r.status as EstadoDia,
    lateSeconds: num(r.late_seconds),
    shiftEnd: ts(r.shift_end),
    firstEntry: ts(r.first_entry),
    inconsistencyCodes: (r.inconsistency_codes as string[] | null) ?? [],
  }));
}

// --- Management reports (attendance.reports.ts) --------------------------------------------------------
// Aggregates of stored days per worker, per (group, site, cargo) and per period bucket, and the
// stored days behind a page's rows. Nothing is evaluated here: every figure is a column of attendance_days.

const DAY_KIND: Record<ReportDayKind, SQL> = {
  todos: sql`true`,
  atrasos: sql`(a.late_seconds > 0 or a.early_leave_seconds > 0)`,
  ausencias: sql`a.status in ('ausente', 'justificado')`,
  extra: sql`(a.overtime_seconds > 0 or a.overtime_over_agreed_seconds > 0)`,
};

function reportDayConditions(d: ReportDays): SQL {
  const parts: SQL[] = [sql`a.fecha between ${d.from}::date and ${d.to}::date`];
  if (d.shiftId !== undefined) {
    parts.push(sql`exists (select 1 from ${planningDays} p where p.company_id = a.company_id and p.user_id = a.user_id and p.date = a.fecha and p.shift_id = ${d.shiftId})`);
  }
  return sql.join(parts, sql` and `);
}

/** The worker filter plus, with a shift, "has that shift planned in the range". */
function reportWorkerConditions(companyId: string, f: WorkerFilter, d: ReportDays): SQL {
  const base = workerConditions(companyId, f);
  if (d.shiftId === undefined) return base;
  return sql`${base} and exists (select 1 from ${planningDays} p where p.company_id = u.company_id and p.user_id = u.id
    and p.shift_id = ${d.shiftId} and p.date between ${d.from}::date and ${d.to}::date)`;
}

function orderOf(sort: ReportSort): SQL {
  const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
  const tail = sql`t.apellidos, t.nombre, t.id`;
  switch (sort.key) {
    case 'trabajador':
      return sql`t.apellidos ${dir}, t.nombre ${dir}, t.id`;
    case 'grupo':
    case 'sede':
    case 'cargo':
      return sql`t.${sql.identifier(sort.key)} ${dir} nulls last, ${tail}`;
    default:
      // Only the whitelisted keys of SUMMED_TOTAL_KEYS reach here (the caller checks them).
      return sql`t.${sql.identifier(sort.key)} ${dir}, ${tail}`;
  }
}

/**
 * One page of workers with their sums over the report's days (SQL pagination and sort), the number
 * of workers in the selection and the sums over all of them, in one pass over the stored days.
 * `kind` keeps only the workers with at least one such day (a lateness report lists who was late).
 * `keys` are the sums to add up (all by default; the others read 0): a report asks only for its columns.
 */
export async function reportWorkerPage(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  d: ReportDays,
  kind: ReportDayKind,
  sort: ReportSort,
  paging: { limit: number; offset: number } | null,
  keys: readonly SummedTotalKey[] = SUMMED_TOTAL_KEYS,
): Promise<{ rows: (ReportWorker & { sums: SummedTotals })[]; total: number; totals: SummedTotals }> {
  const sortKey = (SUMMED_TOTAL_KEYS as readonly string[]).includes(sort.key) ? (sort.key as SummedTotalKey) : null;
  const summed = sortKey && !keys.includes(sortKey) ? [...keys, sortKey] : keys;
  const grouped = sql`select u.id, u.nombre, u.apellidos, u.rut, u.cargo, g.nombre as grupo, s.nombre as sede, ${totalsSql(summed)},
      count(a.fecha) filter (where ${DAY_KIND[kind]})::int as "diasDelReporte"
    from ${users} u
    left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
    left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
    left join ${attendanceDays} a on a.company_id = u.company_id and a.user_id = u.id and ${reportDayConditions(d)}
    where ${reportWorkerConditions(companyId, f, d)}
    group by u.company_id, u.id, g.nombre, s.nombre`;
  const keep = kind === 'todos' ? sql`true` : sql`t."diasDelReporte" > 0`;
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  // The page's rows carry the count and sums of the whole selection as window aggregates.
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select t.*, count(*) over ()::int as "total:n", ${totalsOverRowsSql(summed)} from (${grouped}) t where ${keep} order by ${orderOf(sort)} ${page}`,
  );
  const first = result[0];
  let agg: Record<string, unknown> | undefined = first && Object.fromEntries([['n', first['total:n']], ...summed.map((k) => [k, first[`total:${k}`]])]);
  // A page past the last row has no row to carry them: the count and sums on their own.
  if (!agg && paging && paging.offset > 0) [agg] = await rows<Record<string, unknown>>(db, sql`select count(*)::int as n, ${totalsOfRowsSql(summed)} from (${grouped}) t where ${keep}`);
  return {
    rows: result.map((r) => ({
      id: r.id as string,
      nombre: r.nombre as string,
      apellidos: r.apellidos as string,
      rut: r.rut as string,
      cargo: (r.cargo as string | null) ?? null,
      grupo: (r.grupo as string | null) ?? null,
      sede: (r.sede as string | null) ?? null,
      sums: totalsOf(r),
    })),
    total: num(agg?.n),
    totals: totalsOf(agg),
  };
}

/** The stored days of some workers that a report's detail lists, by worker, in date order. */
export async function reportDaysOf(db: DbOrTx, companyId: string, userIds: readonly string[], d: ReportDays, kind: ReportDayKind): Promise<Map<string, ReportDay[]>> {
  const out = new Map<string, ReportDay[]>();
  if (userIds.length === 0) return out;
  const result = await rows<Record<string, unknown>>(
    db,
    // `result` opened once per row (jsonb_to_record) rather than once per field: each `->` decompresses it again.
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.status, a.plan_kind, r.turno->>'etiqueta' as turno,
          r."horaEntrada" as entrada, r."horaSalida" as salida, r.feriado as feriado,
          coalesce(r."esDomingo", false) as domingo, r.permiso->>'tipo' as "permisoTipo",
          (r.permiso->>'pagado')::boolean as "permisoPagado",
          a.planned_seconds, a.worked_seconds, a.missing_seconds, a.late_seconds, a.early_leave_seconds, ${DAY_OVERTIME} as overtime_seconds,
          a.week_compensated_seconds, a.week_late_after_seconds, a.week_early_leave_after_seconds
        from ${attendanceDays} a
          cross join lateral jsonb_to_record(a.result) as r(turno jsonb, "horaEntrada" text, "horaSalida" text, feriado text, "esDomingo" boolean, permiso jsonb)
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and ${reportDayConditions(d)} and ${DAY_KIND[kind]}
        order by a.user_id, a.fecha`,
  );
  for (const r of result) {
    const day: ReportDay = {
      userId: r.userId as string,
      fecha: r.fecha as string,
      status: r.status as EstadoDia,
      planKind: r.plan_kind as string,
      turno: (r.turno as string | null) ?? null,
      entrada: (r.entrada as string | null) ?? null,
      salida: (r.salida as string | null) ?? null,
      feriado: (r.feriado as string | null) ?? null,
      domingo: Boolean(r.domingo),
      permisoTipo: (r.permisoTipo as string | null) ?? null,
      permisoPagado: r.permisoPagado === null || r.permisoPagado === undefined ? null : Boolean(r.permisoPagado),
      planificado: num(r.planned_seconds),
      trabajado: num(r.worked_seconds),
      faltante: num(r.missing_seconds),
      atraso: num(r.late_seconds),
      salidaAnticipada: num(r.early_leave_seconds),
      extra: num(r.overtime_seconds),
      extraDentroLimite: Math.min(num(r.overtime_seconds), DAILY_OVERTIME_LIMIT_SECONDS),
      extraSobreLimite: Math.max(num(r.overtime_seconds) - DAILY_OVERTIME_LIMIT_SECONDS, 0),
      semana:
        r.week_compensated_seconds === null || r.week_compensated_seconds === undefined
          ? null
          : { compensado: num(r.week_compensated_seconds), atrasoDescontable: num(r.week_late_after_seconds), salidaAnticipadaDescontable: num(r.week_early_leave_after_seconds) },
    };
    let list = out.get(day.userId);
    if (!list) out.set(day.userId, (list = []));
    list.push(day);
  }
  return out;
}

/** Sums (`keys`, all by default; the others read 0) of the selection's stored days per day, week (its Monday) or month (its first day). */
export async function reportSeries(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  d: ReportDays,
  bucket: ReportBucket,
  keys: readonly SummedTotalKey[] = SUMMED_TOTAL_KEYS,
): Promise<(SummedTotals & { periodo: string })[]> {
  const key = bucket === 'day' ? sql`a.fecha::text` : sql`date_trunc(${bucket}, a.fecha)::date::text`;
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select ${key} as periodo, ${totalsSql(keys)} from ${attendanceDays} a
        where a.company_id = ${companyId} and ${reportDayConditions(d)}
          and a.user_id in (select u.id from ${users} u where ${reportWorkerConditions(companyId, f, d)})
        group by 1 order by 1`,
  );
  return result.map((r) => ({ periodo: r.periodo as string, ...totalsOf(r) }));
}

/** Sums (`keys`, all by default, always `extra`, which orders them; the others read 0) of the selection's stored days per group of the worker. */
export async function reportSumsByGroup(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  d: ReportDays,
  keys: readonly SummedTotalKey[] = SUMMED_TOTAL_KEYS,
): Promise<(SummedTotals & { grupo: string | null })[]> {
  const summed = keys.includes('foundOvertimeSeconds') ? keys : [...keys, 'foundOvertimeSeconds' as const];
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select g.nombre as grupo, ${totalsSql(summed)} from ${attendanceDays} a
        join ${users} u on u.company_id = a.company_id and u.id = a.user_id
        left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
        where a.company_id = ${companyId} and ${reportDayConditions(d)} and ${reportWorkerConditions(companyId, f, d)}
        group by g.nombre order by "foundOvertimeSeconds" desc, g.nombre nulls last`,
  );
  return result.map((r) => ({ grupo: (r.grupo as string | null) ?? null, ...totalsOf(r) }));
}

/**
 * Active staff by (group, site, cargo) with planned and present days, a page of them, their count and
 * the totals, in one pass over the stored days. `keys` are the sums to add up (all by default; the others read 0).
 */
export async function reportHeadcount(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
  d: ReportDays,
  sort: { key: HeadcountSortKey; direction: 'asc' | 'desc' },
  paging: { limit: number; offset: number } | null,
  keys: readonly SummedTotalKey[] = SUMMED_TOTAL_KEYS,
): Promise<{ rows: HeadcountRow[]; total: number; totals: SummedTotals & { dotacion: number } }> {
  const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
  const sortKey = (SUMMED_TOTAL_KEYS as readonly string[]).includes(sort.key) ? (sort.key as SummedTotalKey) : null;
  const summed = sortKey && !keys.includes(sortKey) ? [...keys, sortKey] : keys;
  const grouped = sql`select g.nombre as grupo, s.nombre as sede, u.cargo as cargo, count(distinct u.id)::int as dotacion, ${totalsSql(summed)}
    from ${users} u
    left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
    left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
    left join ${attendanceDays} a on a.company_id = u.company_id and a.user_id = u.id and ${reportDayConditions(d)}
    where ${reportWorkerConditions(companyId, f, d)}
    group by g.nombre, s.nombre, u.cargo`;
  const tail = sql`t.grupo nulls last, t.sede nulls last, t.cargo nulls last`;
  const order =
    sort.key === 'grupo' || sort.key === 'sede' || sort.key === 'cargo'
      ? sql`t.${sql.identifier(sort.key)} ${dir} nulls last, ${tail}`
      : sql`t.${sql.identifier(sort.key)} ${dir}, ${tail}`;
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  // The page's rows carry the count and sums of the whole selection as window aggregates.
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select t.*, count(*) over ()::int as "total:n", coalesce(sum(t.dotacion) over (), 0)::int as "total:dotacion", ${totalsOverRowsSql(summed)}
        from (${grouped}) t order by ${order} ${page}`,
  );
  const first = result[0];
  let agg: Record<string, unknown> | undefined =
    first && Object.fromEntries([['n', first['total:n']], ['dotacion', first['total:dotacion']], ...summed.map((k) => [k, first[`total:${k}`]])]);
  // A page past the last row has no row to carry them: the count and sums on their own.
  if (!agg && paging && paging.offset > 0) {
    [agg] = await rows<Record<string, unknown>>(db, sql`select count(*)::int as n, coalesce(sum(t.dotacion), 0)::int as dotacion, ${totalsOfRowsSql(summed)} from (${grouped}) t`);
  }
  return {
    rows: result.map((r) => ({
      grupo: (r.grupo as string | null) ?? null,
      sede: (r.sede as string | null) ?? null,
      cargo: (r.cargo as string | null) ?? null,
      dotacion: num(r.dotacion),
      sums: totalsOf(r),
    })),
    total: num(agg?.n),
    totals: { ...totalsOf(agg), dotacion: num(agg?.dotacion) },
  };
}

/** Ids of the selection's workers (what a report brings up to date before adding its rows). */
export async function reportWorkerIds(db: DbOrTx, companyId: string, f: WorkerFilter, d: ReportDays): Promise<string[]> {
  const result = await rows<{ id: string }>(db, sql`select u.id from ${users} u where ${reportWorkerConditions(companyId, f, d)}`);
  return result.map((r) => r.id);
}

/** The selection's workers by id, a page of them sorted by surname (reports whose rows come from another module). */
export async function reportWorkersByIds(db: DbOrTx, companyId: string, ids: readonly string[]): Promise<ReportWorker[]> {
  if (ids.length === 0) return [];
  return rows<ReportWorker>(
    db,
    sql`select u.id, u.nombre, u.apellidos, u.rut, u.cargo, g.nombre as grupo, s.nombre as sede
        from ${users} u
        left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
        left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
        where u.company_id = ${companyId} and u.id = any(${uuids(ids)})`,
  );
}

/** Does this shift exist in the company? */
export async function shiftExists(db: DbOrTx, companyId: string, shiftId: string): Promise<boolean> {
  const result = await rows<{ one: number }>(db, sql`select 1 as one from ${shifts} where ${shifts.companyId} = ${companyId} and ${shifts.id} = ${shiftId}`);
  return result.length > 0;
}

/** Groups, sites, cargos and shifts to filter the reports by, within a scope (a supervisor's groups, a worker's own). */
export async function reportOptions(
  db: DbOrTx,
  companyId: string,
  f: WorkerFilter,
): Promise<{ grupos: { id: string; nombre: string }[]; sedes: { id: string; nombre: string }[]; cargos: string[]; turnos: { id: string; nombre: string }[] }> {
  const everyone = f.scopeGroupIds === undefined && f.userId === undefined;
  const [grupos, sedes, cargos, turnos] = await Promise.all([
    rows<{ id: string; nombre: string }>(
      db,
      everyone
        ? sql`select g.id, g.nombre from ${groups} g where g.company_id = ${companyId} order by g.nombre`
        : sql`select distinct g.id, g.nombre from ${users} u join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
              where ${workerConditions(companyId, f)} order by g.nombre`,
    ),
    rows<{ id: string; nombre: string }>(
      db,
      everyone
        ? sql`select s.id, s.nombre from ${sites} s where s.company_id = ${companyId} order by s.nombre`
        : sql`select distinct s.id, s.nombre from ${users} u join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
              where ${workerConditions(companyId, f)} order by s.nombre`,
    ),
    rows<{ cargo: string }>(db, sql`select distinct u.cargo from ${users} u where ${workerConditions(companyId, f)} and coalesce(u.cargo, '') <> '' order by 1`),
    rows<{ id: string; nombre: string }>(
      db,
      everyone
        ? sql`select t.id, t.codigo || ' · ' || t.nombre as nombre from ${shifts} t where t.company_id = ${companyId} order by t.codigo`
        : sql`select distinct t.id, t.codigo || ' · ' || t.nombre as nombre, t.codigo from ${planningDays} p
              join ${shifts} t on t.company_id = p.company_id and t.id = p.shift_id
              where p.company_id = ${companyId} and p.user_id in (select u.id from ${users} u where ${workerConditions(companyId, f)}) order by t.codigo`,
    ),
  ]);
  return { grupos, sedes, cargos: cargos.map((c) => c.cargo), turnos: turnos.map((t) => ({ id: t.id, nombre: t.nombre })) };
}

/** Names of the ids a report is filtered by (for the heading of the report and its files). */
export async function reportFilterNames(
  db: DbOrTx,
  companyId: string,
  ids: { userId?: string | undefined; groupId?: string | undefined; siteId?: string | undefined; shiftId?: string | undefined },
): Promise<{ trabajador?: string; grupo?: string; sede?: string; turno?: string }> {
  const [r] = await rows<{ trabajador: string | null; grupo: string | null; sede: string | null; turno: string | null }>(
    db,
    sql`select
      (select u.nombre || ' ' || u.apellidos from ${users} u where u.company_id = ${companyId} and u.id = ${ids.userId ?? null}::uuid) as trabajador,
      (select g.nombre from ${groups} g where g.company_id = ${companyId} and g.id = ${ids.groupId ?? null}::uuid) as grupo,
      (select s.nombre from ${sites} s where s.company_id = ${companyId} and s.id = ${ids.siteId ?? null}::uuid) as sede,
      (select t.codigo || ' · ' || t.nombre from ${shifts} t where t.company_id = ${companyId} and t.id = ${ids.shiftId ?? null}::uuid) as turno`,
  );
  const out: { trabajador?: string; grupo?: string; sede?: string; turno?: string } = {};
  if (r?.trabajador) out.trabajador = r.trabajador;
  if (r?.grupo) out.grupo = r.grupo;
  if (r?.sede) out.sede = r.sede;
  if (r?.turno) out.turno = r.turno;
  return out;
}

// ---- Legal reads (attendance.legal.ts): the DT's legal reports and the daily e-mail ----

/** The legal reports' worker filter: the attendance filter plus a planned shift and a weekly-hours bound. */
export interface LegalWorkerFilter extends WorkerFilter {
  /** Workers with this shift planned at least once between activeFrom and activeTo. */
  shiftId?: string | undefined;
  /** Part time (`parcial`: agreed hours at most `partTimeMaxHours`) or full time (more, or not set). */
  tipoJornada?: 'completa' | 'parcial' | undefined;
  partTimeMaxHours?: number | undefined;
}

function legalWorkerConditions(companyId: string, f: LegalWorkerFilter): SQL {
  const parts: SQL[] = [workerConditions(companyId, f)];
  if (f.shiftId !== undefined) {
    parts.push(sql`exists (select 1 from ${planningDays} p where p.company_id = u.company_id and p.user_id = u.id and p.shift_id = ${f.shiftId}
      and p.date between ${f.activeFrom ?? '1900-01-01'}::date and ${f.activeTo ?? '2100-12-31'}::date)`);
  }
  if (f.tipoJornada !== undefined && f.partTimeMaxHours !== undefined) {
    parts.push(
      f.tipoJornada === 'parcial'
        ? sql`(u.horas_semanales is not null and u.horas_semanales <= ${f.partTimeMaxHours})`
        : sql`(u.horas_semanales is null or u.horas_semanales > ${f.partTimeMaxHours})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/** One page of the workers of a legal report (surname order) and how many match in all. */
export async function legalWorkers(
  db: DbOrTx,
  companyId: string,
  f: LegalWorkerFilter,
  paging: { limit: number; offset: number } | null,
): Promise<{ items: WorkerRow[]; total: number }> {
  const where = legalWorkerConditions(companyId, f);
  const page = paging ? sql`limit ${paging.limit} offset ${paging.offset}` : sql``;
  const [items, count] = await Promise.all([
    rows<WorkerRow>(db, sql`select ${WORKER_COLUMNS} from ${WORKER_FROM} where ${where} order by u.apellidos, u.nombre, u.id ${page}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ${users} u where ${where}`),
  ]);
  return { items: items.map(workerOf), total: num(count[0]?.n) };
}

/** Stored days of several workers over `from`..`to` (a legal report's blocks), in date order. */
export async function legalDays(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<{ userId: string; fecha: string; status: EstadoDia; result: StoredDay; week: StoredWeek | null }[]> {
  if (userIds.length === 0 || to < from) return [];
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.status, a.result, a.week
        from ${attendanceDays} a
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
        order by a.user_id, a.fecha`,
  );
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return result.map((r) => ({
    userId: r.userId as string,
    fecha: r.fecha as string,
    status: r.status as EstadoDia,
    result: json<StoredDay>(r.result),
    week: r.week === null || r.week === undefined ? null : json<StoredWeek>(r.week),
  }));
}
