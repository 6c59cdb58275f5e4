import { crearEmpresaBodySchema, crearEmpresaResponseSchema, errorResponseSchema } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import type { CompaniesService } from './companies.service';

export function registerCompanyRoutes(app: ZodApp, service: CompaniesService, clock: Clock): void {
  app.post(
    '/api/empresa/crear',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['onboarding'],
        summary: 'Registra una empresa',
        description:
          'Pública y limitada a 30 solicitudes por hora por dirección IP. Devuelve el código de un solo uso (24 horas) que permite crear al usuario administrador principal con POST /api/usuarios/crear (cabecera X-Onboarding-Token).',
        security: [],
        body: crearEmpresaBodySchema,
        response: { 200: crearEmpresaResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { id, onboardingToken } = await service.create(request.body, clock());
      return { ok: true as const, _id: id, onboardingToken };
    },
  );
}
