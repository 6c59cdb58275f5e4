/** What every attendance repository file shares: the statement runner, value readers and the worker filter's conditions. */
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scheduleInForceId } from '../../db/exceptional-schedule';
import { exceptionalSchedules, groups, sites, users } from '../../db/schema/index';
import type { WorkerFilter } from './attendance.selection-types';
import type { ModoDerechoAlimentacion } from '@jornada/contracts';
import type { AuthorisedSchedule } from '@jornada/domain';

type Rows<T> = { rows: T[] };
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer execute() with `rows`.
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

export const uuids = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/**
 * `a.user_id` within the lowest and highest of some ids (beside `= any(ids)`): a caller that asks for
 * workers a chunk at a time in id order (remunerations) has each chunk read along the primary key, where a
 * long id list alone would have the planner read the whole table.
 */
export function idRange(ids: readonly string[]): SQL {
  if (ids.length === 0) return sql`false`;
  const sorted = [...ids].sort();
  return sql`a.user_id between ${sorted[0]!}::uuid and ${sorted[sorted.length - 1]!}::uuid`;
}
export const ts = (value: unknown): Date | null => (value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value)));
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The conditions of a worker filter over `users u`. */
export function workerConditions(companyId: string, f: WorkerFilter): SQL {
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
  /** Excepted from Sunday and holiday rest (art. 38): with its first and last day (null: the contract's), the engine's `worksOnHolidays`. */
  exceptuadoDescansoDominical: boolean;
  exceptuadoDescansoDominicalDesde: string | null;
  exceptuadoDescansoDominicalHasta: string | null;
  /** Excluded from the hours limit (art. 22 inc. 2): the engine's `excludedFromHoursLimit`. */
  excluidoLimiteJornada: boolean;
  /** Flexible start band in minutes (art. 27, Ley 21.561): the engine's `flexibleStartBandSeconds`. */
  bandaInicioFlexibleMinutos: number | null;
  /** The child's second birthday (art. 206): with the mode, the engine's `feedingRight`. */
  derechoAlimentacionHasta: string | null;
  derechoAlimentacionModo: ModoDerechoAlimentacion;
  /** The exceptional schedule the worker is under (art. 38 inc. final): with the period, the engine's `exceptionalSchedule`. */
  jornadaExcepcional: AuthorisedSchedule | null;
  /** Averaged distribution pact (art. 22 bis): cycle weeks, first Monday and last Sunday (null: open); null without a pact. */
  jornadaPromedioSemanas: number | null;
  jornadaPromedioDesde: string | null;
  jornadaPromedioHasta: string | null;
  inicioContrato: string;
  finContrato: string | null;
}


/** The exceptional schedule in force for the worker `u` (their own, else their group's) as the domain's `AuthorisedSchedule` (json), or null. */
export const EXCEPTIONAL_SCHEDULE = sql`(select json_build_object('resolution', je.numero, 'workDays', je.dias_trabajo, 'restDays', je.dias_descanso,
    'dailyOrdinaryHours', je.horas_diarias, 'validFrom', je.vigente_desde, 'validTo', je.vigente_hasta)
  from ${exceptionalSchedules} je where je.company_id = u.company_id and je.id = ${scheduleInForceId('u')})`;

export const WORKER_COLUMNS = sql`u.id, u.nombre, u.apellidos, u.rut, u.cargo, u.group_id as "groupId", g.nombre as "groupNombre",
  u.site_id as "siteId", s.nombre as "siteNombre", coalesce(s.time_zone, 'America/Santiago') as zone, s.region, s.comuna,
  nullif(concat_ws(', ', nullif(trim(concat_ws(' ', s.calle, s.numero)), ''), s.comuna), '') as "siteDireccion",
  u.horas_semanales as "horasSemanales", u.exceptuado_descanso_dominical as "exceptuadoDescansoDominical",
  u.exceptuado_descanso_dominical_desde::text as "exceptuadoDescansoDominicalDesde", u.exceptuado_descanso_dominical_hasta::text as "exceptuadoDescansoDominicalHasta",
  u.excluido_limite_jornada as "excluidoLimiteJornada", u.banda_inicio_flexible_minutos as "bandaInicioFlexibleMinutos",
  u.derecho_alimentacion_hasta::text as "derechoAlimentacionHasta", u.derecho_alimentacion_modo as "derechoAlimentacionModo",
  ${EXCEPTIONAL_SCHEDULE} as "jornadaExcepcional",
  u.jornada_promedio_semanas as "jornadaPromedioSemanas", u.jornada_promedio_desde::text as "jornadaPromedioDesde",
  u.jornada_promedio_hasta::text as "jornadaPromedioHasta",
  u.inicio_contrato::text as "inicioContrato", u.fin_contrato::text as "finContrato"`;
export const WORKER_FROM = sql`${users} u
  left join ${groups} g on g.company_id = u.company_id and g.id = u.group_id
  left join ${sites} s on s.company_id = u.company_id and s.id = u.site_id`;

export function workerOf(r: WorkerRow): WorkerRow {
  return { ...r, horasSemanales: r.horasSemanales === null ? null : Number(r.horasSemanales) };
}
