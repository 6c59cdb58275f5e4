import { apiModule } from '../../lib/api-module';
import { registerGroupRoutes } from './groups.routes';
import { createLedGroups, type LedGroupsPort } from './groups.scope';
import { createGroupsService } from './groups.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The groups a user leads: a supervisor's scope (modules/groups). */
    ledGroups: LedGroupsPort;
  }
}

/** Groups of workers and their leaders. */
export const groupsModule = apiModule('groups', [], (app, { db, clock }) => {
  registerGroupRoutes(app, createGroupsService(db), clock);
  app.decorate('ledGroups', createLedGroups(db));
});
