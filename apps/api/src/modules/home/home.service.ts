/**
 * The home page's cards in one read, built only from other modules' doors: today's counts and the
 * week's trend from the attendance module, pending approvals and requests from the permissions
 * module, the overtime pacts about to end from the overtime module, the next shift from the planning
 * grid. Nothing is computed here.
 */
import {
  ACCESS,
  misPermisosQuerySchema,
  PACTO_POR_VENCER_DIAS,
  pactosQuerySchema,
  permisosQuerySchema,
  planificacionQuerySchema,
  type Inicio,
  type Permiso,
  type PermisoEnCurso,
  type ProximoTurno,
} from '@jornada/contracts';
import { addDays, localClockOf } from '@jornada/domain';
import { requirePerfil } from '../../lib/access';
import { localDate } from '../../lib/clock';
import type { RequestSession } from '../../plugins/types';
import type { AttendanceTrend, AttendanceService } from '../attendance/index';
import type { OvertimeService } from '../overtime/index';
import type { PermissionsService } from '../permissions/index';
import type { PlanningService } from '../planning/index';

/** How far ahead the next shift is looked for (after the permission the worker is on, if any). */
const NEXT_SHIFT_DAYS = 14;
/** The grid's own limit is 93 days: a longer permission (a postnatal rest) does not push the search past it. */
const NEXT_SHIFT_MAX_DAYS = 90;
/** Approved permissions read around today: more than enough for a fortnight and a bit. */
const PERMISSIONS_READ = 50;
/** Pending requests listed on a worker's home (the count covers all). */
const PENDING_REQUESTS_SHOWN = 5;

interface HomeDeps {
  attendance: AttendanceService;
  attendanceTrend: AttendanceTrend;
  permissions: PermissionsService;
  planning: PlanningService;
  overtime: Pick<OvertimeService, 'listPacts'>;
}

export function createHomeService({ attendance, attendanceTrend, permissions, planning, overtime }: HomeDeps) {
  /**
   * The first planned shift that has not started yet, from today in the worker's zone, skipping the days
   * an approved whole-day permission covers (a worker on vacation has no shift to go to), and the
   * permission the worker is on today or, failing that, the one the next planned shift's day falls in.
   */
  async function nextShift(session: RequestSession, today: string, now: Date): Promise<{ proximoTurno: ProximoTurno | null; permiso: PermisoEnCurso | null }> {
    const approved = await permissions.mine(session, misPermisosQuerySchema.parse({ estado: 'aprobado', desde: addDays(today, -1), hasta: addDays(today, NEXT_SHIFT_DAYS), pageSize: PERMISSIONS_READ }));
    const wholeDays = approved.items.filter((p) => p.horaInicio === null).sort((a, b) => a.desde.localeCompare(b.desde));
    const coveringOf = (fecha: string): Permiso | undefined => wholeDays.find((p) => p.desde <= fecha && fecha <= p.hasta);
    const lastCovered = wholeDays.reduce((last, p) => (p.hasta > last ? p.hasta : last), today);
    const until = lastCovered > today ? addDays(lastCovered, NEXT_SHIFT_DAYS) : addDays(today, NEXT_SHIFT_DAYS);
    const cap = addDays(today, NEXT_SHIFT_MAX_DAYS);
    const grid = await planning.grid(session, planificacionQuerySchema.parse({ desde: today, hasta: until < cap ? until : cap, usuarioIds: session.userId, pageSize: 1 }), now);
    const row = grid.filas[0];
    const localToday = row ? localDate(now, row.usuario.zonaHoraria) : today;
    const onPermission = (p: Permiso, hoy: boolean): PermisoEnCurso => ({ codigo: p.tipo.codigo, nombre: p.tipo.nombre, conGoce: p.tipo.conGoce, desde: p.desde, hasta: p.hasta, hoy });
    const todays = coveringOf(localToday);
    let permiso = todays ? onPermission(todays, true) : null;
    if (!row) return { proximoTurno: null, permiso };
    const clock = localClockOf(row.usuario.zonaHoraria, now.getTime()).slice(0, 5);
    for (const dia of row.dias) {
      if (dia.tipo !== 'turno' || !dia.turno || dia.fecha < localToday) continue;
      if (dia.fecha === localToday && dia.turno.inicio <= clock) continue;
      const covering = coveringOf(dia.fecha);
      if (covering) {
        permiso ??= onPermission(covering, false);
        continue;
      }
      return { proximoTurno: { fecha: dia.fecha, turno: dia.turno }, permiso };
    }
    return { proximoTurno: null, permiso };
  }

  return {
    async home(session: RequestSession, now: Date): Promise<Inicio> {
      requirePerfil(session, ...ACCESS.homeSummary);
      const fecha = localDate(now);
      if (session.perfil === 'trabajador') {
        const [own, { proximoTurno, permiso }, pending] = await Promise.all([
          attendance.worker(session, session.userId, { desde: fecha, hasta: fecha }, now),
          nextShift(session, fecha, now),
          permissions.mine(session, misPermisosQuerySchema.parse({ estado: 'pendiente', pageSize: PENDING_REQUESTS_SHOWN })),
        ]);
        return {
          vista: 'personal',
          fecha,
          dia: own.dias.find((d) => d.fecha === fecha) ?? null,
          proximoTurno,
          permiso,
          solicitudesPendientes: { total: pending.total, items: pending.items },
        };
      }
      const [day, tendencia, approvals, ending] = await Promise.all([
        attendance.dayCounts(session, now),
        attendanceTrend.trend(session, { hasta: fecha, dias: 7 }, now),
        permissions.list(session, permisosQuerySchema.parse({ estado: 'pendiente', pageSize: 1 })),
        // The pacts page's own filter, so the card's count is what its link lists.
        overtime.listPacts(session, pactosQuerySchema.parse({ venceEnDias: PACTO_POR_VENCER_DIAS, pageSize: 1 }), now),
      ]);
      return {
        vista: 'equipo',
        fecha,
        hoy: { conteos: day.conteos, trabajadores: day.trabajadores, calculadoEn: day.calculadoEn },
        tendencia,
        aprobacionesPendientes: approvals.pendientes,
        pactosPorVencer: { total: ending.total, dias: PACTO_POR_VENCER_DIAS },
      };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
