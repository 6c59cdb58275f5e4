import { apiModule } from '../../lib/api-module';
import { marksModulePort, type MarkingPinReader } from '../fingerprint/index';
import { registerKioskRoutes } from './kiosk.routes';
import { createKioskService } from './kiosk.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The marking PINs the kiosk owns, read by the fingerprint module to sign a consent (modules/kiosk). */
    markingPins: MarkingPinReader;
  }
}

/** Shared kiosks: opening, PINs and fingerprint marks on a shared device. */
export const kioskModule = apiModule('kiosk', ['marks', 'fingerprint', 'permissions'], (app, { db, mailer, background, clock, log }) => {
  const port = marksModulePort(app.marks);
  const kiosk = createKioskService({ db, mailer, background, log, marking: () => port, permissions: app.permissionReads });
  registerKioskRoutes(app, kiosk, app.fingerprint, clock);
  app.decorate('markingPins', { pinHashOf: kiosk.pinHashOf });
});
