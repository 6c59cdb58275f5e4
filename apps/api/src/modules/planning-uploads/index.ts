/** Bulk uploads of shifts, planning and planners (all or nothing). */
export { planningUploadsModule } from './planning-uploads.module';

export type { PlanningUploadsService } from './planning-uploads.service';
