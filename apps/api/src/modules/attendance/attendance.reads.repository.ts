/**
 * The SQL behind `app.attendanceReads` (attendance.reads.ts): stored days in the projections other modules
 * count (worked days, pay columns, overtime found, whole days), the inconsistencies as stored, and the
 * pages of workers of a filter.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EstadoDia } from '@jornada/contracts';
import { DAILY_OVERTIME_LIMIT_SECONDS, WORKED_DAY_STATUSES, type CompensatoryRestDay, type PermissionUnit, type PlanKind, type StoredPayDay } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { attendanceDays, groups, inconsistencyDismissals, markCorrections, planningDays, sites, users } from '../../db/schema/index';
import type { StoredDay, StoredWeek } from './attendance.model';
import type { WorkerFilter } from './attendance.selection-types';
import { idRange, num, rows, ts, uuids, workerConditions, workerOf, WORKER_COLUMNS, WORKER_FROM, type WorkerRow } from './attendance.base.repository';

// ---------------------------------------------------------------------------------------------
// Worked days (what the compensatory rest of art. 38 counts, in modules/permissions).

/**
 * The stored days of these workers over `from`..`to` with a worked status (`WORKED_DAY_STATUSES`), each with
 * its date, status and whether it is a holiday of the worker's calendar (`result.feriado`, as the engine
 * evaluated the day): what `compensatoryRestOwed` counts (a Sunday needs the days of its week).
 */
export async function workedDays(
  db: DbOrTx,
  companyId: string,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<(CompensatoryRestDay & { userId: string })[]> {
  if (userIds.length === 0 || to < from) return [];
  const result = await rows<{ userId: string; fecha: string; status: EstadoDia; holiday: boolean }>(
    db,
    sql`select a.user_id as "userId", a.fecha::text as fecha, a.status, (a.result->>'feriado') is not null as holiday
        from ${attendanceDays} a
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
          and a.status::text = any(${sql.param([...WORKED_DAY_STATUSES])}::text[])
        order by a.user_id, a.fecha`,
  );
  return result.map((r) => ({ userId: r.userId, date: r.fecha, status: r.status, holiday: r.holiday === true }));
}

// ---------------------------------------------------------------------------------------------
// Pay columns: the stored columns remunerations count, per worker and day.

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
          a.week_net_overtime_seconds, a.week_net_overtime_within_seconds, coalesce((a.week::jsonb->>'extraSobrePactadaSegundos')::float8, 0) as week_over_agreed,
          a.week::jsonb->>'lunes' as week_from
        from ${attendanceDays} a
          cross join lateral jsonb_to_record(a.result) as r(feriado text, permiso jsonb, "permisosPorHoras" jsonb)
        where a.company_id = ${companyId} and a.user_id = any(${uuids(userIds)}) and a.fecha between ${from}::date and ${to}::date
          and ${idRange(userIds)}
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
            // The unit's first day: a cycle of an averaged distribution pact (art. 22 bis) starts weeks before its Sunday.
            ...(typeof r.week_from === 'string' ? { from: r.week_from } : {}),
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

// --- Overtime found: the stored days with overtime (modules/overtime lists and decides them) ------

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
  /**
   * The code of the full-day paid permission the day is justified by (`VAC.`, `P.G.R.`…), null without
   * one: the time worked on it is flagged, not confirmable as overtime (packages/domain `checkOvertimeConfirmation`).
   */
  paidPermission: string | null;
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
          (a.plan_kind = 'libre' or a.status = 'feriado' or a.holiday_seconds > 0) as rest_day,
          case when jsonb_typeof(a.result->'permiso') = 'object' and coalesce(jsonb_typeof(a.result->'permiso'->'horas'), 'null') = 'null'
            and (a.result->'permiso'->>'pagado')::boolean then a.result->'permiso'->>'tipo' end as paid_permission
        from ${attendanceDays} a
        where a.company_id = ${companyId}
          and ((a.user_id = any(${uuids(userIds)}) and ${idRange(userIds)} and a.fecha between ${from}::date and ${to}::date and (a.overtime_seconds > 0 or a.overtime_over_agreed_seconds > 0))${also})
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
      paidPermission: typeof r.paid_permission === 'string' ? r.paid_permission : null,
      computedAt: ts(r.computed_at)!,
    };
  });
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

// ---- Worker pages and whole days (the DT's legal reports and the daily e-mail read them) ----

/** The legal reports' worker filter: the attendance filter plus a planned shift and a weekly-hours bound. */
export interface LegalWorkerFilter extends WorkerFilter {
  /** Workers with this shift planned at least once between activeFrom and activeTo. */
  shiftId?: string | undefined;
  /** Part time (`parcial`: agreed hours at most `partTimeMaxHours`) or full time (more, or not set). */
  tipoJornada?: 'completa' | 'parcial' | 'excluida' | undefined;
  partTimeMaxHours?: number | undefined;
  /** Only workers excepted from Sunday rest (art. 38), whatever the dates of their exception. */
  exceptedFromSundayRest?: boolean | undefined;
}

function legalWorkerConditions(companyId: string, f: LegalWorkerFilter): SQL {
  const parts: SQL[] = [workerConditions(companyId, f)];
  if (f.shiftId !== undefined) {
    parts.push(sql`exists (select 1 from ${planningDays} p where p.company_id = u.company_id and p.user_id = u.id and p.shift_id = ${f.shiftId}
      and p.date between ${f.activeFrom ?? '1900-01-01'}::date and ${f.activeTo ?? '2100-12-31'}::date)`);
  }
  if (f.exceptedFromSundayRest) parts.push(sql`u.exceptuado_descanso_dominical`);
  // A worker excluded from the hours limit (art. 22 inc. 2) has no jornada, full or part time, whatever hours the contract says.
  if (f.tipoJornada === 'excluida') parts.push(sql`u.excluido_limite_jornada`);
  else if (f.tipoJornada !== undefined && f.partTimeMaxHours !== undefined) {
    parts.push(
      f.tipoJornada === 'parcial'
        ? sql`(not u.excluido_limite_jornada and u.horas_semanales is not null and u.horas_semanales <= ${f.partTimeMaxHours})`
        : sql`(not u.excluido_limite_jornada and (u.horas_semanales is null or u.horas_semanales > ${f.partTimeMaxHours}))`,
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
