import type { FastifyRequest } from 'fastify';
import { ACCESS, actualizarEmpresaBodySchema, empresaSchema, errorResponseSchema, reenviarConfirmacionResponseSchema } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { CompanyEmail } from './company-email';
import type { CompanyService } from './company-settings.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export function registerCompanySettingsRoutes(app: ZodApp, service: CompanyService, email: CompanyEmail, clock: Clock): void {
  app.get(
    '/api/v1/empresa',
    {
      config: { perfiles: ACCESS.companySettings },
      schema: { tags: ['empresa'], summary: 'Datos de la empresa de la sesión', response: { 200: empresaSchema, ...errors } },
    },
    async (request) => service.get(requireSession(request)),
  );

  app.patch(
    '/api/v1/empresa',
    {
      config: { perfiles: ACCESS.companySettings },
      schema: {
        tags: ['empresa'],
        summary: 'Edita los datos de la empresa',
        description:
          'El RUT no cambia. Con `resolucion: true` se exige `resolucionNumero` (se imprime en los comprobantes). Un correo nuevo queda sin confirmar (`emailConfirmado: false`) y recibe un enlace para confirmarlo; hasta entonces las invitaciones a usuarios nuevos quedan pendientes.',
        body: actualizarEmpresaBodySchema,
        response: { 200: empresaSchema, ...errors },
      },
    },
    async (request) => service.update(requireSession(request), request.body, clock()),
  );

  app.post(
    '/api/v1/empresa/confirmacion-correo',
    {
      // Counted per company once the session is known, besides the service's own limits (one a minute, five a day).
      config: {
        perfiles: ACCESS.companySettings,
        rateLimit: {
          max: 10,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `confirmacion-correo:${request.session?.companyId ?? request.ip}`,
        },
      },
      schema: {
        tags: ['empresa'],
        summary: 'Reenvía el enlace para confirmar el correo de la empresa',
        description:
          'Al correo actual de la empresa, si no está confirmado. Como máximo uno por minuto y cinco cada 24 horas por empresa (429 con `Retry-After`). 400 si la empresa no tiene correo o ya está confirmado.',
        response: { 200: reenviarConfirmacionResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { email: to } = await email.resend(requireSession(request), clock());
      return { ok: true as const, email: to, message: `Te enviamos a ${to} un nuevo enlace para confirmar el correo de la empresa. Vence en 72 horas.` };
    },
  );
}
