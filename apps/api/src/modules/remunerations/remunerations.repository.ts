/**
 * All SQL of the remunerations module. It writes only `payroll_periods`, `payroll_period_events`,
 * `payroll_period_rows` and its stored pay (`remuneration_rows`, remunerations.stored.repository.ts);
 * workers, groups, sites and the company's Sunday surcharge are read with read-only queries (the
 * contract terms and settings pay needs).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AveragedDistribution } from '@jornada/domain';
import { companies, groups, payrollPeriodEvents, payrollPeriodRows, payrollPeriods, sites, users } from '../../db/schema/index';

type Rows<T> = { rows: T[] };
async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer execute() with `rows`.
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}
const ts = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));

/** A worker with the contract terms pay needs. */
export interface PayWorkerRow {
  id: string;
  nombre: string;
  apellidos: string;
  rut: string;
  cargo: string | null;
  groupId: string | null;
  groupNombre: string | null;
  siteId: string | null;
  siteNombre: string | null;
  horasSemanales: number | null;
  sueldoBase: number | null;
  numeroContrato: string | null;
  /** Excepted from Sunday rest (art. 38): their ordinary Sunday hours carry the company's surcharge. */
  exceptuadoDescansoDominical: boolean;
  /** Averaged distribution pact (art. 22 bis): its cycles are settled whole, in the month where each ends. */
  jornadaPromedio: AveragedDistribution | null;
  /** The exception's first and last day (null: the contract's own): only Sundays within them carry the surcharge. */
  exceptuadoDescansoDominicalDesde: string | null;
  exceptuadoDescansoDominicalHasta: string | null;
}

export interface PayWorkerFilter {
  userId?: string | undefined;
  /** These workers only (those whose stored row is missing). */
  userIds?: readonly string[] | undefined;
  grupoId?: string | undefined;
  sedeId?: string | undefined;
  cargo?: string | undefined;
  q?: string | undefined;
  /** Workers whose contract touches the month (and active, or deactivated after its start). */
  from: string;
  to: string;
}

export function payWorkerConditions(companyId: string, f: PayWorkerFilter): SQL {
  const parts: SQL[] = [sql`u.company_id = ${companyId}`, sql`u.perfil <> 'fiscalizador'`];
  if (f.userId !== undefined) parts.push(sql`u.id = ${f.userId}`);
  if (f.userIds !== undefined) parts.push(sql`u.id = any(${sql.param([...f.userIds])}::uuid[])`);
  if (f.grupoId !== undefined) parts.push(sql`u.group_id = ${f.grupoId}`);
  if (f.sedeId !== undefined) parts.push(sql`u.site_id = ${f.sedeId}`);
  if (f.cargo !== undefined && f.cargo !== '') parts.push(sql`lower(u.cargo) = lower(${f.cargo})`);
  if (f.q !== undefined && f.q !== '') {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = f.q.replace(/[^0-9kK]/g, '');
    parts.push(
      sql`(u.nombre ilike ${like} or u.apellidos ilike ${like} or (u.nombre || ' ' || u.apellidos) ilike ${like} or u.rut ilike ${like}${
        digits.length >= 3 ? sql` or replace(u.rut, '-', '') ilike ${`%${digits}%`}` : sql``
      })`,
    );
  }
  parts.push(sql`u.inicio_contrato <= ${f.to}::date`);
  parts.push(sql`(u.fin_contrato is null or u.fin_contrato >= ${f.from}::date)`);
  parts.push(sql`(u.active or u.deactivated_at >= ${f.from}::date)`);
  return sql.join(parts, sql` and `);
}

