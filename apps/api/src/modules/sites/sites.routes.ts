import { ACCESS, actualizarSedeBodySchema, crearSedeBodySchema, errorResponseSchema, idParamsSchema, sedeSchema, sedesPageSchema, sedesQuerySchema } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { SitesService } from './sites.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerSiteRoutes(app: ZodApp, service: SitesService, clock: Clock): void {
  app.get(
    '/api/v1/sedes',
    {
      config: { perfiles: ACCESS.sitesRead },
      schema: { tags: ['sedes'], summary: 'Lista las sedes', querystring: sedesQuerySchema, response: { 200: sedesPageSchema, ...errors } },
    },
    async (request) => service.list(requireSession(request), request.query),
  );

  app.get(
    '/api/v1/sedes/:id',
    {
      config: { perfiles: ACCESS.sitesRead },
      schema: { tags: ['sedes'], summary: 'Detalle de una sede', params: idParamsSchema, response: { 200: sedeSchema, ...errors } },
    },
    async (request) => service.get(requireSession(request), request.params.id),
  );

  app.post(
    '/api/v1/sedes',
    {
      config: { perfiles: ACCESS.sitesManage },
      schema: {
        tags: ['sedes'],
        summary: 'Crea una sede',
        description: 'Dirección, posición, radio de la geocerca (10 a 5000 m) y zona horaria IANA (America/Santiago por omisión).',
        body: crearSedeBodySchema,
        response: { 201: sedeSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireSession(request), request.body, clock())),
  );

  app.patch(
    '/api/v1/sedes/:id',
    {
      config: { perfiles: ACCESS.sitesManage },
      schema: {
        tags: ['sedes'],
        summary: 'Edita una sede',
        params: idParamsSchema,
        body: actualizarSedeBodySchema,
        response: { 200: sedeSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => service.update(requireSession(request), request.params.id, request.body),
  );
}
