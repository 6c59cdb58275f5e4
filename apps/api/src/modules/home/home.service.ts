/**
 * The home page's cards in one read, built only from other modules' doors: today's counts and the
 * week's trend from the attendance module, pending approvals and requests from the permissions
 * module, the overtime pacts about to end from the overtime module, the next shift from the planning
 * grid. Nothing is computed here.
 */
import {
  ACCESS,
  asistenciaDiaQuerySchema,
  misPermisosQuerySchema,
  PACTO_POR_VENCER_DIAS,
  pactosQuerySchema,
  permisosQuerySchema,
  planificacionQuerySchema,
  type Inicio,
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

/** How far ahead the next shift is looked for. */
const NEXT_SHIFT_DAYS = 14;
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
  /** The first planned shift that has not started yet, from today in the worker's zone. */
  async function nextShift(session: RequestSession, today: string, now: Date): Promise<ProximoTurno | null> {
    const grid = await planning.grid(session, planificacionQuerySchema.parse({ desde: today, hasta: addDays(today, NEXT_SHIFT_DAYS), usuarioIds: session.userId, pageSize: 1 }), now);
    const row = grid.filas[0];
    if (!row) return null;
    const clock = localClockOf(row.usuario.zonaHoraria, now.getTime()).slice(0, 5);
    const localToday = localDate(now, row.usuario.zonaHoraria);
    for (const dia of row.dias) {
      if (dia.tipo !== 'turno' || !dia.turno || dia.fecha < localToday) continue;
      if (dia.fecha === localToday && dia.turno.inicio <= clock) continue;
      return { fecha: dia.fecha, turno: dia.turno };
    }
    return null;
  }

  return {
    async home(session: RequestSession, now: Date): Promise<Inicio> {
      requirePerfil(session, ...ACCESS.homeSummary);
      const fecha = localDate(now);
      if (session.perfil === 'trabajador') {
        const [own, proximoTurno, pending] = await Promise.all([
          attendance.worker(session, session.userId, { desde: fecha, hasta: fecha }, now),
          nextShift(session, fecha, now),
          permissions.mine(session, misPermisosQuerySchema.parse({ estado: 'pendiente', pageSize: PENDING_REQUESTS_SHOWN })),
        ]);
        return {
          vista: 'personal',
          fecha,
          dia: own.dias.find((d) => d.fecha === fecha) ?? null,
          proximoTurno,
          solicitudesPendientes: { total: pending.total, items: pending.items },
        };
      }
      const [day, tendencia, approvals, ending] = await Promise.all([
        attendance.day(session, asistenciaDiaQuerySchema.parse({ fecha, pageSize: 1 }), now),
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
