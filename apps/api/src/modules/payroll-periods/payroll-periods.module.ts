import { apiModule } from '../../lib/api-module';
import { createPayrollPeriods, type PayrollPeriodsPort } from './payroll-periods.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The check of closed payroll months and the taking of a month to close it (modules/payroll-periods). */
    payrollPeriods: PayrollPeriodsPort;
  }
}

/** Closed payroll months: the check every change touching past days makes, given to the modules that write them. */
export const payrollPeriodsModule = apiModule('payroll-periods', [], (app) => {
  app.decorate('payrollPeriods', createPayrollPeriods());
});
