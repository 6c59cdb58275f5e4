/** Sign-in, sessions, password resets and the sign-in throttle. Other modules use only what this file exports. */
export { authModule } from './auth.module';

export { createSignInThrottle, lockedError, type AuthService, type SignInThrottle } from './auth.service';
/** Ends every open session of a user at once (a change that removes their access); runs in the caller's transaction. */
export { revokeUserSessions } from './auth.repository';
