/**
 * The remunerations module's one door: the pay variables of a payroll month from the stored
 * attendance evaluation, the closing of months and the payroll exports. Other modules use only what
 * this file exports; the check of a closed month is in modules/payroll-periods.
 */
export { remunerationsModule } from './remunerations.module';

export type { ApprovedOvertimeReader, RemunerationsService } from './remunerations.service';
export { createStoredPay } from './remunerations.stored';
