import { apiModule } from '../../lib/api-module';
import { registerFingerprintRoutes } from './fingerprint.routes';
import { createFingerprintService, relyingPartyFrom, type FingerprintService } from './fingerprint.service';
import { marksModulePort } from './marking-adapter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fingerprint (WebAuthn) enrolment and marking (modules/fingerprint); the kiosk marks through it. */
    fingerprint: FingerprintService;
  }
}

/** Fingerprint consent, enrolment and marks (WebAuthn), recorded through the marks module. */
export const fingerprintModule = apiModule('fingerprint', ['marks'], (app, { db, config, clock }) => {
  const port = marksModulePort(app.marks);
  // The kiosk module (registered after this one, since it marks through it) owns the marking PINs: read at call time.
  const fingerprint = createFingerprintService({ db, rp: relyingPartyFrom(config.publicUrl), marking: () => port, pins: () => app.markingPins });
  registerFingerprintRoutes(app, fingerprint, clock);
  app.decorate('fingerprint', fingerprint);
});
