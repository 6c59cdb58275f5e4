import { apiModule } from '../../lib/api-module';
import { createInvitations, INVITATIONS_RELEASE_EVERY_MS, type Invitations } from './invitations.service';
import { createUsersBulk } from './users.bulk';
import { registerUserRoutes } from './users.routes';
import { createUsersService } from './users.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The users' invitation e-mails: the daily maximum and the wait for the company's confirmed e-mail (modules/users). */
    invitations: Invitations;
  }
}

/** People of a company: registration, invitations, bulk upload, profile, contract data, passwords. */
export const usersModule = apiModule('users', ['companies', 'auth', 'groups'], (app, { db, mailer, background, config, clock, log, every }) => {
  const invitations = createInvitations({ db, companies: app.companies, mailer, background, publicUrl: config.publicUrl, log });
  const users = createUsersService({ db, companies: app.companies, sessions: app.userSessions, mailer, background, invitations, log, ledGroups: app.ledGroups });
  registerUserRoutes(app, users, createUsersBulk(db, users, app.userSessions), invitations, clock);
  app.decorate('invitations', invitations);
  // A confirmed company e-mail sends the invitations that waited for it.
  app.companies.onEmailConfirmed((companyId, now) => invitations.releaseCompany(companyId, now));
  // Each process sends what waited for a new Chilean day (one run at a time); the company row lock keeps the maximum.
  let releasing: Promise<unknown> | null = null;
  every({
    everyMs: INVITATIONS_RELEASE_EVERY_MS,
    atStart: true,
    run: () => (releasing ??= invitations.releaseDue(clock()).finally(() => (releasing = null))),
    failure: 'no se pudieron enviar las invitaciones pendientes',
  });
});
