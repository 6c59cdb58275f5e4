/**
 * Inconsistencies as the engine stored them (`attendance_days.inconsistency_codes` and
 * `result.inconsistencias`): one row per worker, local date and code, with its state (open, in
 * correction, dismissed). Nothing is recomputed here: the days are brought up to date with the
 * attendance service's `ensureFresh` and read as stored.
 */
import {
  ACCESS,
  CODIGO_INCONSISTENCIA_LABELS,
  CODIGOS_INCONSISTENCIA,
  ESTADOS_INCONSISTENCIA,
  INCONSISTENCIAS_MAX_EXPORTAR,
  type CodigoInconsistencia,
  type DescarteInconsistencia,
  type DiaInconsistenciaResponse,
  type EstadoAsistencia,
  type EstadoInconsistencia,
  type FilaInconsistencia,
  type InconsistenciasResponse,
  type inconsistenciasFiltroSchema,
  type inconsistenciasQuerySchema,
} from '@jornada/contracts';
import { addDays, formatRut } from '@jornada/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound, requireId } from '../../lib/access';
import { localDate } from '../../lib/clock';
import type { RequestSession } from '../../plugins/types';
import { boardStatus } from './attendance.model';
import * as repo from './attendance.repository';
import type { AttendanceService } from './attendance.service';

export type InconsistenciasFiltro = z.output<typeof inconsistenciasFiltroSchema>;
export type InconsistenciasInput = z.output<typeof inconsistenciasQuerySchema>;

const INCONSISTENCY_MESSAGES = {
  workerNotFound: 'El trabajador no existe.',
  dayNotFound: 'No hay asistencia calculada para ese trabajador en esa fecha.',
} as const;

const PLAN_LABELS: Record<string, string> = { libre: 'Libre', sin_planificacion: 'Sin planificación' };

function rowOf(r: repo.InconsistencyRow): FilaInconsistencia {
  return {
    usuarioId: r.userId,
    nombre: r.nombre,
    apellidos: r.apellidos,
    rut: formatRut(r.rut) ?? r.rut,
    grupo: r.groupId ? { id: r.groupId, nombre: r.groupNombre ?? '' } : null,
    sede: r.siteId ? { id: r.siteId, nombre: r.siteNombre ?? '' } : null,
    zonaHoraria: r.zone,
    fecha: r.fecha,
    codigo: r.code as CodigoInconsistencia,
    etiqueta: r.label ?? CODIGO_INCONSISTENCIA_LABELS[r.code as CodigoInconsistencia] ?? r.code,
    estado: r.estado,
    estadoDia: r.status,
    plan: r.plan === 'turno' ? `Turno ${r.shiftLabel ?? ''}`.trim() : (PLAN_LABELS[r.plan] ?? r.plan),
    marcas: r.marks,
    marcaIds: r.markIds,
    descarte: r.dismissal
      ? { id: r.dismissal.id, motivo: r.dismissal.reason, por: { id: r.dismissal.byId, nombre: r.dismissal.byName }, en: r.dismissal.at.toISOString(), reabiertoPor: null, reabiertoEn: null }
      : null,
  };
}

