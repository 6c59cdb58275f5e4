/** Sign-in, sessions, password resets and the sign-in throttle. Other modules use only what this file exports. */
export { authModule } from './auth.module';

export { createSignInThrottle, lockedError, type AuthService, type SignInThrottle } from './auth.service';
export type { UserSessionsPort } from './auth.sessions';
