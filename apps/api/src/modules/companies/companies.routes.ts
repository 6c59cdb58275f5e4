import {
  confirmarCorreoEmpresaBodySchema,
  confirmarCorreoEmpresaResponseSchema,
  crearEmpresaBodySchema,
  crearEmpresaResponseSchema,
  errorResponseSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import type { CompaniesService } from './companies.service';
import type { CompanyEmail } from './company-email';

export function registerCompanyRoutes(app: ZodApp, service: CompaniesService, email: CompanyEmail, clock: Clock): void {
  app.post(
    '/api/empresa/crear',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['onboarding'],
        summary: 'Registra una empresa',
        description:
          'Pública y limitada a 30 solicitudes por hora por dirección IP. Devuelve el código de un solo uso (24 horas) que permite crear al usuario administrador principal con POST /api/usuarios/crear (cabecera X-Onboarding-Token). Si trae `email`, ese correo recibe un enlace para confirmarlo (72 horas, un solo uso); mientras no se confirme, las invitaciones a los usuarios de la empresa quedan pendientes.',
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

  app.post(
    '/api/v1/empresa/confirmar-correo',
    {
      config: { public: true, rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['onboarding', 'empresa'],
        summary: 'Confirma el correo de la empresa con el enlace recibido',
        description:
          'Pública: el código del enlace basta. Marca confirmado el correo actual de la empresa, anula sus otros enlaces y envía las invitaciones pendientes (respetando el máximo diario). 400 si el enlace no existe, ya se usó, venció o es de un correo que la empresa ya no tiene. Limitada a 20 solicitudes cada 15 minutos por dirección IP.',
        security: [],
        body: confirmarCorreoEmpresaBodySchema,
        response: { 200: confirmarCorreoEmpresaResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { email: confirmed } = await email.confirm(request.body.token, clock());
      return { ok: true as const, email: confirmed };
    },
  );
}
