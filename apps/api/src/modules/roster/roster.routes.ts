import {
  ACCESS,
  aplicarPropuestaResponseSchema,
  crearPropuestaBodySchema,
  demandaBodySchema,
  demandaSchema,
  errorResponseSchema,
  idParamsSchema,
  propuestaSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { RosterService } from './roster.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerRosterRoutes(app: ZodApp, service: RosterService, clock: Clock): void {
  app.get(
    '/api/v1/sedes/:id/demanda',
    {
      config: { perfiles: ACCESS.roster },
      schema: { tags: ['planificación automática'], summary: 'Demanda de personal de una sede', params: idParamsSchema, response: { 200: demandaSchema, ...errors } },
    },
    async (request) => service.getDemand(requireSession(request), request.params.id),
  );

  app.put(
    '/api/v1/sedes/:id/demanda',
    {
      config: { perfiles: ACCESS.rosterDemandManage },
      schema: {
        tags: ['planificación automática'],
        summary: 'Define la demanda de personal de una sede',
        description:
          'Bandas de la semana (día 1 = lunes a 7 = domingo, inicio y fin HH:MM, personas; un fin igual o anterior al inicio termina al día siguiente; turnoIds limita qué turnos cubren la banda) y excepciones por fecha, que reemplazan las bandas de ese día.',
        params: idParamsSchema,
        body: demandaBodySchema,
        response: { 200: demandaSchema, ...errors },
      },
    },
    async (request) => service.putDemand(requireSession(request), request.params.id, request.body, clock()),
  );

  app.post(
    '/api/v1/propuestas-de-planificacion',
    {
      config: { perfiles: ACCESS.roster },
      schema: {
        tags: ['planificación automática'],
        summary: 'Pide una propuesta de planificación',
        description: 'Para una sede (y un grupo) y un período de 1 a 42 días desde hoy; se calcula en segundo plano: consulta su estado con GET.',
        body: crearPropuestaBodySchema,
        response: { 202: propuestaSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await service.createProposal(requireSession(request), request.body, clock())),
  );

  app.get(
    '/api/v1/propuestas-de-planificacion/:id',
    {
      config: { perfiles: ACCESS.roster },
      schema: { tags: ['planificación automática'], summary: 'Estado y resultado de una propuesta', params: idParamsSchema, response: { 200: propuestaSchema, ...errors } },
    },
    async (request) => service.getProposal(requireSession(request), request.params.id, clock()),
  );

  app.post(
    '/api/v1/propuestas-de-planificacion/:id/aplicar',
    {
      config: { perfiles: ACCESS.roster },
      schema: {
        tags: ['planificación automática'],
        summary: 'Aplica una propuesta a la planificación',
        description: 'Todo o nada; 409 si la planificación de esas personas cambió desde el cálculo, si ya se aplicó o si toca un mes de remuneraciones cerrado.',
        params: idParamsSchema,
        response: { 200: aplicarPropuestaResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.applyProposal(requireSession(request), request.params.id, clock()),
  );
}
