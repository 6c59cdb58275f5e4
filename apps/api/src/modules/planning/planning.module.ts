import { apiModule } from '../../lib/api-module';
import { LatePort } from '../../lib/late-port';
import type { ShiftReads } from '../shifts/index';
import { createDecemberExtensions, type OvertimePactsOnDates } from './planning.december';
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
    /**
     * Where the planning reads the shift catalogue from: modules/shifts provides it when it registers, after the
     * planning, which it calls when a shift is edited (lib/late-port.ts).
     */
    shiftReads: LatePort<ShiftReads>;
    /**
     * The overtime pacts covering some dates: declaring December extension days refuses days a pact covers (art. 24
     * inc. 2). modules/overtime provides it when it registers, after the planning, whose plan reader it reads.
     */
    overtimePactsOnDates: LatePort<OvertimePactsOnDates>;
  }
}

/** The monthly plan: days, rests, the wizard, the plan's legal alerts and the plan as the engine reads it. */
export const planningModule = apiModule('planning', ['companies', 'groups', 'holidays', 'permissions', 'payroll-periods'], (app, { db, clock }) => {
  const writeDays = createDayWriter(app.payrollPeriods);
  const shiftReads = new LatePort<ShiftReads>('el catálogo de turnos (de modules/shifts)');
  const shifts: ShiftReads = { catalog: (...args) => shiftReads.get().catalog(...args), versions: (...args) => shiftReads.get().versions(...args) };
  const planning = createPlanningService({ db, companyRubro: async (id) => (await app.companies.findById(id))?.rubro ?? null, ledGroups: app.ledGroups, permissions: app.permissionReads, writeDays, holidays: app.companyHolidays, shifts });
  const overtimePacts = new LatePort<OvertimePactsOnDates>('los pactos de horas extra (de modules/overtime)');
  const december = createDecemberExtensions({
    db,
    isCommerceCompany: async (id) => isCommerce((await app.companies.findById(id))?.rubro ?? null),
    payrollPeriods: app.payrollPeriods,
    pactsOnDates: (...args) => overtimePacts.get()(...args),
  });
  registerPlanningRoutes(app, planning, december, clock);
  app.decorate('planning', planning);
  app.decorate('plan', createPlanReader(db, app.companyHolidays, shifts));
  app.decorate('shiftReads', shiftReads);
  app.decorate('overtimePactsOnDates', overtimePacts);
  app.addHook('onReady', async () => {
    shiftReads.requireProvided();
    overtimePacts.requireProvided();
  });
  app.decorate('retimeFuturePlanning', createRetimer(writeDays));
});
