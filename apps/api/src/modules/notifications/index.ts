/** The notifications module's door: the bell (`/api/v1/notificaciones`). */
export { notificationsModule } from './notifications.module';

export type { NotificationsService } from './notifications.service';
