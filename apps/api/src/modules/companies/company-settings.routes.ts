import { ACCESS, actualizarEmpresaBodySchema, empresaSchema, errorResponseSchema } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import { requireSession } from '../../plugins/auth';
import type { CompanyService } from './company-settings.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

export function registerCompanySettingsRoutes(app: ZodApp, service: CompanyService): void {
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
        description: 'El RUT no cambia. Con `resolucion: true` se exige `resolucionNumero` (se imprime en los comprobantes).',
        body: actualizarEmpresaBodySchema,
        response: { 200: empresaSchema, ...errors },
      },
    },
    async (request) => service.update(requireSession(request), request.body),
  );
}
