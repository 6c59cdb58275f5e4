/** Shared kiosks: a device opened by an administrator where workers mark with PIN or fingerprint. */
export { registerKioskRoutes } from './kiosk.routes';
export { createKioskService, type KioskService } from './kiosk.service';
