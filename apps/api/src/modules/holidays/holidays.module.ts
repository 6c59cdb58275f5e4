import { apiModule } from '../../lib/api-module';
import { createCompanyHolidays, type CompanyHolidaysPort } from './holidays.port';
import { registerHolidayRoutes } from './holidays.routes';
import { createHolidaysService } from './holidays.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each company's holiday calendar, the law's and its own days (modules/holidays): evaluation, planning, marking, vacations. */
    companyHolidays: CompanyHolidaysPort;
  }
}

/** The holiday calendar: the law's holidays and the days each company adds. */
export const holidaysModule = apiModule('holidays', [], (app, { db, clock, log }) => {
  registerHolidayRoutes(app, createHolidaysService({ db, log }), clock);
  app.decorate('companyHolidays', createCompanyHolidays(db));
});
