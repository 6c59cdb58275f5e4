import {
  ACCESS,
  authBodySchema,
  errorResponseSchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  logoutResponseSchema,
  profileResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  signInResponseSchema,
  tokenBodySchema,
} from '@jornada/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requestContext } from '../../lib/request-context';
import { requireSession } from '../../plugins/auth';
import type { AuthService } from './auth.service';

/** The web app sends `{ token }`; a bare request with only the Bearer header is fine too. */
const optionalTokenBody = z.preprocess((value) => value ?? {}, tokenBodySchema);

export function registerAuthRoutes(app: ZodApp, service: AuthService, clock: Clock): void {
  app.post(
    '/api/usuarios/auth',
    {
      config: { public: true },
      schema: {
        tags: ['sesión'],
        summary: 'Inicia sesión con RUT y contraseña',
        description:
          'El RUT se acepta con o sin puntos y guion. Quien trabaja en más de una empresa tiene una cuenta en cada una: si la contraseña abre más de una, responde `{ empleadores }` (solo esas empresas, sin `tokenSesion`) y la misma llamada con `empresaId` abre la sesión en la elegida. La misma respuesta 401 para un RUT desconocido y una contraseña incorrecta. Tras 5 fallos en 15 minutos (por RUT; 10 por dirección IP) cada intento espera más; tras 10 (30 por IP) se rechaza con 429 durante 15 minutos.',
        security: [],
        body: authBodySchema,
        response: { 200: signInResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => service.signIn(request.body, requestContext(request, clock)),
  );

  app.post(
    '/api/usuarios/profile',
    {
      // POST by the spec, yet it changes no company data: fiscalizador sessions may call it.
      config: { perfiles: ACCESS.session, readOnly: true },
      schema: {
        tags: ['sesión'],
        summary: 'Datos del usuario de la sesión',
        description: 'Token en `Authorization: Bearer` o en el cuerpo `{ token }`. 401 si el token no existe, venció (2 horas) o fue revocado.',
        body: optionalTokenBody,
        response: { 200: profileResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => service.profile(requireSession(request)),
  );

  app.post(
    '/api/usuarios/logout',
    {
      // POST by the spec, yet it changes no company data: fiscalizador sessions may call it.
      config: { perfiles: ACCESS.session, readOnly: true },
      schema: {
        tags: ['sesión'],
        summary: 'Cierra la sesión',
        description: 'Revoca el token al instante. 401 si el token ya no es válido.',
        body: optionalTokenBody,
        response: { 200: logoutResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await service.logout(requireSession(request), requestContext(request, clock));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/auth/forgot-password',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['sesión'],
        summary: 'Pide un enlace para restablecer la contraseña',
        description:
          'Siempre responde lo mismo, exista o no la cuenta. Si existe, envía un correo con un enlace de un solo uso que vence en 30 minutos. Limitada a 10 solicitudes cada 15 minutos por dirección IP.',
        security: [],
        body: forgotPasswordBodySchema,
        response: { 200: forgotPasswordResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await service.forgotPassword(request.body.rutOEmail, requestContext(request, clock));
      return { ok: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['sesión'],
        summary: 'Fija una contraseña nueva con el enlace del correo',
        description: 'Consume el enlace y cierra todas las sesiones del usuario. 400 si el enlace no es válido, ya se usó o venció.',
        security: [],
        body: resetPasswordBodySchema,
        response: { 200: resetPasswordResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await service.resetPassword(request.body, requestContext(request, clock));
      return { ok: true as const };
    },
  );
}
