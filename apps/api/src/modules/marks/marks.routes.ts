import {
  ACCESS,
  cadenaQuerySchema,
  comprobanteSchema,
  crearMarcaBodySchema,
  errorResponseSchema,
  hashParamsSchema,
  idParamsSchema,
  intentosPageSchema,
  intentosQuerySchema,
  marcaCreadaSchema,
  marcaIgnoradaSchema,
  marcasHoySchema,
  marcasPageSchema,
  marcasQuerySchema,
  verificacionCadenaSchema,
  verificacionSchema,
} from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { requireSession } from '../../plugins/auth';
import type { MarksReadService } from './marks.read';
import type { MarksService } from './marks.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

export function registerMarkRoutes(app: ZodApp, marks: MarksService, read: MarksReadService, clock: Clock): void {
  app.post(
    '/api/v1/marcas',
    {
      config: { perfiles: ACCESS.webMarking },
      schema: {
        tags: ['marcas'],
        summary: 'Marca asistencia (marcaje web del usuario con sesión)',
        description:
          'La hora es la del servidor. `idCliente` hace la solicitud idempotente: repetirla devuelve la misma marca (200). ' +
          'Fuera de la geocerca o con baja precisión la marca se registra con su bandera, nunca se rechaza. ' +
          'Una marca del mismo tipo que la anterior se ignora y queda como intento (200 con `intento`). ' +
          'Trabajador inactivo, contrato terminado o método no permitido: 403 `MARCA_RECHAZADA`, registrado como intento. ' +
          '`horaOriginal` marca una marca sin conexión (máximo 72 horas atrás, nunca en el futuro).',
        body: crearMarcaBodySchema,
        response: { 201: marcaCreadaSchema, 200: z.union([marcaCreadaSchema, marcaIgnoradaSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const body = request.body;
      const result = await marks.recordMark(
        {
          companyId: session.companyId,
          userId: session.userId,
          tipo: body.tipo,
          metodo: 'web',
          idCliente: body.idCliente,
          posicion: body.posicion,
          dispositivo: body.dispositivo ?? request.headers['user-agent']?.slice(0, 200),
          horaOriginal: body.horaOriginal,
        },
        { now: clock(), ip: request.ip },
      );
      if (result.status === 'refused') throw new AppError('MARCA_RECHAZADA', result.mensaje, { motivo: result.motivo });
      if (result.status === 'ignored') return reply.code(200).send({ intento: result.intento, motivo: result.motivo, mensaje: result.mensaje });
      // Tells the worker which shift the mark counts for and when it falls away from it (it is recorded either way).
      const at = Date.parse(result.marca.horaOriginal ?? result.marca.instante);
      const turno = await read.placement(session.companyId, session.userId, result.timeZone, { id: result.marca.id, kind: result.marca.tipo, at }, result.recent);
      return reply.code(result.replay ? 200 : 201).send({ marca: result.marca, comprobante: result.comprobante, turno });
    },
  );

  app.get(
    '/api/v1/marcas/hoy',
    {
      config: { perfiles: ACCESS.webMarking },
      schema: {
        tags: ['marcas'],
        summary: 'El día de hoy del usuario con sesión: turno planificado, marcas, la siguiente esperada y la sede con su geocerca',
        response: { 200: marcasHoySchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => read.today(requireSession(request), clock()),
  );

  app.get(
    '/api/v1/marcas',
    {
      config: { perfiles: ACCESS.marks },
      schema: {
        tags: ['marcas'],
        summary: 'Lista marcas (administrador: todas; supervisor: las de sus grupos y las propias; trabajador: las propias)',
        description: '`desde` y `hasta` son fechas locales de la sede de cada marca, según la hora efectiva (la original en las marcas sin conexión).',
        querystring: marcasQuerySchema,
        response: { 200: marcasPageSchema, ...errors },
      },
    },
    async (request) => read.list(requireSession(request), request.query),
  );

  app.get(
    '/api/v1/marcas/cadena',
    {
      config: { perfiles: ACCESS.marksChain },
      schema: {
        tags: ['marcas'],
        summary: 'Verifica la cadena de hashes de un trabajador (o de todos) y lista cada ruptura',
        querystring: cadenaQuerySchema,
        response: { 200: verificacionCadenaSchema, ...errors },
      },
    },
    async (request) => read.verifyChain(requireSession(request), request.query.usuarioId),
  );

  app.get(
    '/api/v1/marcas/:id/comprobante',
    {
      config: { perfiles: ACCESS.receipts },
      schema: { tags: ['marcas'], summary: 'Comprobante de una marca', params: idParamsSchema, response: { 200: comprobanteSchema, ...errors } },
    },
    async (request) => read.receipt(requireSession(request), request.params.id),
  );

  app.get(
    '/api/v1/marcas/:id/comprobante.pdf',
    {
      config: { perfiles: ACCESS.receipts },
      schema: { tags: ['marcas'], summary: 'Comprobante de una marca en PDF imprimible', params: idParamsSchema },
    },
    async (request, reply) => {
      const { pdf, filename } = await read.receiptPdf(requireSession(request), request.params.id);
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${filename}"`).send(pdf);
    },
  );

  app.get(
    '/api/v1/intentos-marcaje',
    {
      config: { perfiles: ACCESS.markingAttempts },
      schema: {
        tags: ['marcas'],
        summary: 'Intentos de marcaje rechazados o dudosos, con su motivo',
        querystring: intentosQuerySchema,
        response: { 200: intentosPageSchema, ...errors },
      },
    },
    async (request) => read.attempts(requireSession(request), request.query),
  );

  app.get(
    '/api/v1/verificar/:hash',
    {
      config: { public: true, sessionless: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['marcas'],
        summary: 'Verifica un comprobante por su hash (público)',
        description: 'Muestra los datos legales del comprobante (sin correo) y si la marca guardada sigue correspondiendo a su hash.',
        params: hashParamsSchema,
        response: { 200: verificacionSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => read.verify(request.params.hash),
  );
}
