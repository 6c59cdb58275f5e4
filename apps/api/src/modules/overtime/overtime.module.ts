import { apiModule } from '../../lib/api-module';
import { createOvertimeReads, type OvertimeReads } from './overtime.port';
import { asRestSource, createOvertimeRestInputs } from './overtime.rest';
import { pactsOnDates } from './overtime.repository';
import { registerOvertimeRoutes } from './overtime.routes';
import { createOvertimeService, type OvertimeService } from './overtime.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Overtime pacts and approvals (modules/overtime). */
    overtime: OvertimeService;
    /** What payroll and the reports read of overtime (modules/overtime, overtime.port.ts). */
    overtimeReads: OvertimeReads;
  }
}

/** Overtime (horas extra): pacts per worker and the approval of the overtime the evaluation found. */
export const overtimeModule = apiModule('overtime', ['attendance', 'groups', 'payroll-periods', 'permissions', 'planning'], (app, { db, clock }) => {
  const decemberExtensions = app.plan.decemberExtensions;
  const overtime = createOvertimeService({ db, attendance: app.attendance, ledGroups: app.ledGroups, payrollPeriods: app.payrollPeriods, foundOvertime: app.attendanceReads.days.withOvertime, decemberExtensions });
  registerOvertimeRoutes(app, overtime, clock);
  app.decorate('overtime', overtime);
  const restInputs = createOvertimeRestInputs(db, app.attendance, app.attendanceReads.days.withOvertime);
  app.decorate('overtimeReads', { ...createOvertimeReads(app.attendanceReads.days.withOvertime, decemberExtensions), restInputs });
  // Planning comes before overtime; declaring December extension days refuses days an overtime pact covers (art. 24 inc. 2).
  app.overtimePactsOnDates.provide((executor, companyId, dates) => pactsOnDates(executor, companyId, dates));
  // Permissions come before overtime (attendance reads them); their F.H.E. balance counts the overtime compensated with rest.
  app.overtimeRestSource.provide(asRestSource(restInputs));
});
