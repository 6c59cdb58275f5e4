/** People of a company: registration, invitations, contracts, bulk upload. */
export { registerUserRoutes } from './users.routes';
export { createUsersService, type UsersService } from './users.service';
export { createUsersBulk, type UsersBulk } from './users.bulk';
