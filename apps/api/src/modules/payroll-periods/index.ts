/**
 * Closed payroll months: the one check every change touching past days makes (permissions,
 * corrections, planning's day writes, overtime decisions) before it writes, given at assembly as
 * `app.payrollPeriods`. It depends on nothing of theirs, so they may all use it; the remunerations
 * module closes and reopens the months.
 */
export { payrollPeriodsModule } from './payroll-periods.module';

export { createPayrollPeriods, monthsOfRange, type PayrollPeriodsPort } from './payroll-periods.service';