/** Every worker of the filter in the list's order (surname, name), or one page of them (`users_company_name_idx`). */
export async function payWorkers(db: DbOrTx, companyId: string, f: PayWorkerFilter, page?: { offset: number; limit: number }): Promise<PayWorkerRow[]> {
  const result = await rows<Omit<PayWorkerRow, 'jornadaPromedio'> & { pactWeeks: number | null; pactFrom: string | null; pactTo: string | null }>(
    db,
    sql`select u.id, u.nombre, u.apellidos, u.rut, u.cargo, u.group_id as "groupId", g.nombre as "groupNombre", u.site_id as "siteId",
          s.nombre as "siteNombre", u.horas_semanales as "horasSemanales", u.sueldo_base as "sueldoBase", u.numero_contrato as "numeroContrato",
          u.exceptuado_descanso_dominical as "exceptuadoDescansoDominical", u.jornada_promedio_semanas as "pactWeeks",
          u.jornada_promedio_desde::text as "pactFrom", u.jornada_promedio_hasta::text as "pactTo",
          u.exceptuado_descanso_dominical_desde::text as "exceptuadoDescansoDominicalDesde", u.exceptuado_descanso_dominical_hasta::text as "exceptuadoDescansoDominicalHasta"
        from ${users} u
        left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
        left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id
        where ${payWorkerConditions(companyId, f)}
        order by u.apellidos, u.nombre, u.id
        ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  return result.map(({ pactWeeks, pactFrom, pactTo, ...r }) => ({
    ...r,
    horasSemanales: r.horasSemanales === null ? null : Number(r.horasSemanales),
    sueldoBase: r.sueldoBase === null ? null : Number(r.sueldoBase),
    jornadaPromedio: pactWeeks !== null && pactFrom !== null ? { cycleWeeks: Number(pactWeeks), from: pactFrom, to: pactTo } : null,
  }));
}

/** The company's Sunday surcharge in percent (art. 38 inc. 2, Ley 20.823; 30 by default). */
export async function sundaySurchargePercent(db: DbOrTx, companyId: string): Promise<number> {
  const result = await rows<{ percent: number }>(db, sql`select ${companies.recargoDominicalPorcentaje} as percent from ${companies} where ${companies.id} = ${companyId}`);
  return Number(result[0]?.percent ?? 30);
}

export async function groupExists(db: DbOrTx, companyId: string, groupId: string): Promise<boolean> {
  return (await rows(db, sql`select 1 from ${groups} where ${groups.companyId} = ${companyId} and ${groups.id} = ${groupId}`)).length > 0;
}

export async function siteExists(db: DbOrTx, companyId: string, siteId: string): Promise<boolean> {
  return (await rows(db, sql`select 1 from ${sites} where ${sites.companyId} = ${companyId} and ${sites.id} = ${siteId}`)).length > 0;
}

/** A month's closing state, or undefined when it was never closed. */
export interface PeriodRow {
  periodo: string;
  closedAt: Date | null;
  closedBy: string | null;
  closedByNombre: string | null;
}

export async function findPeriod(db: DbOrTx, companyId: string, periodo: string, lock = false): Promise<PeriodRow | undefined> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select p.periodo, p.closed_at, p.closed_by, u.nombre || ' ' || u.apellidos as closed_by_nombre
        from ${payrollPeriods} p left join ${users} u on u.company_id = p.company_id and u.id = p.closed_by
        where p.company_id = ${companyId} and p.periodo = ${periodo} ${lock ? sql`for update of p` : sql``}`,
  );
  const r = result[0];
  return r ? { periodo: r.periodo as string, closedAt: ts(r.closed_at), closedBy: (r.closed_by as string | null) ?? null, closedByNombre: (r.closed_by_nombre as string | null) ?? null } : undefined;
}

/** Makes sure the month's row exists (open) and locks it, so closings and reopenings of a month queue up. */
export async function lockPeriod(tx: DbOrTx, companyId: string, periodo: string, now: Date): Promise<PeriodRow> {
  await tx.execute(
    sql`insert into ${payrollPeriods} (company_id, periodo, updated_at) values (${companyId}, ${periodo}, ${now.toISOString()}::timestamptz)
        on conflict (company_id, periodo) do nothing`,
  );
  return (await findPeriod(tx, companyId, periodo, true))!;
}

