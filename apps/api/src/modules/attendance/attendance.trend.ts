/**
 * The trend of the stored days: the counts per board status of each day of a range (the home shows
 * the week's) and the worker-days with inconsistencies. Every figure is a stored
 * evaluation classified by the board's own rule (`boardStatusOfGroup`), never a second calculation.
 */
import type { TendenciaAsistencia, tendenciaAsistenciaQuerySchema } from '@jornada/contracts';
import { addDays, eachDate } from '@jornada/domain';
import type { z } from 'zod';
import { localDate } from '../../lib/clock';
import type { RequestSession } from '../../plugins/types';
import { boardStatusOfGroup, zeroCounts } from './attendance.model';
import type { AttendanceService } from './attendance.service';

type TendenciaAsistenciaInput = z.output<typeof tendenciaAsistenciaQuerySchema>;

interface AttendanceTrendDeps {
  attendance: AttendanceService;
}

export function createAttendanceTrend({ attendance }: AttendanceTrendDeps) {
  return {
    /**
     * Counts per board status of each day from `hasta - dias + 1` to `hasta` for the caller's scope
     * (administrador: everyone; supervisor: the groups they lead; trabajador: themselves). Days are
     * brought up to date first, as every attendance read does.
     */
    async trend(session: RequestSession, query: TendenciaAsistenciaInput, now: Date): Promise<TendenciaAsistencia> {
      const scope = await attendance.scopeOf(session);
      const hasta = query.hasta ?? localDate(now);
      const desde = addDays(hasta, -(query.dias - 1));
      const filter = { ...scope, activeFrom: desde, activeTo: hasta };
      await attendance.ensureFreshFilter(session.companyId, filter, desde, hasta, now);
      const byDate = new Map(eachDate(desde, hasta).map((fecha) => [fecha, { fecha, conteos: zeroCounts(), trabajadores: 0, inconsistencias: 0 }]));
      // Days gathered by what their board status depends on: each group classified once, counted by its size
      // (for the whole company, the stored counts per group less the days of the few workers not counted).
      for (const group of await attendance.boardGroupsOf(session.companyId, filter, desde, hasta)) {
        const day = byDate.get(group.fecha);
        if (!day) continue;
        const { estado, enJornada } = boardStatusOfGroup(group, now);
        day.conteos[estado] += group.n;
        day.trabajadores += group.n;
        // An entry without its exit while the shift still runs is a day in progress, not an inconsistency yet.
        if (group.hasCodes && !enJornada) day.inconsistencias += group.n;
      }
      const dias = [...byDate.values()];
      return { desde, hasta, dias, inconsistencias: dias.reduce((sum, d) => sum + d.inconsistencias, 0) };
    },
  };
}

export type AttendanceTrend = ReturnType<typeof createAttendanceTrend>;
