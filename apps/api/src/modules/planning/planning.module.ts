import { apiModule } from '../../lib/api-module';
import { createDecemberExtensions } from './planning.december';
import { createDayWriter } from './planning.model';
import { createPlanReader, type PlanReader } from './planning.plan';
import { registerPlanningRoutes } from './planning.routes';
import { createRetimer, type RetimeFuturePlanning } from './planning.retime';
import { createPlanningService, isCommerce, type PlanningService } from './planning.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The monthly plan (modules/planning). */
    planning: PlanningService;
    /** Each worker's plan as the engine reads it (modules/planning, planning.plan.ts): evaluation, alerts, the marking notice. */
    plan: PlanReader;
    /** Moves the future plan days of a shift whose times changed (the shifts module calls it when a shift is edited). */
    retimeFuturePlanning: RetimeFuturePlanning;
  }
}

/** The monthly plan: days, rests, the wizard, the plan's legal alerts and the plan as the engine reads it. */
export const planningModule = apiModule('planning', ['companies', 'groups', 'holidays', 'permissions', 'payroll-periods'], (app, { db, clock }) => {
  const writeDays = createDayWriter(app.payrollPeriods);
  const planning = createPlanningService({ db, companyRubro: async (id) => (await app.companies.findById(id))?.rubro ?? null, ledGroups: app.ledGroups, permissions: app.permissionReads, writeDays, holidays: app.companyHolidays });
  const december = createDecemberExtensions({ db, isCommerceCompany: async (id) => isCommerce((await app.companies.findById(id))?.rubro ?? null), payrollPeriods: app.payrollPeriods });
  registerPlanningRoutes(app, planning, december, clock);
  app.decorate('planning', planning);
  app.decorate('plan', createPlanReader(db, app.companyHolidays));
  app.decorate('retimeFuturePlanning', createRetimer(writeDays));
});
