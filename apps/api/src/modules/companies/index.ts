/** Companies: sign-up (onboarding), the confirmation of the company's e-mail, the company record and its settings page. Other modules use only what this file exports. */
export { companiesModule } from './companies.module';

export { sameRazonSocial, type CompaniesService } from './companies.service';
export type { EmailConfirmedListener } from './company-email';

export type { CompanyService } from './company-settings.service';