export function createInconsistencyReads({ db, attendance }: { db: Db; attendance: AttendanceService }) {
  /** Administrador: the company; supervisor: the groups they lead. Trabajador and fiscalizador: 403. */
  const scopeOf = (session: RequestSession): Promise<repo.WorkerFilter> => attendance.scopeWithin(session, ACCESS.inconsistencies);

  /** The workers and days of a filter, brought up to date (404 for a group, site or worker out of scope). */
  async function prepare(session: RequestSession, query: InconsistenciasFiltro, now: Date) {
    const scope = await scopeOf(session);
    await attendance.checkFilterIds(session, scope, query.grupoId, query.sedeId);
    if (query.usuarioId !== undefined) {
      requireId(query.usuarioId, INCONSISTENCY_MESSAGES.workerNotFound);
      const [w] = await repo.listWorkers(db, session.companyId, { ...scope, userId: query.usuarioId });
      if (!w) throw notFound(INCONSISTENCY_MESSAGES.workerNotFound);
    }
    const today = localDate(now);
    const { desde, hasta } = attendance.period(query, today);
    const filter: repo.WorkerFilter = { ...scope, userId: query.usuarioId, grupoId: query.grupoId, sedeId: query.sedeId, q: query.q, activeFrom: desde, activeTo: hasta };
    // A day is listed once closed; today's days may be (a shift that ended), tomorrow's never.
    const last = hasta < addDays(today, 1) ? hasta : addDays(today, 1);
    if (desde <= last) await attendance.ensureFresh(session.companyId, await repo.workerIds(db, session.companyId, filter), desde, last, now);
    const where: repo.InconsistencyFilter = { desde, hasta, codigo: query.codigo, estado: query.estado, now };
    return { filter, where, desde, hasta };
  }

  return {
    /** One page of inconsistencies, with the counts per code (without the code filter) and per state (without the state filter). */
    async list(session: RequestSession, query: InconsistenciasInput, now: Date): Promise<InconsistenciasResponse> {
      const { filter, where, desde, hasta } = await prepare(session, query, now);
      const [items, counts] = await Promise.all([
        repo.inconsistencyRows(db, session.companyId, filter, where, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
        repo.inconsistencyCounts(db, session.companyId, filter, { ...where, codigo: undefined, estado: undefined }),
      ]);
      const conteos = Object.fromEntries(CODIGOS_INCONSISTENCIA.map((c) => [c, 0])) as Record<CodigoInconsistencia, number>;
      const conteosEstado = Object.fromEntries(ESTADOS_INCONSISTENCIA.map((e) => [e, 0])) as Record<EstadoInconsistencia, number>;
      let total = 0;
      for (const c of counts) {
        const codeMatches = query.codigo === undefined || c.code === query.codigo;
        const stateMatches = query.estado === undefined || c.estado === query.estado;
        if (stateMatches && c.code in conteos) conteos[c.code as CodigoInconsistencia] += c.n;
        if (codeMatches && c.estado in conteosEstado) conteosEstado[c.estado as EstadoInconsistencia] += c.n;
        if (codeMatches && stateMatches) total += c.n;
      }
      return { desde, hasta, items: items.map(rowOf), total, page: query.page, pageSize: query.pageSize, conteos, conteosEstado };
    },

    /** Every inconsistency of the filter (at most INCONSISTENCIAS_MAX_EXPORTAR) for an export. */
    async exportRows(session: RequestSession, query: InconsistenciasFiltro, now: Date): Promise<{ desde: string; hasta: string; rows: FilaInconsistencia[] }> {
      const { filter, where, desde, hasta } = await prepare(session, query, now);
      const rows = await repo.inconsistencyRows(db, session.companyId, filter, where, { limit: INCONSISTENCIAS_MAX_EXPORTAR, offset: 0 });
      return { desde, hasta, rows: rows.map(rowOf) };
    },

    /**
     * Open inconsistencies (neither dismissed nor waiting for a correction) of the whole company over
     * `desde`..`hasta`: what the list shows an administrador with `estado=abierta`. No session: the
     * caller has checked its own perfil; it brings the days up to date first (`ensureFresh`).
     */
    async openCount(companyId: string, desde: string, hasta: string, now: Date): Promise<number> {
      // The counts come per code and state, as the list's counters read them.
      const counts = await repo.inconsistencyCounts(db, companyId, { activeFrom: desde, activeTo: hasta }, { desde, hasta, now });
      return counts.reduce((sum, c) => sum + (c.estado === 'abierta' ? c.n : 0), 0);
    },

    /** A worker's day with its plan, marks, explanation and each inconsistency's state and dismissal log (404 out of scope). */
    async day(session: RequestSession, usuarioId: string, fecha: string, now: Date): Promise<DiaInconsistenciaResponse> {
      const scope = await scopeOf(session);
      requireId(usuarioId, INCONSISTENCY_MESSAGES.workerNotFound);
      const [w] = await repo.listWorkers(db, session.companyId, { ...scope, userId: usuarioId });
      if (!w) throw notFound(INCONSISTENCY_MESSAGES.workerNotFound);
      await attendance.ensureFresh(session.companyId, [w.id], fecha, fecha, now);
      const [stored] = await repo.periodDays(db, session.companyId, w.id, fecha, fecha);
      if (!stored) throw notFound(INCONSISTENCY_MESSAGES.dayNotFound);
      const { estado } = boardStatus(
        { status: stored.status, lateSeconds: stored.lateSeconds, shiftEnd: stored.shiftEnd, firstEntry: stored.firstEntry, codes: stored.result.inconsistencias.map((i) => i.codigo) },
        now,
      );
      const [dismissals, pending] = await Promise.all([
        repo.dayDismissals(db, session.companyId, w.id, fecha),
        repo.dayPendingCorrections(db, session.companyId, w.id, fecha, stored.result.marcas.map((m) => m.id)),
      ]);
      const log = (d: (typeof dismissals)[number]): DescarteInconsistencia => ({
        id: d.id,
        motivo: d.reason,
        por: { id: d.byId, nombre: d.byName },
        en: d.at.toISOString(),
        reabiertoPor: d.reopenedById ? { id: d.reopenedById, nombre: d.reopenedByName ?? '' } : null,
        reabiertoEn: d.reopenedAt?.toISOString() ?? null,
      });
      return {
        trabajador: {
          id: w.id,
          nombre: w.nombre,
          apellidos: w.apellidos,
          rut: formatRut(w.rut) ?? w.rut,
          grupo: w.groupId ? { id: w.groupId, nombre: w.groupNombre ?? '' } : null,
          sede: w.siteId ? { id: w.siteId, nombre: w.siteNombre ?? '' } : null,
          zonaHoraria: w.zone,
        },
        dia: { ...stored.result, estado: estado as EstadoAsistencia, calculadoEn: stored.computedAt.toISOString() },
        inconsistencias: stored.result.inconsistencias
          .filter((i): i is typeof i & { codigo: CodigoInconsistencia } => (CODIGOS_INCONSISTENCIA as readonly string[]).includes(i.codigo))
          .map((i) => {
            const own = dismissals.filter((d) => d.code === i.codigo);
            const standing = own.some((d) => d.reopenedAt === null);
            return {
              codigo: i.codigo,
              etiqueta: i.etiqueta,
              marcaIds: i.marcaIds,
              estado: standing ? 'descartada' : pending.length > 0 ? 'en_correccion' : 'abierta',
              descartes: own.map(log),
            };
          }),
        correccionesPendientes: pending,
      };
    },
  };
}

export type InconsistencyReads = ReturnType<typeof createInconsistencyReads>;
