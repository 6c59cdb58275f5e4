import { ACCESS, calendarioFeriadosSchema, crearFeriadoBodySchema, errorResponseSchema, feriadoSchema, feriadosQuerySchema, idParamsSchema } from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { HolidaysService } from './holidays.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerHolidayRoutes(app: ZodApp, service: HolidaysService, clock: Clock): void {
  app.get(
    '/api/v1/feriados',
    {
      config: { perfiles: ACCESS.holidays },
      schema: {
        tags: ['feriados'],
        summary: 'Calendario de feriados de un año',
        description: 'Los feriados de la ley (nacionales y regionales, con su ley) y los que agregó la empresa, por fecha; aparte, los de la empresa que se eliminaron.',
        querystring: feriadosQuerySchema,
        response: { 200: calendarioFeriadosSchema, ...errors },
      },
    },
    async (request) => service.year(requireSession(request), request.query.anio, clock()),
  );

  app.post(
    '/api/v1/feriados',
    {
      config: { perfiles: ACCESS.holidays },
      schema: {
        tags: ['feriados'],
        summary: 'Agrega un feriado de la empresa',
        description: 'Para una fecha posterior a hoy (hora de Chile) que no sea ya feriado nacional. La asistencia, las alertas de la planificación y los días hábiles de las vacaciones lo consideran de inmediato.',
        body: crearFeriadoBodySchema,
        response: { 201: feriadoSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.add(requireSession(request), request.body, clock())),
  );

  app.delete(
    '/api/v1/feriados/:id',
    {
      config: { perfiles: ACCESS.holidays },
      schema: {
        tags: ['feriados'],
        summary: 'Elimina un feriado de la empresa que aún no llega',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(requireSession(request), request.params.id, clock());
      return reply.code(204).send(null);
    },
  );
}
