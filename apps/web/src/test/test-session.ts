import { vi } from 'vitest';
import { createSessionStore, httpSessionApi, type SessionStore } from '../lib/session';

/** The app's session store as `main.tsx` makes it (the real HTTP API, a silent logger), started. */
export function startTestSession(session?: SessionStore): SessionStore {
  const store = session ?? createSessionStore({ api: httpSessionApi, logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } });
  store.start();
  return store;
}
