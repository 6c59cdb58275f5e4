export { createSessionStore, toSessionUser, EMPTY_USER, TOKEN_SET_AT_STORAGE_KEY } from './session-store';
export type { SessionStore, SessionState, SessionUser, LoginResult, SignOutReason, SessionStoreDeps } from './session-store';
export { httpSessionApi, type SessionApi } from './session-api';
export { SessionProvider, useSession, useSessionStore } from './session-context';