export async function closePeriod(tx: DbOrTx, companyId: string, periodo: string, userId: string, now: Date): Promise<void> {
  await tx.execute(
    sql`update ${payrollPeriods} set closed_at = ${now.toISOString()}::timestamptz, closed_by = ${userId}, updated_at = ${now.toISOString()}::timestamptz
        where company_id = ${companyId} and periodo = ${periodo}`,
  );
}

export async function reopenPeriod(tx: DbOrTx, companyId: string, periodo: string, userId: string, reason: string, now: Date): Promise<void> {
  await tx.execute(
    sql`update ${payrollPeriods} set closed_at = null, closed_by = null, reopened_at = ${now.toISOString()}::timestamptz, reopened_by = ${userId},
          reopen_reason = ${reason}, updated_at = ${now.toISOString()}::timestamptz
        where company_id = ${companyId} and periodo = ${periodo}`,
  );
}

export async function insertEvent(tx: DbOrTx, values: typeof payrollPeriodEvents.$inferInsert): Promise<void> {
  await tx.insert(payrollPeriodEvents).values(values);
}

export interface EventRow {
  accion: 'cierre' | 'reapertura';
  at: Date;
  userId: string;
  userNombre: string;
  motivo: string | null;
}

/** Every closing and reopening of a month, newest first. */
export async function periodEvents(db: DbOrTx, companyId: string, periodo: string): Promise<EventRow[]> {
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select e.accion, e.at, e.user_id, u.nombre || ' ' || u.apellidos as user_nombre, e.motivo
        from ${payrollPeriodEvents} e join ${users} u on u.company_id = e.company_id and u.id = e.user_id
        where e.company_id = ${companyId} and e.periodo = ${periodo}
        order by e.at desc, e.id`,
  );
  return result.map((r) => ({
    accion: r.accion as EventRow['accion'],
    at: ts(r.at)!,
    userId: r.user_id as string,
    userNombre: r.user_nombre as string,
    motivo: (r.motivo as string | null) ?? null,
  }));
}

/** Which of these months (YYYYMM) are closed for the company. */

/** A worker's figures as a closed month reported them. */
export interface FrozenRow<Row, Week> {
  userId: string;
  row: Row;
  weeks: Week[];
}

/** Stores what a month reports at its close (in the closing transaction). */
export async function freezeRows(tx: DbOrTx, companyId: string, periodo: string, frozen: readonly FrozenRow<unknown, unknown>[]): Promise<void> {
  for (let i = 0; i < frozen.length; i += 500) {
    const chunk = frozen.slice(i, i + 500);
    await tx.insert(payrollPeriodRows).values(chunk.map((f) => ({ companyId, periodo, userId: f.userId, row: f.row, weeks: f.weeks })));
  }
}

/** Forgets what a reopened month reported. */
export async function thawRows(tx: DbOrTx, companyId: string, periodo: string): Promise<void> {
  await tx.execute(sql`delete from ${payrollPeriodRows} where company_id = ${companyId} and periodo = ${periodo}`);
}

/** Whether the closed month has its figures stored (months closed before they were stored have none). */
export async function hasFrozenRows(db: DbOrTx, companyId: string, periodo: string): Promise<boolean> {
  const result = await rows<{ found: boolean }>(db, sql`select exists (select 1 from ${payrollPeriodRows} where company_id = ${companyId} and periodo = ${periodo}) as found`);
  return Boolean(result[0]?.found);
}

/** The stored figures of these workers in a closed month. */
export async function frozenRows<Row, Week>(db: DbOrTx, companyId: string, periodo: string, userIds: readonly string[]): Promise<Map<string, FrozenRow<Row, Week>>> {
  const out = new Map<string, FrozenRow<Row, Week>>();
  if (userIds.length === 0) return out;
  const result = await rows<Record<string, unknown>>(
    db,
    sql`select user_id, row, weeks from ${payrollPeriodRows}
        where company_id = ${companyId} and periodo = ${periodo} and user_id = any(${sql.param([...userIds])}::uuid[])`,
  );
  const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
  for (const r of result) out.set(r.user_id as string, { userId: r.user_id as string, row: json<Row>(r.row), weeks: json<Week[]>(r.weeks) });
  return out;
}
