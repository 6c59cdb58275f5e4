import { apiModule } from '../../lib/api-module';
import { registerCompanyRoutes } from './companies.routes';
import { createCompaniesService, type CompaniesService } from './companies.service';
import { createCompanyEmail } from './company-email';
import { registerCompanySettingsRoutes } from './company-settings.routes';
import { createCompanyService } from './company-settings.service';
import { registerExceptionalScheduleRoutes } from './exceptional-schedules.routes';
import { createExceptionalSchedulesService } from './exceptional-schedules.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Companies: registration and look-ups (modules/companies). */
    companies: CompaniesService;
  }
}

/** Company registration (onboarding), the confirmation of its e-mail, the company's own settings and its exceptional schedules. */
export const companiesModule = apiModule('companies', ['permissions'], (app, { db, clock, mailer, background, config, log }) => {
  const email = createCompanyEmail({ db, mailer, background, publicUrl: config.publicUrl, log });
  const companies = createCompaniesService(db, email, app.permissionReads);
  registerCompanyRoutes(app, companies, email, clock);
  registerCompanySettingsRoutes(app, createCompanyService(db, email), email, clock);
  registerExceptionalScheduleRoutes(app, createExceptionalSchedulesService(db), clock);
  app.decorate('companies', companies);
});
