import {
  ACCESS,
  aplicarPatronBodySchema,
  cambiarDiaBodySchema,
  cambiarDiaResponseSchema,
  cambiosPageSchema,
  cambiosQuerySchema,
  diaParamsSchema,
  errorResponseSchema,
  extensionDiciembreBodySchema,
  extensionDiciembreQuerySchema,
  extensionDiciembreSchema,
  planificacionGrillaSchema,
  planificacionQuerySchema,
  resultadoPatronSchema,
  vistaPreviaPatronBodySchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { sendJsonInSlices } from '../../lib/json-slices';
import { requireSession } from '../../plugins/auth';
import { BULK_LIMITS, perCompanyLimit } from '../../plugins/rate-limit';
import type { DecemberExtensionService } from './planning.december';
import type { PlanningService } from './planning.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerPlanningRoutes(app: ZodApp, service: PlanningService, december: DecemberExtensionService, clock: Clock): void {
  app.get(
    '/api/v1/planificaciones/extension-diciembre',
    {
      config: { perfiles: ACCESS.planningManage },
      schema: {
        tags: ['planificación'],
        summary: 'Días de extensión de diciembre del comercio (art. 24)',
        description:
          'Los días del 10 al 24 de diciembre del año que la empresa declaró con la jornada extendida (hasta 2 horas, en como máximo nueve días). `comercio` dice si la empresa puede declararlos.',
        security: [{ bearer: [] }],
        querystring: extensionDiciembreQuerySchema,
        response: { 200: extensionDiciembreSchema, ...errors },
      },
    },
    (request) => december.get(requireSession(request), request.query.anio),
  );
  app.put(
    '/api/v1/planificaciones/extension-diciembre',
    {
      config: { perfiles: ACCESS.planningManage },
      schema: {
        tags: ['planificación'],
        summary: 'Declarar los días de extensión de diciembre del comercio (art. 24)',
        description:
          'Reemplaza el conjunto de días del año, todo o nada: solo empresas del comercio, del 10 al 24 de diciembre, como máximo nueve días y 2 horas por día; una fecha de un mes cerrado para remuneraciones no cambia (409). Las alertas de la planificación los leen.',
        security: [{ bearer: [] }],
        body: extensionDiciembreBodySchema,
        response: { 200: extensionDiciembreSchema, ...errors, 409: errorResponseSchema },
      },
    },
    (request) => december.put(requireSession(request), request.body, clock()),
  );
  app.get(
    '/api/v1/planificaciones',
    {
      config: { perfiles: ACCESS.planning },
      schema: {
        tags: ['planificación'],
        summary: 'Grilla de planificación de un mes o rango',
        description:
          'Filas = trabajadores (de un grupo, una sede, una lista de usuarios o todos los visibles), columnas = días, con las horas planificadas por semana y sus alertas legales. Un supervisor ve los grupos que lidera; un trabajador, solo su planificación.',
        security: [{ bearer: [] }],
        querystring: planificacionQuerySchema,
        response: { 200: planificacionGrillaSchema, ...errors },
      },
    },
    (request) => service.grid(requireSession(request), request.query, clock()),
  );
  app.get(
    '/api/v1/planificaciones/cambios',
    {
      config: { perfiles: ACCESS.planning },
      schema: {
        tags: ['planificación'],
        summary: 'Registro de modificaciones de turnos',
        description: 'Cada cambio de un día ya planificado o de un día pasado, con las columnas del reporte legal «d) modificaciones y/o alteraciones de turnos».',
        security: [{ bearer: [] }],
        querystring: cambiosQuerySchema,
        response: { 200: cambiosPageSchema, ...errors },
      },
    },
    (request) => service.changes(requireSession(request), request.query),
  );
  app.put(
    '/api/v1/planificaciones/:usuarioId/:fecha',
    {
      config: { perfiles: ACCESS.planningManage },
      schema: {
        tags: ['planificación'],
        summary: 'Planifica un día de un trabajador',
        description: 'Cambiar un día pasado o un día ya planificado exige `motivo` y queda en el registro de modificaciones.',
        security: [{ bearer: [] }],
        params: diaParamsSchema,
        body: cambiarDiaBodySchema,
        response: { 200: cambiarDiaResponseSchema, ...errors },
      },
    },
    (request) => service.changeDay(requireSession(request), request.params.usuarioId, request.params.fecha, request.body, clock()),
  );
  app.post(
    '/api/v1/planificaciones/patron/vista-previa',
    {
      config: { perfiles: ACCESS.planningManage, rateLimit: perCompanyLimit('patron', BULK_LIMITS.screenPreview) },
      schema: {
        tags: ['planificación'],
        summary: 'Vista previa de un patrón de planificación',
        security: [{ bearer: [] }],
        body: vistaPreviaPatronBodySchema,
        response: { 200: resultadoPatronSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonInSlices(reply, resultadoPatronSchema, await service.previewPattern(requireSession(request), request.body, clock())),
  );
  app.post(
    '/api/v1/planificaciones/patron',
    {
      config: { perfiles: ACCESS.planningManage, rateLimit: perCompanyLimit('patron-aplicar', BULK_LIMITS.screenApply) },
      schema: {
        tags: ['planificación'],
        summary: 'Aplica un patrón de planificación',
        description: 'Todo o nada. `conflictos` decide qué pasa con los días ya planificados: reemplazar o conservar.',
        security: [{ bearer: [] }],
        body: aplicarPatronBodySchema,
        response: { 200: resultadoPatronSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonInSlices(reply, resultadoPatronSchema, await service.applyPattern(requireSession(request), request.body, clock())),
  );
}
