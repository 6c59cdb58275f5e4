import type { Posicion } from '@jornada/contracts';

export type PositionResult =
  | { status: 'ok'; posicion: Posicion }
  | { status: 'denied' }
  | { status: 'unavailable' }
  | { status: 'timeout' }
  | { status: 'unsupported' };

/** How long the browser may take to answer before the mark goes without a position. */
const POSITION_TIMEOUT_MS = 10_000;

/**
 * Asks the browser for the position once, at the moment of marking (never continuous tracking,
 * DT Res. Ex. 38). Never rejects: a refusal, a timeout or a browser without geolocation all let the
 * mark go on without a position.
 */
export function currentPosition(timeoutMs = POSITION_TIMEOUT_MS, geolocation: Geolocation | undefined = navigator.geolocation): Promise<PositionResult> {
  if (!geolocation) return Promise.resolve({ status: 'unsupported' });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PositionResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(guard);
      resolve(result);
    };
    // Some browsers never call back while the permission prompt is open; do not wait forever.
    const guard = setTimeout(() => finish({ status: 'timeout' }), timeoutMs + 2_000);
    try {
      geolocation.getCurrentPosition(
        (position) =>
          finish({
            status: 'ok',
            posicion: {
              lat: position.coords.latitude,
              lng: position.coords.longitude,
              precisionM: Math.max(0, Math.round(position.coords.accuracy ?? 0)),
            },
          }),
        (error) => finish({ status: error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable' }),
        { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 0 },
      );
    } catch {
      finish({ status: 'unavailable' });
    }
  });
}

/** Kind words for a mark made without a position. */
export const POSITION_MESSAGES: Record<Exclude<PositionResult['status'], 'ok'>, string> = {
  denied:
    'No diste permiso para usar tu ubicación, así que la marca se registró sin ella. Si quieres incluirla la próxima vez, permite la ubicación para este sitio en tu navegador.',
  unavailable: 'Tu dispositivo no pudo obtener la ubicación, así que la marca se registró sin ella.',
  timeout: 'La ubicación tardó demasiado en llegar, así que la marca se registró sin ella.',
  unsupported: 'Este navegador no entrega la ubicación, así que la marca se registró sin ella.',
};
