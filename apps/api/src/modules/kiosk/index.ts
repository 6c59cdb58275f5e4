/** Shared kiosks: a device opened by an administrator where workers mark with PIN or fingerprint. */
export { kioskModule } from './kiosk.module';

export type { KioskService } from './kiosk.service';
