export { createSessionStore, TOKEN_SET_AT_STORAGE_KEY } from './session-store';
export type { SessionStore, LoginResult } from './session-store';
export { httpSessionApi } from './session-api';
export { SessionProvider, useSession, useSessionStore } from './session-context';
