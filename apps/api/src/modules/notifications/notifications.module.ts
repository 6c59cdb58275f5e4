import { apiModule } from '../../lib/api-module';
import { registerNotificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/** The bell (`/api/v1/notificaciones`): what waits for the user's answer. */
export const notificationsModule = apiModule('notifications', ['permissions', 'corrections'], (app, { db, clock }) => {
  registerNotificationRoutes(app, createNotificationsService({ db, permissions: app.permissions, permissionReads: app.permissionReads, corrections: app.corrections }), clock);
});
