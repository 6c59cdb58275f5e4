/**
 * What other modules read of overtime, given at assembly as `app.overtimeReads`: payroll's approved
 * overtime, compliance and days still to review, and the management report's reviews. Each method
 * runs in the executor it is given (the caller's transaction when it has one); none checks a session.
 */
import { createOvertimeReadFunctions, type DecemberExtensionReader, type FoundOvertimeReader } from './overtime.reads';
import type { OvertimeRestInputs } from './overtime.rest';

type ReadFunctions = ReturnType<typeof createOvertimeReadFunctions>;

export interface OvertimeReads {
  /** Approved overtime seconds by worker and local date (payroll). */
  approvedOvertime: ReadFunctions['approvedOvertime'];
  /** The employer's overtime compliance problems by worker (flagged beside the pay). */
  overtimeCompliance: ReadFunctions['overtimeCompliance'];
  /** Worker-days with overtime found and no decision (payroll, before closing a month). */
  overtimeToReview: ReadFunctions['overtimeToReview'];
  /** Each worker's overtime reviews and pacts over a period (the overtime report). */
  overtimeReviewsOf: ReadFunctions['overtimeReviewsOf'];
  /** What the ledger of overtime compensated with vacation days is computed from (payroll; the F.H.E. balance through `app.overtimeRestSource`). */
  restInputs: OvertimeRestInputs;
}

export function createOvertimeReads(foundOvertime: FoundOvertimeReader, decemberExtensions: DecemberExtensionReader): Omit<OvertimeReads, 'restInputs'> {
  return createOvertimeReadFunctions(foundOvertime, decemberExtensions);
}
