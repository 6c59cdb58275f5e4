import { apiModule } from '../../lib/api-module';
import { createUsersBulk } from './users.bulk';
import { registerUserRoutes } from './users.routes';
import { createUsersService } from './users.service';

/** People of a company: registration, bulk upload, profile, contract data, passwords. */
export const usersModule = apiModule('users', ['companies'], (app, { db, mailer, background, config, clock, log }) => {
  const users = createUsersService({ db, companies: app.companies, mailer, background, publicUrl: config.publicUrl, log });
  registerUserRoutes(app, users, createUsersBulk(db, users), clock);
});
