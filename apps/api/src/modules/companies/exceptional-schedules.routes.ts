import {
  ACCESS,
  actualizarJornadaExcepcionalBodySchema,
  crearJornadaExcepcionalBodySchema,
  errorResponseSchema,
  idParamsSchema,
  jornadaExcepcionalSchema,
  jornadasExcepcionalesSchema,
} from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { ExceptionalSchedulesService } from './exceptional-schedules.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const TAGS = ['jornadas excepcionales'];

export function registerExceptionalScheduleRoutes(app: ZodApp, service: ExceptionalSchedulesService, clock: Clock): void {
  app.get(
    '/api/v1/jornadas-excepcionales',
    {
      config: { perfiles: ACCESS.exceptionalSchedules },
      schema: {
        tags: TAGS,
        summary: 'Jornadas excepcionales de la empresa',
        description: 'Los sistemas excepcionales de distribución de jornada autorizados por la Dirección del Trabajo (art. 38 inc. final), con cuántos trabajadores tiene asignados cada uno.',
        response: { 200: jornadasExcepcionalesSchema, ...errors },
      },
    },
    async (request) => service.list(requireSession(request)),
  );

  app.get(
    '/api/v1/jornadas-excepcionales/:id',
    {
      config: { perfiles: ACCESS.exceptionalSchedules },
      schema: { tags: TAGS, summary: 'Una jornada excepcional', params: idParamsSchema, response: { 200: jornadaExcepcionalSchema, ...errors } },
    },
    async (request) => service.get(requireSession(request), request.params.id),
  );

  app.post(
    '/api/v1/jornadas-excepcionales',
    {
      config: { perfiles: ACCESS.exceptionalSchedules },
      schema: {
        tags: TAGS,
        summary: 'Registra una jornada excepcional',
        description: 'Número y fecha de la resolución, el sistema (días de trabajo y de descanso, 1 a 28), las horas ordinarias diarias que autoriza (hasta 12) y su vigencia.',
        body: crearJornadaExcepcionalBodySchema,
        response: { 201: jornadaExcepcionalSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireSession(request), request.body, clock())),
  );

  app.patch(
    '/api/v1/jornadas-excepcionales/:id',
    {
      config: { perfiles: ACCESS.exceptionalSchedules },
      schema: {
        tags: TAGS,
        summary: 'Edita una jornada excepcional',
        description: 'Solo cambian los campos enviados; `null` borra uno opcional. La asistencia de sus trabajadores se vuelve a evaluar con los valores nuevos.',
        params: idParamsSchema,
        body: actualizarJornadaExcepcionalBodySchema,
        response: { 200: jornadaExcepcionalSchema, ...errors },
      },
    },
    async (request) => service.update(requireSession(request), request.params.id, request.body, clock()),
  );

  app.delete(
    '/api/v1/jornadas-excepcionales/:id',
    {
      config: { perfiles: ACCESS.exceptionalSchedules },
      schema: {
        tags: TAGS,
        summary: 'Elimina una jornada excepcional sin trabajadores',
        description: '409 si tiene trabajadores asignados (el mensaje dice cuántos).',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.remove(requireSession(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
