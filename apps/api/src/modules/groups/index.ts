/** Groups of workers, their leaders and states. Other modules use only what this file exports. */
export { groupsModule } from './groups.module';

export type { GroupsService } from './groups.service';
export { createLedGroups, type LedGroupsPort } from './groups.scope';
