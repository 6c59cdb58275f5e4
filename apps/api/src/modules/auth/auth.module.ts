import { apiModule } from '../../lib/api-module';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { userSessions, type UserSessionsPort } from './auth.sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ends a user's open sessions when a change removes their access (modules/auth). */
    userSessions: UserSessionsPort;
  }
}

/** Sign-in, sessions, sign-out and password recovery; its sessions are the first the app looks up. */
export const authModule = apiModule('auth', ['inspectors'], (app, { db, mailer, background, config, clock, log, sleep, sessions }) => {
  const auth = createAuthService({ db, mailer, background, publicUrl: config.publicUrl, log, sleep, inspectors: app.inspectors });
  sessions.add((token) => auth.resolveSession(token, clock()), 'first');
  registerAuthRoutes(app, auth, clock);
  app.decorate('userSessions', userSessions);
});
