import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@jornada/contracts';
import { isDataException, isDatabaseUnavailable } from '../lib/db-errors';
import { Accepted, AppError, MESSAGES } from '../lib/errors';

/** `/rut` or `body/rut` -> `rut`; nested paths keep their dots (`direccion.comuna`). */
function fieldName(instancePath: string): string {
  return instancePath.replace(/^\/+/, '').replaceAll('/', '.') || '_';
}

function send(reply: FastifyReply, status: number, body: ErrorResponse): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** What a request badly encoded or too long is told, wherever it is refused (router, Node's parser, input guard). */
export const REFUSED_REQUEST_MESSAGES = {
  badUrl: 'La dirección de la solicitud no es válida: tiene caracteres mal codificados (no es UTF-8 válido).',
  longUrl: 'La dirección de la solicitud es demasiado larga.',
  longHeaders: 'Los encabezados o la dirección de la solicitud son demasiado largos.',
  timeout: 'La solicitud tardó demasiado en llegar. Inténtalo de nuevo.',
  notHttp: 'La solicitud no es válida: no se pudo leer como HTTP.',
  bodyNotUtf8: 'El cuerpo de la solicitud no es UTF-8 válido. Envía el texto codificado en UTF-8.',
} as const;

/** Fastify's own 4xx (bad JSON, wrong content type, too large, a bad or over-long address) with a Spanish message. */
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
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'El largo declarado del cuerpo (Content-Length) no coincide con lo enviado.';
    case 'FST_ERR_BAD_URL':
      return REFUSED_REQUEST_MESSAGES.badUrl;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return REFUSED_REQUEST_MESSAGES.longUrl;
    default:
      return 'La solicitud no es válida.';
  }
}

/** One handler turns every failure into `{ error: { code, message, fields? } }`, hiding 5xx details. */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof Accepted) return reply.code(202).headers(error.headers).type('application/json; charset=utf-8').send(error.body);
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
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any hook or the error handler
 * (a path parameter that is not valid UTF-8, FST_ERR_BAD_URL; one over `maxParamLength`,
 * FST_ERR_MAX_PARAM_LENGTH) gets the same Spanish answer as everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  handleError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them (headers,
 * address or query string over `maxHeaderSize`, 431; a request that is not HTTP, 400; one that took
 * too long to arrive, 408) answer the API's Spanish error shape instead of Fastify's English one.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, REFUSED_REQUEST_MESSAGES.longHeaders]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, REFUSED_REQUEST_MESSAGES.timeout]
        : [400, REFUSED_REQUEST_MESSAGES.notHttp];
  this.log.debug({ err: error }, 'solicitud rechazada por el servidor HTTP');
  if (socket.writable) {
    const body: ErrorResponse = { error: { code: 'VALIDATION', message } };
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
