import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@jornada/contracts';
import { isDataException, isDatabaseUnavailable } from '../lib/db-errors';
import { AppError, MESSAGES } from '../lib/errors';

/** `/rut` or `body/rut` -> `rut`; nested paths keep their dots (`direccion.comuna`). */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\/+/, '').replaceAll('/', '.') || '_';
}

function send(reply: FastifyReply, status: number, body: ErrorResponse): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own 4xx (bad JSON, wrong content type, too large) with a Spanish message. */
function frameworkMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'La solicitud no trae datos. Envía un cuerpo JSON.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'El cuerpo de la solicitud no es JSON válido.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'La solicitud es demasiado grande.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de contenido no soportado. Envía JSON.';
    default:
      return 'La solicitud no es válida.';
  }
}

/** One handler turns every failure into `{ error: { code, message, fields? } }`, hiding 5xx details. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, {
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath);
        fields[name] ??= issue.message ?? MESSAGES.validation;
      }
      return send(reply, 400, { error: { code: 'VALIDATION', message: MESSAGES.validation, fields } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'la respuesta no cumple su esquema');
      return send(reply, 500, { error: { code: 'INTERNAL', message: MESSAGES.internal } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, 429, { error: { code: 'RATE_LIMITED', message: MESSAGES.rateLimited } });
    if (status >= 400 && status < 500) {
      return send(reply, status, { error: { code: status === 404 ? 'NOT_FOUND' : 'VALIDATION', message: frameworkMessage(error) } });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'base de datos no disponible');
      reply.header('retry-after', '5');
      return send(reply, 503, { error: { code: 'UNAVAILABLE', message: MESSAGES.unavailable } });
    }
    if (isDataException(error)) {
      // A value the schemas let through and the database refused: the request's fault, but worth a look.
      request.log.warn({ err: error }, 'valor rechazado por la base de datos');
      return send(reply, 400, { error: { code: 'VALIDATION', message: MESSAGES.unstorable } });
    }
    request.log.error({ err: error }, 'error no controlado');
    return send(reply, status >= 500 && status < 600 ? status : 500, { error: { code: 'INTERNAL', message: MESSAGES.internal } });
  });
}
