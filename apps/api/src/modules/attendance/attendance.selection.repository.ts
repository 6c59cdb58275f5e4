/**
 * A selection's aggregates of stored days: per worker (a page of a report, sorted and paged in SQL), per
 * group, per (group, site, cargo) and per period bucket, the stored days behind a page's rows, and the
 * options and names of a report's filters. Nothing is evaluated here: every figure is a column of
 * attendance_days, summed with the one map of attendance.sums.repository.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EstadoDia } from '@jornada/contracts';
import { addDays, DAILY_OVERTIME_LIMIT_SECONDS, SUMMED_TOTAL_KEYS, type SummedTotalKey, type SummedTotals } from '@jornada/domain';
import type { DbOrTx } from '../../db/client';
import { attendanceDays, attendanceWorkerRollups, groups, planningDays, rollupColumn, shifts, sites, users } from '../../db/schema/index';
import type { HeadcountRow, HeadcountSortKey, ReportBucket, ReportDay, ReportDayKind, ReportDays, ReportSort, ReportWorker, WorkerFilter } from './attendance.selection-types';
import { num, rows, uuids, workerConditions } from './attendance.base.repository';
import { DAY_OVERTIME, rollupServes, totalsOf, totalsOfRowsSql, totalsOverRowsSql, totalsSql, workerSumsRow } from './attendance.sums.repository';

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
  const months = wholeMonthsOf(d);
  // Whole months of a company-wide selection: each worker's sums are their monthly rollups, a few rows per
  // worker instead of every day; the report's kind is told by the counts of such days.
  const fromRollups = months !== null && rollupServes(f, d);
  const kindKeys = fromRollups ? KIND_KEYS[kind] : [];
  const summed = [...new Set([...keys, ...(sortKey ? [sortKey] : []), ...kindKeys])];
  const sums = fromRollups
    ? sql`${sql.join(
        summed.map((k) => sql`coalesce(sum(w.${sql.identifier(rollupColumn(k))}), 0) as ${sql.identifier(k)}`),
        sql`, `,
      )}, ${kindKeys.length ? sql`(${sql.join(kindKeys.map((k) => sql`coalesce(sum(w.${sql.identifier(rollupColumn(k))}), 0)`), sql` + `)})::int` : sql`0`} as "diasDelReporte"`
    : sql`${totalsSql(summed)}, count(a.fecha) filter (where ${DAY_KIND[kind]})::int as "diasDelReporte"`;
  const source = fromRollups
    ? sql`left join ${attendanceWorkerRollups} w on w.company_id = u.company_id and w.user_id = u.id and w.mes between ${months.from}::date and ${months.to}::date`
    : sql`left join ${attendanceDays} a on a.company_id = u.company_id and a.user_id = u.id and ${reportDayConditions(d)}`;
  const grouped = sql`select u.id, u.nombre, u.apellidos, u.rut, u.cargo, g.nombre as grupo, s.nombre as sede, ${sums}
    from ${users} u
    left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
    left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
    ${source}
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
    rows: result.map(workerSumsRow),
    total: num(agg?.n),
    totals: totalsOf(agg),
  };
}

/**
 * The counts that tell a worker has at least one day of a report's kind (`DAY_KIND`): a late or early day,
 * an absent or justified one, one with overtime found (its two parts are never negative).
 */
const KIND_KEYS: Record<ReportDayKind, SummedTotalKey[]> = {
  todos: [],
  atrasos: ['lateDays', 'earlyLeaveDays'],
  ausencias: ['daysByStatus.ausente', 'daysByStatus.justificado'],
  extra: ['overtimeDays'],
};

/** The first days of the first and last months when `d` covers whole calendar months, or null. */
function wholeMonthsOf(d: ReportDays): { from: string; to: string } | null {
  if (d.to < d.from || !d.from.endsWith('-01')) return null;
  const last = addDays(`${addDays(`${d.to.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1);
  return d.to === last ? { from: d.from, to: `${d.to.slice(0, 8)}01` } : null;
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
          a.planned_seconds, a.worked_seconds, a.missing_seconds, a.late_seconds, a.early_leave_seconds, ${sql.raw(DAY_OVERTIME)} as overtime_seconds,
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
