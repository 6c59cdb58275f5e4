import { apiModule } from '../../lib/api-module';
import { registerPlanningUploadRoutes } from './planning-uploads.routes';
import { createPlanningUploadsService } from './planning-uploads.service';

/** The planning bulk upload (preview and all-or-nothing load). */
export const planningUploadsModule = apiModule('planning-uploads', ['planning', 'shifts'], async (app, { db, clock }) => {
  await registerPlanningUploadRoutes(app, createPlanningUploadsService(db, { planning: app.planning, shiftCatalog: app.shiftCatalog }), clock);
});
