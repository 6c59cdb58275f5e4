/** Groups of workers, their leaders and states. Other modules use only what this file exports. */
export { registerGroupRoutes } from './groups.routes';
export { createGroupsService, type GroupsService } from './groups.service';
export { ledGroupIds } from './groups.repository';
