import { apiModule } from '../../lib/api-module';
import { createPermissionReads, type PermissionReads } from './permissions.reads';
import { registerPermissionRoutes } from './permissions.routes';
import { createPermissionsService, type PermissionsService } from './permissions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Permissions, vacations and medical leaves (modules/permissions). */
    permissions: PermissionsService;
    /** What other modules read of permissions (and a new company's default types): modules/permissions, permissions.reads.ts. */
    permissionReads: PermissionReads;
  }
}

/** Permissions (permisos, vacaciones, licencias): types, assignments, requests and their approval. */
export const permissionsModule = apiModule('permissions', ['groups', 'holidays', 'payroll-periods'], (app, { db, mailer, background, config, clock, log }) => {
  const permissions = createPermissionsService({ db, mailer, background, publicUrl: config.publicUrl, log, ledGroups: app.ledGroups, payrollPeriods: app.payrollPeriods, holidays: app.companyHolidays });
  registerPermissionRoutes(app, permissions, clock);
  app.decorate('permissions', permissions);
  app.decorate('permissionReads', createPermissionReads(db));
});
