import { crearUsuarioBodySchema, crearUsuarioResponseSchema, errorResponseSchema, ONBOARDING_TOKEN_HEADER } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { AppError, MESSAGES } from '../../lib/errors';
import type { UsersService } from './users.service';

export function registerUserRoutes(app: ZodApp, service: UsersService, clock: Clock): void {
  app.post(
    '/api/usuarios/crear',
    {
      // Public at the gate: the service demands either the onboarding token or an administrator's session.
      config: { public: true },
      schema: {
        tags: ['onboarding', 'usuarios'],
        summary: 'Crea un usuario',
        description:
          'Con la cabecera X-Onboarding-Token (entregada por POST /api/empresa/crear) crea el administrador principal de esa empresa, una sola vez; `razon_social` debe coincidir con la de la empresa. Con la sesión (Bearer) de un administrador crea un trabajador en su empresa.',
        security: [{ bearer: [] }, {}],
        body: crearUsuarioBodySchema,
        response: {
          200: crearUsuarioResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const header = request.headers[ONBOARDING_TOKEN_HEADER];
      const onboardingToken = typeof header === 'string' && header.trim() ? header.trim() : null;
      const now = clock();
      let id: string;
      if (onboardingToken === null && !request.session && request.headers.authorization) {
        throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      }
      if (onboardingToken !== null || !request.session) {
        id = await service.createPrincipal(onboardingToken, request.body, now);
      } else {
        id = await service.createByAdmin(request.session, request.body, now);
      }
      return { ok: true as const, _id: id };
    },
  );
}
