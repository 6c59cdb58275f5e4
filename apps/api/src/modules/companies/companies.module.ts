import { apiModule } from '../../lib/api-module';
import { registerCompanyRoutes } from './companies.routes';
import { createCompaniesService, type CompaniesService } from './companies.service';
import { registerCompanySettingsRoutes } from './company-settings.routes';
import { createCompanyService } from './company-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Companies: registration and look-ups (modules/companies). */
    companies: CompaniesService;
  }
}

/** Company registration (onboarding) and the company's own settings. */
export const companiesModule = apiModule('companies', [], (app, { db, clock }) => {
  const companies = createCompaniesService(db);
  registerCompanyRoutes(app, companies, clock);
  registerCompanySettingsRoutes(app, createCompanyService(db));
  app.decorate('companies', companies);
});
