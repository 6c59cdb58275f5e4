/** Work sites: address, position, geofence radius and time zone. */
export { registerSiteRoutes } from './sites.routes';
export { createSitesService, fullAddress, type SitesService } from './sites.service';
