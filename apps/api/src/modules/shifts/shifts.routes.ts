import {
  ACCESS,
  actualizarTurnoBodySchema,
  actualizarTurnoResponseSchema,
  crearTurnoBodySchema,
  errorResponseSchema,
  idParamsSchema,
  turnoSchema,
  turnosPageSchema,
  turnosQuerySchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { ShiftsService } from './shifts.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerShiftRoutes(app: ZodApp, service: ShiftsService, clock: Clock): void {
  app.get(
    '/api/v1/turnos',
    {
      config: { perfiles: ACCESS.shifts },
      schema: { tags: ['turnos'], summary: 'Lista los turnos', security: [{ bearer: [] }], querystring: turnosQuerySchema, response: { 200: turnosPageSchema, ...errors } },
    },
    (request) => service.list(requireSession(request), request.query, clock()),
  );
  app.get(
    '/api/v1/turnos/:id',
    {
      config: { perfiles: ACCESS.shifts },
      schema: { tags: ['turnos'], summary: 'Un turno', security: [{ bearer: [] }], params: idParamsSchema, response: { 200: turnoSchema, ...errors } },
    },
    (request) => service.get(requireSession(request), request.params.id, clock()),
  );
  app.post(
    '/api/v1/turnos',
    {
      config: { perfiles: ACCESS.shiftsManage },
      schema: {
        tags: ['turnos'],
        summary: 'Crea un turno',
        security: [{ bearer: [] }],
        body: crearTurnoBodySchema,
        response: { 201: turnoSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireSession(request), request.body, clock())),
  );
  app.patch(
    '/api/v1/turnos/:id',
    {
      config: { perfiles: ACCESS.shiftsManage },
      schema: {
        tags: ['turnos'],
        summary: 'Modifica o desactiva un turno',
        description:
          'Un cambio de horario, colación o tolerancias crea una versión nueva: los días ya planificados conservan la suya, salvo que `actualizarPlanificacionFutura` sea true (desde mañana, cada cambio queda en el registro de modificaciones).',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: actualizarTurnoBodySchema,
        response: { 200: actualizarTurnoResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    (request) => service.update(requireSession(request), request.params.id, request.body, clock()),
  );
}
