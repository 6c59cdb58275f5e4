import { apiModule } from '../../lib/api-module';
import { registerOvertimeRoutes } from './overtime.routes';
import { createOvertimeService, type OvertimeService } from './overtime.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Overtime pacts and approvals (modules/overtime). */
    overtime: OvertimeService;
  }
}

/** Overtime (horas extra): pacts per worker and the approval of the overtime the evaluation found. */
export const overtimeModule = apiModule('overtime', ['attendance', 'groups'], (app, { db, clock }) => {
  const overtime = createOvertimeService({ db, attendance: app.attendance, ledGroups: app.ledGroups });
  registerOvertimeRoutes(app, overtime, clock);
  app.decorate('overtime', overtime);
});
