import type { AuthBody, Empleador, Perfil } from '@jornada/contracts';
import { PERFILES, SESSION_TTL_MS, TOKEN_STORAGE_KEY } from '../contract-constants';
import { ApiError, NetworkError } from '../api-client';
import type { SessionApi } from './session-api';

/** localStorage key of the instant (ms since epoch) the token was set, so a reload keeps the original deadline. */
export const TOKEN_SET_AT_STORAGE_KEY = 'token_set_at';

/**
 * The session user with the spec's field names (section 3). `razonsocial` is the spec's name for the
 * API's `razon_social`: an object once loaded, the empty string before.
 */
export interface SessionUser {
  tokenSesion: string;
  nombre: string;
  apellidos: string;
  razonsocial: { nombre: string; _id: string } | '';
  perfil: Perfil | '';
  rut: string;
  _id: string;
  email: string;
  direccion: string;
}

export const EMPTY_USER: SessionUser = Object.freeze({
  tokenSesion: '',
  nombre: '',
  apellidos: '',
  razonsocial: '',
  perfil: '',
  rut: '',
  _id: '',
  email: '',
  direccion: '',
}) as SessionUser;

/** Why the last session ended; lets the UI tell a sign-out apart from an expiry. */
export type SignOutReason = 'logout' | 'expired' | 'profile-error' | 'other-tab';

export interface SessionState {
  status: 'signed-out' | 'signed-in';
  token: string | null;
  user: SessionUser;
  /** True while signed in with empty details, until the profile answer fills them. */
  loadingProfile: boolean;
  lastSignOut: SignOutReason | null;
}

/**
 * `choose-employer`: the password opened accounts in several companies; no session yet. The sign-in
 * page asks which one and logs in again with its id as `empresaId`.
 */
export type LoginResult =
  | { ok: true; user: SessionUser }
  | { ok: false; reason: 'choose-employer'; empleadores: Empleador[] }
  | { ok: false; reason: 'invalid-credentials' | 'locked' | 'network' | 'no-token' | 'error'; message?: string };

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Reads the stored token (signed-in with empty details) and fetches the profile. Call once at start-up. */
  start(): void;
  login(body: AuthBody): Promise<LoginResult>;
  /** Resolves true when the server confirmed; on failure the session is kept (spec section 4). */
  logout(): Promise<boolean>;
  refreshProfile(): Promise<void>;
  /** Stops timers and listeners (tests, hot reload). */
  dispose(): void;
}

interface SessionStoreDeps {
  api: SessionApi;
  storage?: Storage;
  now?: () => number;
  /** Where session messages go: the console only, never the UI (spec section 8). */
  logger?: Pick<Console, 'error' | 'warn' | 'info'>;
  /** The window whose `storage` events (other tabs) and document `visibilitychange` keep the session in step. */
  browser?: Window;
}

const SIGNED_OUT: SessionState = Object.freeze({
  status: 'signed-out',
  token: null,
  user: EMPTY_USER,
  loadingProfile: false,
  lastSignOut: null,
}) as SessionState;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The employers of a sign-in answer without a token (`{ empleadores }`), or null when it is not one. */
function employersOf(data: unknown): Empleador[] | null {
  const list = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).empleadores : undefined;
  if (!Array.isArray(list) || list.length < 2) return null;
  const employers = list.map((item: unknown) => {
    const record = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    return { id: str(record.id), razonSocial: str(record.razonSocial), rut: str(record.rut) };
  });
  return employers.every((employer) => employer.id !== '' && employer.razonSocial !== '') ? employers : null;
}

/** Picks the spec's user fields from a login or profile answer (section 3), mapping `razon_social` to `razonsocial`. */
function toSessionUser(data: unknown, tokenSesion: string): SessionUser {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const rs = record.razon_social;
  const razonsocial =
    typeof rs === 'object' && rs !== null ? { nombre: str((rs as Record<string, unknown>).nombre), _id: str((rs as Record<string, unknown>)._id) } : '';
  const perfil = (PERFILES as readonly string[]).includes(str(record.perfil)) ? (record.perfil as Perfil) : '';
  return {
    tokenSesion,
    nombre: str(record.nombre),
    apellidos: str(record.apellidos),
    razonsocial,
    perfil,
    rut: str(record.rut),
    _id: str(record._id),
    email: str(record.email),
    direccion: str(record.direccion),
  };
}

