import { apiModule } from '../../lib/api-module';
import { registerSiteRoutes } from './sites.routes';
import { createSitesService } from './sites.service';

/** Work sites: address, position, geofence radius and time zone. */
export const sitesModule = apiModule('sites', [], (app, { db, clock }) => {
  registerSiteRoutes(app, createSitesService(db), clock);
});
