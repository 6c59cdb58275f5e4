import { apiModule } from '../../lib/api-module';
import { createSignInThrottle } from '../auth/index';
import { registerInspectorJobs } from './inspector-jobs';
import { fiscalizadorRequestLog, registerInspectorRoutes } from './inspectors.routes';
import { createInspectorsService, type InspectorsService } from './inspectors.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Labour inspectors' access (modules/inspectors): their sessions end through the common sign-out. */
    inspectors: InspectorsService;
  }
}

/**
 * DT inspectors: temporary keys, employer sessions (read-only, after the users' sessions) and the log of
 * every request they make.
 */
export const inspectorsModule = apiModule('inspectors', [], (app, { db, mailer, background, config, clock, log, jobs, sleep, sessions }) => {
  const inspectors = createInspectorsService({
    db,
    mailer,
    background,
    throttle: createSignInThrottle({ db, sleep }),
    publicUrl: config.publicUrl,
    log,
    onJobQueued: () => jobs.kick(),
  });
  sessions.add((token) => inspectors.resolveSession(token, clock()));
  sessions.onFiscalizadorRequest(fiscalizadorRequestLog(inspectors, clock));
  registerInspectorRoutes(app, inspectors, clock);
  registerInspectorJobs(jobs, { db, mailer, publicUrl: config.publicUrl });
  app.decorate('inspectors', inspectors);
});
