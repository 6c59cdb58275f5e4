import { ACCESS, calculandoAsistenciaSchema, errorResponseSchema, inicioResponseSchema } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { HomeService } from './home.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

export function registerHomeRoutes(app: ZodApp, service: HomeService, clock: Clock): void {
  app.get(
    '/api/v1/inicio',
    {
      config: { perfiles: ACCESS.homeSummary, deferEvaluation: true },
      schema: {
        tags: ['inicio'],
        summary: 'Tarjetas de la página de inicio',
        description:
          'Administrador y supervisor (`vista: equipo`): los conteos de hoy por estado en su alcance, la tendencia de los últimos 7 días las solicitudes de permiso que esperan su decisión y los pactos de horas extra vigentes que vencen en los próximos 14 días. Trabajador (`vista: personal`): su día, su próximo turno y sus solicitudes pendientes. Todas las cifras vienen del módulo de asistencia.',
        security: [{ bearer: [] }],
        response: { 200: inicioResponseSchema, 202: calculandoAsistenciaSchema, ...errors },
      },
    },
    (request) => service.home(requireSession(request), clock()),
  );
}
