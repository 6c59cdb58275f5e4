/** The notifications module's door: the bell (`/api/v1/notificaciones`). */
export { registerNotificationRoutes } from './notifications.routes';
export { createNotificationsService, type NotificationsService } from './notifications.service';
