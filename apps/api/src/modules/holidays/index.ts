/** The holiday calendar: the law's holidays and the days each company adds (`app.companyHolidays`). */
export { holidaysModule } from './holidays.module';

export type { CompanyCalendar, ExtraDay } from './holidays.calendar';
export { createCompanyHolidays, type CompanyHolidaysPort } from './holidays.port';
