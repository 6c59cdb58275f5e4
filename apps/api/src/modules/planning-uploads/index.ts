/** Bulk uploads of shifts, planning and planners (all or nothing). */
export { registerPlanningUploadRoutes } from './planning-uploads.routes';
export { createPlanningUploadsService, type PlanningUploadsService } from './planning-uploads.service';
