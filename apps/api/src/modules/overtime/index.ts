/**
 * The overtime module's one door: overtime pacts (art. 32), the overtime the evaluation found listed
 * for review, and the reads other modules take from it (payroll's confirmed overtime, the overtime
 * report's reviews and pacts). Other modules use only what this file exports.
 */
export { overtimeModule } from './overtime.module';

export type { OvertimeCompliance, OvertimeReviewDay, WorkerOvertimeReviews } from './overtime.reads';
export type { OvertimeReads } from './overtime.port';
export { type OvertimeDeps, type OvertimeService } from './overtime.service';
