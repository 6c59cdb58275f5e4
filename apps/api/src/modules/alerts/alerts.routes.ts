import {
  ACCESS,
  actualizarConfiguracionAlertasBodySchema,
  alertasEnviadasPageSchema,
  alertasEnviadasQuerySchema,
  configuracionAlertasSchema,
  errorResponseSchema,
} from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { AlertsService } from './alerts.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The alerts of DT Res. Exenta 38: the company's settings and the log of alerts sent (administrador). */
export function registerAlertRoutes(app: ZodApp, service: AlertsService, clock: Clock): void {
  app.get(
    '/api/v1/configuracion/alertas',
    {
      config: { perfiles: ACCESS.alertSettings },
      schema: { tags: ['alertas'], summary: 'Alertas de asistencia que envía la empresa', response: { 200: configuracionAlertasSchema, ...errors } },
    },
    async (request) => service.getSettings(requireSession(request)),
  );

  app.put(
    '/api/v1/configuracion/alertas',
    {
      config: { perfiles: ACCESS.alertSettings },
      schema: {
        tags: ['alertas'],
        summary: 'Activa o desactiva cada alerta y la copia a los administradores',
        description: 'Marca omitida (entrada y salida), colación omitida (colación fija), límites diario y semanal. El trabajador recibe la alerta con copia a los líderes de su grupo.',
        body: actualizarConfiguracionAlertasBodySchema,
        response: { 200: configuracionAlertasSchema, ...errors },
      },
    },
    async (request) => service.updateSettings(requireSession(request), request.body, clock()),
  );

  app.get(
    '/api/v1/configuracion/alertas/enviadas',
    {
      config: { perfiles: ACCESS.alertSettings },
      schema: {
        tags: ['alertas'],
        summary: 'Registro de alertas enviadas (más recientes primero)',
        querystring: alertasEnviadasQuerySchema,
        response: { 200: alertasEnviadasPageSchema, ...errors },
      },
    },
    async (request) => service.listSent(requireSession(request), request.query),
  );
}
