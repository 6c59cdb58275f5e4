import type { PathOptions } from 'leaflet';
import { TileLayer } from 'react-leaflet';

/**
 * Pieces every Leaflet map of the app shares: OpenStreetMap tiles (the API's CSP allows them; without
 * tiles the map still draws its shapes) and the brand styles of a geofence and a site pin. Import
 * only from lazily loaded modules: Leaflet stays out of every page's initial JS.
 */
export function OsmTileLayer() {
  return (
    <TileLayer
      url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
      maxZoom={19}
    />
  );
}

export const GEOFENCE_STYLE: PathOptions = { color: '#0b7a6e', fillColor: '#0b7a6e', fillOpacity: 0.15, weight: 2 };
export const SITE_PIN_STYLE: PathOptions = { color: '#ffffff', fillColor: '#0b7a6e', fillOpacity: 1, weight: 3 };
/** The worker's position: amber inside the geofence, red outside (never the only cue: the text says it too). */
export const POSITION_STYLE: PathOptions = { color: '#10231f', fillColor: '#ffb020', fillOpacity: 1, weight: 2 };
export const POSITION_OUTSIDE_STYLE: PathOptions = { color: '#ffffff', fillColor: '#c92a2a', fillOpacity: 1, weight: 3 };
export const ACCURACY_STYLE: PathOptions = { color: '#b45309', fillColor: '#ffb020', fillOpacity: 0.12, weight: 1, dashArray: '4 4' };

/** Plaza de Armas de Santiago: where a map opens without any position. */
export const DEFAULT_CENTER: [number, number] = [-33.4378, -70.6505];
