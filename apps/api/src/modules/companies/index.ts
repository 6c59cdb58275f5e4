/** Companies: sign-up (onboarding), the company record and its settings page. Other modules use only what this file exports. */
export { registerCompanyRoutes } from './companies.routes';
export { createCompaniesService, sameRazonSocial, type CompaniesService } from './companies.service';
export { countCompanies, findCompanyById } from './companies.repository';
export { registerCompanySettingsRoutes } from './company-settings.routes';
export { createCompanyService, type CompanyService } from './company-settings.service';
