import { apiModule } from '../../lib/api-module';
import { marksModulePort } from '../fingerprint/index';
import { registerKioskRoutes } from './kiosk.routes';
import { createKioskService } from './kiosk.service';

/** Shared kiosks: opening, PINs and fingerprint marks on a shared device. */
export const kioskModule = apiModule('kiosk', ['marks', 'fingerprint'], (app, { db, mailer, background, clock, log }) => {
  const port = marksModulePort(app.marks);
  registerKioskRoutes(app, createKioskService({ db, mailer, background, log, marking: () => port }), app.fingerprint, clock);
});
