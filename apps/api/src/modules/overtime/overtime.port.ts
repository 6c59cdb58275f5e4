/**
 * What other modules read of overtime, given at assembly as `app.overtimeReads`: payroll's approved
 * overtime, compliance and days still to review, and the management report's reviews. Each method
 * runs in the executor it is given (the caller's transaction when it has one); none checks a session.
 */
import { approvedOvertime, overtimeCompliance, overtimeReviewsOf, overtimeToReview } from './overtime.reads';

export interface OvertimeReads {
  /** Approved overtime seconds by worker and local date (payroll). */
  approvedOvertime: typeof approvedOvertime;
  /** The employer's overtime compliance problems by worker (flagged beside the pay). */
  overtimeCompliance: typeof overtimeCompliance;
  /** Worker-days with overtime found and no decision (payroll, before closing a month). */
  overtimeToReview: typeof overtimeToReview;
  /** Each worker's overtime reviews and pacts over a period (the overtime report). */
  overtimeReviewsOf: typeof overtimeReviewsOf;
}

export function createOvertimeReads(): OvertimeReads {
  return { approvedOvertime, overtimeCompliance, overtimeToReview, overtimeReviewsOf };
}
