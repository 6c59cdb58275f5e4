import {
  ACCESS,
  calculandoAsistenciaSchema,
  descartarInconsistenciaBodySchema,
  diaInconsistenciaQuerySchema,
  diaInconsistenciaResponseSchema,
  errorResponseSchema,
  exportarInconsistenciasQuerySchema,
  idParamsSchema,
  inconsistenciasQuerySchema,
  inconsistenciasResponseSchema,
} from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { sendFile } from '../../lib/spreadsheet/index';
import { requireSession } from '../../plugins/auth';
import type { InconsistenciesService } from './inconsistencies.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

export function registerInconsistencyRoutes(app: ZodApp, service: InconsistenciesService, clock: Clock): void {
  app.get(
    '/api/v1/inconsistencias',
    {
      config: { perfiles: ACCESS.inconsistencies, deferEvaluation: true },
      schema: {
        tags: ['inconsistencias'],
        summary: 'Inconsistencias de la evaluación de asistencia',
        description:
          'Una fila por trabajador, fecha y tipo de inconsistencia que encontró el motor (entrada sin salida, salida sin entrada, colación incompleta, marcas fuera de orden, marca en día libre, marca durante un permiso, jornada sobre el máximo legal), de los días ya cerrados. ' +
          'Estado: abierta, en_correccion (hay una corrección pendiente del día) o descartada. Conteos por tipo y por estado. Administrador: la empresa; supervisor: los grupos que lidera.',
        security: [{ bearer: [] }],
        querystring: inconsistenciasQuerySchema,
        response: { 200: inconsistenciasResponseSchema, 202: calculandoAsistenciaSchema, ...errors },
      },
    },
    (request) => service.list(requireSession(request), request.query, clock()),
  );
  app.get(
    '/api/v1/inconsistencias/exportar',
    {
      config: { perfiles: ACCESS.inconsistencies },
      schema: {
        tags: ['inconsistencias'],
        summary: 'Exporta las inconsistencias del filtro (Excel o CSV)',
        security: [{ bearer: [] }],
        querystring: exportarInconsistenciasQuerySchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.export(requireSession(request), request.query, clock());
      return sendFile(reply, file.contentType, file.filename, file.bytes);
    },
  );
  app.get(
    '/api/v1/inconsistencias/dia',
    {
      config: { perfiles: ACCESS.inconsistencies },
      schema: {
        tags: ['inconsistencias'],
        summary: 'El día de un trabajador: planificación, marcas, explicación del motor y estado de cada inconsistencia',
        security: [{ bearer: [] }],
        querystring: diaInconsistenciaQuerySchema,
        response: { 200: diaInconsistenciaResponseSchema, ...errors },
      },
    },
    (request) => service.day(requireSession(request), request.query.usuarioId, request.query.fecha, clock()),
  );
  app.post(
    '/api/v1/inconsistencias/descartes',
    {
      config: { perfiles: ACCESS.inconsistencies },
      schema: {
        tags: ['inconsistencias'],
        summary: 'Descarta una inconsistencia con un motivo (queda registrado quién, cuándo y por qué)',
        security: [{ bearer: [] }],
        body: descartarInconsistenciaBodySchema,
        response: { 201: diaInconsistenciaResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.dismiss(requireSession(request), request.body, clock())),
  );
  app.post(
    '/api/v1/inconsistencias/descartes/:id/reabrir',
    {
      config: { perfiles: ACCESS.inconsistencies },
      schema: {
        tags: ['inconsistencias'],
        summary: 'Reabre una inconsistencia descartada (el descarte queda en el registro)',
        security: [{ bearer: [] }],
        params: idParamsSchema,
        body: z.object({}).optional(),
        response: { 200: diaInconsistenciaResponseSchema, ...errors },
      },
    },
    (request) => service.reopen(requireSession(request), request.params.id, clock()),
  );
}
