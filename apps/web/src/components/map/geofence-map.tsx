import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { Circle, CircleMarker, MapContainer, useMap } from 'react-leaflet';
import { ACCURACY_STYLE, DEFAULT_CENTER, GEOFENCE_STYLE, OsmTileLayer, POSITION_OUTSIDE_STYLE, POSITION_STYLE, SITE_PIN_STYLE } from './map-parts';
import classes from './geofence-map.module.css';

export interface GeofenceMapProps {
  /** The site and its geofence radius (metres), when the site has a position. */
  site: { lat: number; lng: number; radioM: number } | null;
  /** A position taken when marking, with its accuracy (metres). */
  position: { lat: number; lng: number; precisionM: number } | null;
  outside?: boolean;
  label: string;
}

/** Keeps the site and the position in view whenever either changes. */
function FitBounds({ site, position }: Pick<GeofenceMapProps, 'site' | 'position'>) {
  const map = useMap();
  useEffect(() => {
    const points: [number, number][] = [];
    if (site) points.push([site.lat, site.lng]);
    if (position) points.push([position.lat, position.lng]);
    if (points.length === 0) return;
    if (points.length === 1 && !site) map.setView(points[0]!, 16);
    else {
      const bounds = latLngBounds(points);
      if (site) {
        // The whole geofence circle in view (1° of latitude ≈ 111.32 km; longitude degrees are shorter, so this over-covers).
        const d = site.radioM / 111_320;
        bounds.extend([site.lat - d, site.lng - d]).extend([site.lat + d, site.lng + d]);
      }
      map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
    }
  }, [map, site, position]);
  return null;
}

/**
 * A site's geofence and a worker's position at the moment of a mark. Read-only; loaded lazily.
 */
export default function GeofenceMap({ site, position, outside, label }: GeofenceMapProps) {
  const center: [number, number] = position ? [position.lat, position.lng] : site ? [site.lat, site.lng] : DEFAULT_CENTER;
  return (
    <div className={classes.wrap} role="region" aria-label={label}>
      <MapContainer center={center} zoom={16} className={classes.map} scrollWheelZoom={false}>
        <OsmTileLayer />
        <FitBounds site={site} position={position} />
        {site && (
          <>
            <Circle center={[site.lat, site.lng]} radius={site.radioM} pathOptions={GEOFENCE_STYLE} />
            <CircleMarker center={[site.lat, site.lng]} radius={6} pathOptions={SITE_PIN_STYLE} />
          </>
        )}
        {position && (
          <>
            {position.precisionM > 0 && <Circle center={[position.lat, position.lng]} radius={position.precisionM} pathOptions={ACCURACY_STYLE} />}
            <CircleMarker center={[position.lat, position.lng]} radius={8} pathOptions={outside ? POSITION_OUTSIDE_STYLE : POSITION_STYLE} />
          </>
        )}
      </MapContainer>
    </div>
  );
}
