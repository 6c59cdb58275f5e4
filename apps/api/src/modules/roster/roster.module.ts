import { apiModule } from '../../lib/api-module';
import { registerRosterRoutes } from './roster.routes';
import { createRosterService, ROSTER_JOB } from './roster.service';
import { closeSolver } from './roster.solver';

/** The automatic roster: a site's demand, proposals computed in a solver process, and applying them to the plan. */
export const rosterModule = apiModule('roster', ['companies', 'groups', 'holidays', 'permissions', 'planning'], (app, { db, clock, jobs, background, log }) => {
  const service = createRosterService({
    db,
    clock,
    jobs,
    background,
    log,
    planning: app.planning,
    plan: app.plan,
    permissions: app.permissionReads,
    holidays: app.companyHolidays,
    ledGroups: app.ledGroups,
    companyRubro: async (id) => (await app.companies.findById(id))?.rubro ?? null,
  });
  jobs.handle(ROSTER_JOB, (payload) => service.runJob(payload));
  registerRosterRoutes(app, service, clock);
  app.addHook('onClose', async () => {
    await background.drain();
    await closeSolver();
  });
});
