import { apiModule } from '../../lib/api-module';
import { registerGroupRoutes } from './groups.routes';
import { createGroupsService } from './groups.service';

/** Groups of workers and their leaders. */
export const groupsModule = apiModule('groups', [], (app, { db, clock }) => {
  registerGroupRoutes(app, createGroupsService(db), clock);
});
