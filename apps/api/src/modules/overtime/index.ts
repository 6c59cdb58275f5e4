/**
 * The overtime module's one door: overtime pacts (art. 32), the overtime the evaluation found listed
 * for approval, and the reads other modules take from it (payroll's approved overtime, the home page's
 * pacts about to end). Other modules use only what this file exports.
 */
export { overtimeModule } from './overtime.module';

export { approvedOvertime, overtimeToReview, type OvertimeDeps, type OvertimeService } from './overtime.service';
