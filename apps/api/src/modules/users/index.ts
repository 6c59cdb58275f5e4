/** People of a company: registration, invitations, contracts, bulk upload. */
export { usersModule } from './users.module';

export type { UsersService } from './users.service';
export type { UsersBulk } from './users.bulk';
export type { Invitations } from './invitations.service';
