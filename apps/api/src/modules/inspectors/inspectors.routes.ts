import {
  ACCESS,
  SOLICITAR_CLAVE_MESSAGE,
  accesosFiscalizadorPageSchema,
  accesosFiscalizadorQuerySchema,
  authResponseSchema,
  empleadoresQuerySchema,
  empleadoresResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  ingresoFiscalizacionBodySchema,
  ingresoFiscalizacionResponseSchema,
  okResponseSchema,
  sesionFiscalizacionSchema,
  solicitarClaveBodySchema,
  solicitarClaveResponseSchema,
} from '@jornada/contracts';
import type { FastifyRequest } from 'fastify';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requestContext } from '../../lib/request-context';
import { requestToken, requireSession } from '../../plugins/auth';
import type { RequestSession } from '../../plugins/types';
import type { InspectorsService, RequestMeta } from './inspectors.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
/**
 * The inspector's own steps never use a company session from `sessions`: they are public for the auth
 * hook and take the inspector's token themselves (`Authorization: Bearer`), like the kiosk's routes.
 */
const INSPECTOR_STEP = { public: true, sessionless: true } as const;
const BEARER = [{ bearer: [] }];

function meta(request: FastifyRequest): RequestMeta {
  return { method: request.method, route: request.routeOptions.url ?? null, path: request.url };
}

export function registerInspectorRoutes(app: ZodApp, service: InspectorsService, clock: Clock): void {
  app.post(
    '/api/v1/fiscalizacion/claves',
    {
      config: { ...INSPECTOR_STEP, rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['fiscalización'],
        summary: 'Pide una clave temporal de fiscalizador (correo @dt.gob.cl)',
        description:
          'Envía por correo una clave aleatoria que vale hasta las 23:59:59 (hora de Chile continental) del quinto día corrido siguiente al de la solicitud. Una solicitud nueva reemplaza la clave anterior. Siempre responde lo mismo; pasadas 5 claves en 24 horas para un correo no envía más. Limitada a 10 solicitudes cada 15 minutos por dirección IP.',
        security: [],
        body: solicitarClaveBodySchema,
        response: { 200: solicitarClaveResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await service.requestKey(request.body, requestContext(request, clock));
      return { ok: true as const, message: SOLICITAR_CLAVE_MESSAGE };
    },
  );

  app.post(
    '/api/v1/fiscalizacion/ingreso',
    {
      config: INSPECTOR_STEP,
      schema: {
        tags: ['fiscalización'],
        summary: 'Ingresa con el correo institucional y la clave temporal',
        description:
          'Devuelve un token de fiscalización que solo sirve para buscar y elegir empleador (2 horas, o menos si la clave vence antes). La misma respuesta 401 para un correo sin clave y una clave incorrecta; una clave vencida lo dice. Mismos límites que el inicio de sesión por RUT: tras 5 fallos en 15 minutos cada intento espera más; tras 10, 429 durante 15 minutos.',
        security: [],
        body: ingresoFiscalizacionBodySchema,
        response: { 200: ingresoFiscalizacionResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => service.signIn(request.body, requestContext(request, clock)),
  );

  app.get(
    '/api/v1/fiscalizacion/sesion',
    {
      config: INSPECTOR_STEP,
      schema: {
        tags: ['fiscalización'],
        summary: 'El fiscalizador del token y el empleador que abre',
        description: 'Acepta el token de fiscalización o el tokenSesion de un empleador elegido.',
        security: BEARER,
        response: { 200: sesionFiscalizacionSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.session(requestToken(request), clock()),
  );

  app.get(
    '/api/v1/fiscalizacion/empleadores',
    {
      config: INSPECTOR_STEP,
      schema: {
        tags: ['fiscalización'],
        summary: 'Busca empleadores por razón social, nombre o RUT',
        description: 'Solo razón social y RUT; hasta 20 resultados (`hayMas` pide afinar la búsqueda).',
        security: BEARER,
        querystring: empleadoresQuerySchema,
        response: { 200: empleadoresResponseSchema, ...errors },
      },
    },
    async (request) => service.searchEmployers(requestToken(request), request.query.q, clock()),
  );

  app.post(
    '/api/v1/fiscalizacion/empleadores/:id/acceso',
    {
      config: INSPECTOR_STEP,
      schema: {
        tags: ['fiscalización'],
        summary: 'Elige el empleador: abre una sesión de solo lectura con perfil fiscalizador',
        description:
          'Devuelve un tokenSesion normal de esa empresa, con perfil fiscalizador, que vence a las 2 horas o al vencer la clave si es antes. Cierra la sesión del empleador anterior, registra el acceso y avisa por correo a los administradores de la empresa.',
        security: BEARER,
        params: idParamsSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => service.chooseEmployer(requestToken(request), request.params.id, requestContext(request, clock), meta(request)),
  );

  app.post(
    '/api/v1/fiscalizacion/salida',
    {
      config: INSPECTOR_STEP,
      schema: {
        tags: ['fiscalización'],
        summary: 'Termina el ingreso de fiscalización y las sesiones de empleador abiertas con él',
        security: BEARER,
        response: { 200: okResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await service.signOutToken(requestToken(request), clock());
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/fiscalizacion/accesos',
    {
      config: { perfiles: ACCESS.inspectorLog },
      schema: {
        tags: ['fiscalización'],
        summary: 'Accesos de fiscalizadores a la empresa',
        description:
          'Cada ingreso y cada consulta hecha con una sesión de fiscalizador: fecha y hora, correo, RUT, RUT de la empresa consultada, ruta e IP, del más reciente al más antiguo. `desde` y `hasta` son días de Chile, inclusive.',
        querystring: accesosFiscalizadorQuerySchema,
        response: { 200: accesosFiscalizadorPageSchema, ...errors },
      },
    },
    async (request) => service.listAccesses(requireSession(request), request.query),
  );
}

/** The access log as the auth hook's `onFiscalizadorRequest` (plugins/auth.ts). */
export function fiscalizadorRequestLog(service: InspectorsService, clock: Clock) {
  return (request: FastifyRequest, session: RequestSession, allowed: boolean) =>
    service.recordRequest(session, allowed, requestContext(request, clock), meta(request));
}
