import {
  ACCESS,
  anularCorreccionBodySchema,
  correccionesPageSchema,
  correccionesQuerySchema,
  correccionSchema,
  crearCorreccionBodySchema,
  errorResponseSchema,
  idParamsSchema,
  objetarCorreccionBodySchema,
} from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { CorrectionsService } from './corrections.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export function registerCorrectionRoutes(app: ZodApp, corrections: CorrectionsService, clock: Clock): void {
  app.get(
    '/api/v1/correcciones',
    {
      config: { perfiles: ACCESS.corrections },
      schema: {
        tags: ['correcciones'],
        summary: 'Lista correcciones de marcas (administrador: todas; supervisor: las de sus grupos y las propias; trabajador: las propias)',
        description:
          'Antes de responder consolida las correcciones pendientes cuyo plazo de 48 horas venció sin objeción. ' +
          '`desde` y `hasta` son fechas locales de la hora corregida; `intentoIds` (ids separados por comas, hasta 100) trae las correcciones de esos intentos.',
        querystring: correccionesQuerySchema,
        response: { 200: correccionesPageSchema, ...errors },
      },
    },
    async (request) => corrections.list(requireSession(request), request.query, clock()),
  );

  app.get(
    '/api/v1/correcciones/:id',
    {
      config: { perfiles: ACCESS.corrections },
      schema: { tags: ['correcciones'], summary: 'Una corrección con su historial', params: idParamsSchema, response: { 200: correccionSchema, ...errors } },
    },
    async (request) => corrections.get(requireSession(request), request.params.id, clock()),
  );

  app.post(
    '/api/v1/correcciones',
    {
      config: { perfiles: ACCESS.correctionsManage },
      schema: {
        tags: ['correcciones'],
        summary: 'Propone una corrección: convierte un intento en marca o agrega una marca faltante',
        description:
          'Con `intentoId`, el trabajador, el tipo y la hora salen del intento (se pueden ajustar `tipo`, `fecha` y `hora`). ' +
          'Sin él: `usuarioId`, `tipo`, `fecha` y `hora` (hora local de la sede del trabajador). `motivo` siempre. ' +
          'El trabajador recibe un correo con el valor original, el nuevo, el motivo, quién la pide y el plazo de 48 horas para objetarla. ' +
          'Supervisor: solo trabajadores de los grupos que lidera. Nadie corrige sus propias marcas (403).',
        body: crearCorreccionBodySchema,
        response: { 201: correccionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await corrections.propose(requireSession(request), request.body, clock())),
  );

  app.post(
    '/api/v1/correcciones/:id/objetar',
    {
      config: { perfiles: ACCESS.corrections },
      schema: {
        tags: ['correcciones'],
        summary: 'El trabajador objeta su corrección antes del plazo: se mantiene el registro original',
        params: idParamsSchema,
        body: objetarCorreccionBodySchema,
        response: { 200: correccionSchema, ...errors },
      },
    },
    async (request) => corrections.object(requireSession(request), request.params.id, request.body.objecion, clock()),
  );

  app.post(
    '/api/v1/correcciones/:id/aceptar',
    {
      config: { perfiles: ACCESS.corrections },
      schema: {
        tags: ['correcciones'],
        summary: 'El trabajador acepta su corrección: la marca se registra de inmediato',
        params: idParamsSchema,
        body: z.object({}).optional(),
        response: { 200: correccionSchema, ...errors },
      },
    },
    async (request) => corrections.accept(requireSession(request), request.params.id, clock()),
  );

  app.post(
    '/api/v1/correcciones/:id/anular',
    {
      config: { perfiles: ACCESS.correctionsManage },
      schema: {
        tags: ['correcciones'],
        summary: 'Anula una corrección pendiente antes del plazo (el trabajador recibe un aviso)',
        params: idParamsSchema,
        body: anularCorreccionBodySchema,
        response: { 200: correccionSchema, ...errors },
      },
    },
    async (request) => corrections.annul(requireSession(request), request.params.id, request.body.motivo, clock()),
  );
}
