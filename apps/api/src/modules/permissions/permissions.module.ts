import { apiModule } from '../../lib/api-module';
import { LatePort } from '../../lib/late-port';
import { createOwedCompensatoryRest, type WorkedDaysReader } from './permissions.compensatory-rest';
import type { OvertimeRestSource } from './permissions.overtime-rest';
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
    /**
     * Where permissions take the overtime compensated with vacation days from (the F.H.E. balance, art. 32):
     * modules/overtime provides it when it registers, after permissions (lib/late-port.ts).
     */
    overtimeRestSource: LatePort<OvertimeRestSource>;
  }
}

/** Permissions (permisos, vacaciones, licencias): types, assignments, requests and their approval. */
export const permissionsModule = apiModule('permissions', ['groups', 'holidays', 'payroll-periods'], (app, { db, mailer, background, config, clock, log }) => {
  const worked = new LatePort<WorkedDaysReader>('los días trabajados según la evaluación (de modules/attendance)');
  const overtimeRest = new LatePort<OvertimeRestSource>('las horas extra compensadas con feriado (de modules/overtime)');
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
    overtimeRestSource: (...args) => overtimeRest.get()(...args),
  });
  registerPermissionRoutes(app, permissions, clock);
  app.decorate('permissions', permissions);
  app.decorate('permissionReads', createPermissionReads(db));
  app.decorate('engineWorkedDays', worked);
  app.decorate('overtimeRestSource', overtimeRest);
  app.addHook('onReady', async () => {
    worked.requireProvided();
    overtimeRest.requireProvided();
  });
});
