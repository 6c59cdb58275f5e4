/** Work sites: address, position, geofence radius and time zone. */
export { sitesModule } from './sites.module';

export { fullAddress, type SitesService } from './sites.service';
