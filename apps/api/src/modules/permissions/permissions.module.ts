import { apiModule } from '../../lib/api-module';
import { registerPermissionRoutes } from './permissions.routes';
import { createPermissionsService, type PermissionsService } from './permissions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Permissions, vacations and medical leaves (modules/permissions). */
    permissions: PermissionsService;
  }
}

/** Permissions (permisos, vacaciones, licencias): types, assignments, requests and their approval. */
export const permissionsModule = apiModule('permissions', ['groups'], (app, { db, mailer, background, config, clock, log }) => {
  const permissions = createPermissionsService({ db, mailer, background, publicUrl: config.publicUrl, log, ledGroups: app.ledGroups });
  registerPermissionRoutes(app, permissions, clock);
  app.decorate('permissions', permissions);
});
