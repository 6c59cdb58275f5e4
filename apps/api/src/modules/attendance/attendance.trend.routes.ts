import { ACCESS, calculandoAsistenciaSchema, errorResponseSchema, tendenciaAsistenciaQuerySchema, tendenciaAsistenciaResponseSchema } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { AttendanceTrend } from './attendance.trend';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/** The trend of the stored days (attendance.trend.ts): the counts per board status of each day of a range. */
export function registerAttendanceTrendRoutes(app: ZodApp, home: AttendanceTrend, clock: Clock): void {
  app.get(
    '/api/v1/asistencia/tendencia',
    {
      config: { perfiles: ACCESS.attendance, deferEvaluation: true },
      schema: {
        tags: ['asistencia'],
        summary: 'Conteos por estado de cada día de un tramo (tendencia de la semana)',
        description:
          'Para cada día hasta `hasta` (hoy por omisión) y `dias` hacia atrás (7 por omisión, hasta 31): los trabajadores de cada estado del tablero y los días con inconsistencias. Administrador: todos; supervisor: los grupos que lidera; trabajador: él mismo.',
        security: [{ bearer: [] }],
        querystring: tendenciaAsistenciaQuerySchema,
        response: { 200: tendenciaAsistenciaResponseSchema, 202: calculandoAsistenciaSchema, ...errors },
      },
    },
    (request) => home.trend(requireSession(request), request.query, clock()),
  );
}
