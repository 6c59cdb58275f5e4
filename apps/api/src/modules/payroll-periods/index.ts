/**
 * Closed payroll months: the one check every change touching past days makes (permissions,
 * corrections, planning's day writes, overtime decisions) before it writes. It depends on nothing of theirs, so they may all use it; the
 * remunerations module closes and reopens the months.
 */
export { assertMonthsOpen, monthsOfRange, periodoLabel, periodoOf, takeMonth } from './payroll-periods.service';
