/** Corrections of marks under Res. Exenta 38: proposal, 48 hours to object, consolidation. */
export { registerCorrectionRoutes } from './corrections.routes';
export { registerCorrectionJobs } from './corrections.jobs';
export { createCorrectionsService, type CorrectionsService } from './corrections.service';
