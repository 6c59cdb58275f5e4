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
  const fingerprint = createFingerprintService({ db, rp: relyingPartyFrom(config.publicUrl), marking: () => port });
  registerFingerprintRoutes(app, fingerprint, clock);
  app.decorate('fingerprint', fingerprint);
});
