import { ACCESS, errorResponseSchema, notificacionesResponseSchema, notificacionesVistasResponseSchema } from '@jornada/contracts';
import type { ZodApp } from '../../app-types';
import type { Clock } from '../../lib/clock';
import { requireSession } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

export function registerNotificationRoutes(app: ZodApp, service: NotificationsService, clock: Clock): void {
  app.get(
    '/api/v1/notificaciones',
    {
      config: { perfiles: ACCESS.notifications },
      schema: {
        tags: ['notificaciones'],
        summary: 'Lo pendiente para la persona de la sesión (la campana)',
        description:
          'Administrador y supervisor: las solicitudes de permiso que esperan su decisión. Todos: sus solicitudes respondidas en los últimos 14 días y las correcciones de marcas que aún puede objetar o aceptar. `nueva` marca lo ocurrido después de la última vez que abrió la campana.',
        security: [{ bearer: [] }],
        response: { 200: notificacionesResponseSchema, ...errors },
      },
    },
    (request) => service.list(requireSession(request), clock()),
  );
  app.post(
    '/api/v1/notificaciones/vistas',
    {
      config: { perfiles: ACCESS.notifications },
      schema: {
        tags: ['notificaciones'],
        summary: 'Marca las notificaciones como vistas (abrió la campana)',
        security: [{ bearer: [] }],
        response: { 200: notificacionesVistasResponseSchema, ...errors },
      },
    },
    (request) => service.markSeen(requireSession(request), clock()),
  );
}