export function createSessionStore(deps: SessionStoreDeps): SessionStore {
  const { api } = deps;
  const storage = deps.storage ?? window.localStorage;
  const now = deps.now ?? (() => Date.now());
  const log = deps.logger ?? console;
  let state: SessionState = SIGNED_OUT;
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped on every token change so late answers for an old token are ignored. */
  let generation = 0;
  const listeners = new Set<() => void>();

  const emit = (next: SessionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const clearTimer = () => {
    if (expiryTimer !== undefined) clearTimeout(expiryTimer);
    expiryTimer = undefined;
  };

  const readSetAt = (): number | null => {
    const value = Number(storage.getItem(TOKEN_SET_AT_STORAGE_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  };

  /** Arms the automatic sign-out at setAt + 2 h; uses setTimeout so a page clock can fast-forward it. */
  const scheduleExpiry = (setAt: number) => {
    clearTimer();
    const remaining = setAt + SESSION_TTL_MS - now();
    if (remaining <= 0) {
      expire();
      return;
    }
    expiryTimer = setTimeout(expire, remaining);
  };

  /** The one place the token changes: the stored token follows every change (spec section 4). */
  const setToken = (token: string | null, user: SessionUser, extra: Partial<SessionState> = {}, persist = true) => {
    generation += 1;
    clearTimer();
    if (token) {
      if (persist) {
        storage.setItem(TOKEN_STORAGE_KEY, token);
        storage.setItem(TOKEN_SET_AT_STORAGE_KEY, String(now()));
      }
      emit({ status: 'signed-in', token, user, loadingProfile: false, lastSignOut: null, ...extra });
      scheduleExpiry(readSetAt() ?? now());
    } else {
      if (persist) {
        storage.removeItem(TOKEN_STORAGE_KEY);
        storage.removeItem(TOKEN_SET_AT_STORAGE_KEY);
      }
      emit({ ...SIGNED_OUT, ...extra });
    }
  };

  function expire() {
    if (!state.token) return;
    log.info('Sesión expirada: han pasado 2 horas desde el inicio de sesión.');
    setToken(null, EMPTY_USER, { lastSignOut: 'expired' });
  }

  const refreshProfile = async () => {
    const token = state.token;
    if (!token) return;
    const mine = generation;
    try {
      const data = await api.profile(token);
      if (mine !== generation) return;
      emit({ ...state, user: toSessionUser(data, token), loadingProfile: false });
    } catch (error) {
      if (mine !== generation) return;
      log.error('Error al obtener el perfil; se cierra la sesión.', error);
      setToken(null, EMPTY_USER, { lastSignOut: 'profile-error' });
    }
  };

  /** Adopts a token found in storage: signed-in with empty details, then the profile fills them. */
  const adoptStoredToken = (token: string, persistSetAt: boolean) => {
    if (persistSetAt && readSetAt() === null) storage.setItem(TOKEN_SET_AT_STORAGE_KEY, String(now()));
    generation += 1;
    emit({ status: 'signed-in', token, user: { ...EMPTY_USER, tokenSesion: token }, loadingProfile: true, lastSignOut: null });
    scheduleExpiry(readSetAt() ?? now());
    if (state.token === token) void refreshProfile();
  };

  // Other tabs share localStorage: follow their sign-in and sign-out.
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key !== null && key !== TOKEN_STORAGE_KEY) return;
    const stored = key === null ? null : newValue;
    if (stored === state.token) return;
    if (stored) adoptStoredToken(stored, false);
    else setToken(null, EMPTY_USER, { lastSignOut: 'other-tab' }, false);
  };
  // Timers may be late after a laptop sleeps; re-check the deadline when the page is shown again.
  const onVisibility = () => {
    const setAt = readSetAt();
    if (state.token && setAt !== null && now() >= setAt + SESSION_TTL_MS) expire();
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      deps.browser?.addEventListener('storage', onStorage);
      deps.browser?.document.addEventListener('visibilitychange', onVisibility);
      const token = storage.getItem(TOKEN_STORAGE_KEY);
      if (token) adoptStoredToken(token, true);
    },
    async login(body) {
      let data: unknown;
      try {
        data = await api.auth(body);
      } catch (error) {
        log.error('Error en la solicitud de inicio de sesión.', error);
        if (error instanceof NetworkError) return { ok: false, reason: 'network' };
        if (error instanceof ApiError) {
          if (error.status === 401) return { ok: false, reason: 'invalid-credentials', message: error.message };
          if (error.status === 429) return { ok: false, reason: 'locked', message: error.message };
          return { ok: false, reason: 'error', message: error.message };
        }
        return { ok: false, reason: 'error' };
      }
      const token = typeof data === 'object' && data !== null ? (data as Record<string, unknown>).tokenSesion : undefined;
      if (typeof token !== 'string' || token === '') {
        // Only an answer with tokenSesion signs in (spec section 5); a list of employers asks to choose one first.
        const empleadores = employersOf(data);
        if (empleadores) return { ok: false, reason: 'choose-employer', empleadores };
        log.warn('Token no recibido: la sesión no se inicia.');
        return { ok: false, reason: 'no-token' };
      }
      const user = toSessionUser(data, token);
      setToken(token, user);
      return { ok: true, user };
    },
    async logout() {
      const token = state.token;
      if (!token) return true;
      try {
        await api.logout(token);
      } catch (error) {
        log.error('Error al cerrar la sesión; la sesión se mantiene.', error);
        return false;
      }
      setToken(null, EMPTY_USER, { lastSignOut: 'logout' });
      return true;
    },
    refreshProfile,
    dispose() {
      clearTimer();
      listeners.clear();
      deps.browser?.removeEventListener('storage', onStorage);
      deps.browser?.document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
