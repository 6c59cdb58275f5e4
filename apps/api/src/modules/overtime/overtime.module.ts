import { apiModule } from '../../lib/api-module';
import { createOvertimeReads, type OvertimeReads } from './overtime.port';
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
export const overtimeModule = apiModule('overtime', ['attendance', 'groups', 'payroll-periods'], (app, { db, clock }) => {
  const overtime = createOvertimeService({ db, attendance: app.attendance, ledGroups: app.ledGroups, payrollPeriods: app.payrollPeriods, foundOvertime: app.attendanceReads.days.withOvertime });
  registerOvertimeRoutes(app, overtime, clock);
  app.decorate('overtime', overtime);
  app.decorate('overtimeReads', createOvertimeReads(app.attendanceReads.days.withOvertime));
});
