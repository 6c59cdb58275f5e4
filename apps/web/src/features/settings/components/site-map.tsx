import 'leaflet/dist/leaflet.css';
import type { LeafletMouseEvent } from 'leaflet';
import { useEffect } from 'react';
import { Circle, CircleMarker, MapContainer, useMap, useMapEvents } from 'react-leaflet';
import { DEFAULT_CENTER, GEOFENCE_STYLE, OsmTileLayer, SITE_PIN_STYLE } from '../../../components/map/map-parts';
import classes from './site-map.module.css';

export interface SiteMapProps {
  lat: number | null;
  lng: number | null;
  /** Geofence radius in metres. */
  radius: number;
  onPick: (lat: number, lng: number) => void;
}

function ClickToPlace({ onPick }: { onPick: SiteMapProps['onPick'] }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPick(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))),
  });
  return null;
}

function FollowPosition({ lat, lng }: { lat: number | null; lng: number | null }) {
  const map = useMap();
  useEffect(() => {
    if (lat === null || lng === null) return;
    if (!map.getBounds().contains([lat, lng])) map.setView([lat, lng], Math.max(map.getZoom(), 16));
  }, [lat, lng, map]);
  return null;
}

/**
 * The site's position and geofence on OpenStreetMap. Clicking places the position; without tiles
 * (offline) the map still renders and clicking still works. Loaded only on the sites page.
 */
export default function SiteMap({ lat, lng, radius, onPick }: SiteMapProps) {
  const hasPosition = lat !== null && lng !== null;
  return (
    <div className={classes.wrap} role="region" aria-label="Mapa de la sede: haz clic para ubicarla">
      <MapContainer
        center={hasPosition ? [lat, lng] : DEFAULT_CENTER}
        zoom={hasPosition ? 16 : 12}
        className={classes.map}
        scrollWheelZoom={false}
      >
        <OsmTileLayer />
        <ClickToPlace onPick={onPick} />
        <FollowPosition lat={lat} lng={lng} />
        {hasPosition && (
          <>
            <Circle center={[lat, lng]} radius={radius} pathOptions={GEOFENCE_STYLE} />
            <CircleMarker center={[lat, lng]} radius={7} pathOptions={SITE_PIN_STYLE} />
          </>
        )}
      </MapContainer>
    </div>
  );
}
