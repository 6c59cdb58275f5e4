import { createHash } from 'node:crypto';

/** The previous hash of a worker's first mark. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a mark's hash covers, as stored. */
export interface HashedMark {
  companyId: string;
  id: string;
  userId: string;
  seq: number;
  kind: string;
  method: string;
  at: Date;
  originalAt: Date | null;
  offline: boolean;
  siteId: string | null;
  lat: number | null;
  lng: number | null;
  accuracyM: number | null;
  outsideGeofence: boolean;
  lowAccuracy: boolean;
  device: string | null;
  deviceId: string | null;
  clientId: string;
  correctsMarkId: string | null;
  prevHash: string;
}

/**
 * Canonical serialisation, version 1: a JSON array in a fixed order (no key-order ambiguity),
 * instants as UTC ISO with milliseconds, numbers as JavaScript prints them (shortest round-trip form,
 * the same PostgreSQL's float8 gives back), absent values as null.
 */
function canonicalMark(mark: HashedMark): string {
  return JSON.stringify([
    'jornada-marca-v1',
    mark.companyId,
    mark.id,
    mark.userId,
    mark.seq,
    mark.kind,
    mark.method,
    mark.at.toISOString(),
    mark.originalAt ? mark.originalAt.toISOString() : null,
    mark.offline,
    mark.siteId,
    mark.lat,
    mark.lng,
    mark.accuracyM,
    mark.outsideGeofence,
    mark.lowAccuracy,
    mark.device,
    mark.deviceId,
    mark.clientId,
    mark.correctsMarkId,
    mark.prevHash,
  ]);
}

/** SHA-256 (hex) of the canonical serialisation, which includes the previous hash of the chain. */
export function markHash(mark: HashedMark): string {
  return createHash('sha256').update(canonicalMark(mark)).digest('hex');
}

/** Great-circle distance in meters (haversine, mean Earth radius). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const R = 6_371_008.8;
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}
