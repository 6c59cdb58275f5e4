import { apiModule } from '../../lib/api-module';
import { LatePort } from '../../lib/late-port';
import { createOwedCompensatoryRest, type WorkedDaysReader } from './permissions.compensatory-rest';
import { createPermissionReads, type PermissionReads } from './permissions.reads';
import { registerPermissionRoutes } from './permissions.routes';
import { createPermissionsService, type PermissionsService } from './permissions.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Permissions, vacations and medical leaves (modules/permissions). */
    permissions: PermissionsService;
    /** What other modules read of permissions (and a new company's default types): modules/permissions, permissions.reads.ts. */
    permissionReads: PermissionReads;
    /**
     * Where permissions take the days the engine found worked from (the balance of the compensatory rest
     * of art. 38 counts them): modules/attendance provides it when it registers, after permissions
     * (lib/late-port.ts).
     */
    engineWorkedDays: LatePort<WorkedDaysReader>;
  }
}

/** Permissions (permisos, vacaciones, licencias): types, assignments, requests and their approval. */
export const permissionsModule = apiModule('permissions', ['groups', 'holidays', 'payroll-periods'], (app, { db, mailer, background, config, clock, log }) => {
  const worked = new LatePort<WorkedDaysReader>('los días trabajados según la evaluación (de modules/attendance)');
  const permissions = createPermissionsService({
    db,
    mailer,
    background,
    publicUrl: config.publicUrl,
    log,
    ledGroups: app.ledGroups,
    payrollPeriods: app.payrollPeriods,
    holidays: app.companyHolidays,
    owedCompensatoryRest: createOwedCompensatoryRest((...args) => worked.get()(...args)),
  });
  registerPermissionRoutes(app, permissions, clock);
  app.decorate('permissions', permissions);
  app.decorate('permissionReads', createPermissionReads(db));
  app.decorate('engineWorkedDays', worked);
  app.addHook('onReady', async () => worked.requireProvided());
});
