import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@jornada/contracts';
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

/** SQLSTATE codes and socket errors that mean "the database cannot be reached right now", not "the request is wrong". */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53000']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|connection error|timeout exceeded when trying to connect/i;

/** Drizzle wraps driver errors (`cause`); look down the chain for a lost or refused database connection. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code) || /^08/.test(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
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
    request.log.error({ err: error }, 'error no controlado');
    return send(reply, status >= 500 && status < 600 ? status : 500, { error: { code: 'INTERNAL', message: MESSAGES.internal } });
  });
}
