import { SESSION_TTL_MS, TOKEN_STORAGE_KEY } from '@jornada/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api-client';
import type { SessionApi } from './session-api';
import { createSessionStore, EMPTY_USER, TOKEN_SET_AT_STORAGE_KEY, type SessionStore } from './session-store';

const PROFILE = {
  _id: 'u1',
  nombre: 'Camila',
  apellidos: 'Rojas',
  razon_social: { nombre: 'Los Aromos SpA', _id: 'c1' },
  perfil: 'administrador',
  rut: '12345678-5',
  email: 'camila@example.cl',
  direccion: 'Av. Siempre Viva 123',
};

function setup(api: Partial<SessionApi> = {}) {
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const fullApi: SessionApi = {
    auth: vi.fn(async () => ({ ...PROFILE, tokenSesion: 'tok-1', expiraEn: '2030-01-01T00:00:00Z' })),
    profile: vi.fn(async () => PROFILE),
    logout: vi.fn(async () => ({ ok: true })),
    ...api,
  };
  const store = createSessionStore({ api: fullApi, storage: localStorage, logger });
  return { store, api: fullApi, logger };
}

let store: SessionStore | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(new Date('2025-03-10T12:00:00Z'));
});

afterEach(() => {
  store?.dispose();
  store = undefined;
  vi.useRealTimers();
});

describe('session store', () => {
  it('starts signed out with the empty user when nothing is stored', () => {
    ({ store } = setup());
    store.start();
    expect(store.getState()).toMatchObject({ status: 'signed-out', token: null, user: EMPTY_USER });
    expect(EMPTY_USER.razonsocial).toBe('');
  });

  it('at start-up a stored token means signed in with empty details, then the profile fills them', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-tok');
    const s = setup();
    store = s.store;
    store.start();
    expect(store.getState()).toMatchObject({ status: 'signed-in', token: 'stored-tok', loadingProfile: true });
    expect(store.getState().user.nombre).toBe('');
    expect(s.api.profile).toHaveBeenCalledWith('stored-tok');
    await vi.waitFor(() => expect(store!.getState().loadingProfile).toBe(false));
    expect(store.getState().user).toMatchObject({
      nombre: 'Camila',
      razonsocial: { nombre: 'Los Aromos SpA', _id: 'c1' },
      perfil: 'administrador',
      tokenSesion: 'stored-tok',
    });
  });

  it('a failed profile fetch clears the session and the stored token, with a console message only', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'bad-tok');
    const s = setup({ profile: vi.fn(async () => Promise.reject(new ApiError(401, 'UNAUTHENTICATED', 'Sesión no válida.'))) });
    store = s.store;
    store.start();
    await vi.waitFor(() => expect(store!.getState().status).toBe('signed-out'));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(store.getState().user).toEqual(EMPTY_USER);
    expect(s.logger.error).toHaveBeenCalled();
  });

  it('login with a tokenSesion stores the token and fills the user', async () => {
    const s = setup();
    store = s.store;
    store.start();
    const result = await store.login({ rut: '12.345.678-5', password: 'secreto123' });
    expect(result.ok).toBe(true);
    expect(s.api.auth).toHaveBeenCalledWith({ rut: '12.345.678-5', password: 'secreto123' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(localStorage.getItem(TOKEN_SET_AT_STORAGE_KEY)).toBe(String(Date.now()));
    expect(store.getState()).toMatchObject({ status: 'signed-in', token: 'tok-1', user: { nombre: 'Camila', tokenSesion: 'tok-1' } });
  });

  it('an answer without tokenSesion leaves the person signed out (console only)', async () => {
    const s = setup({ auth: vi.fn(async () => ({ ...PROFILE })) });
    store = s.store;
    store.start();
    const result = await store.login({ rut: '1-9', password: 'x' });
    expect(result).toEqual({ ok: false, reason: 'no-token' });
    expect(store.getState().status).toBe('signed-out');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(s.logger.warn).toHaveBeenCalled();
  });

  it('an answer with employers and no tokenSesion stays signed out and asks to choose; the chosen one signs in', async () => {
    const empleadores = [
      { id: 'c1', razonSocial: 'Los Aromos SpA', rut: '76.123.456-0' },
      { id: 'c2', razonSocial: 'La Espiga SpA', rut: '77.654.321-K' },
    ];
    const auth = vi.fn(async (body: { empresaId?: string }) => (body.empresaId ? { ...PROFILE, tokenSesion: 'tok-2', expiraEn: '2030-01-01T00:00:00Z' } : { empleadores }));
    const s = setup({ auth });
    store = s.store;
    store.start();
    expect(await store.login({ rut: '12.345.678-5', password: 'secreto123' })).toEqual({ ok: false, reason: 'choose-employer', empleadores });
    expect(store.getState().status).toBe('signed-out');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    const chosen = await store.login({ rut: '12.345.678-5', password: 'secreto123', empresaId: 'c1' });
    expect(chosen.ok).toBe(true);
    expect(auth).toHaveBeenLastCalledWith({ rut: '12.345.678-5', password: 'secreto123', empresaId: 'c1' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-2');
  });

  it('a malformed list of employers is an answer without a token', async () => {
    for (const empleadores of [[], [{ id: 'c1', razonSocial: 'Sola SpA', rut: '1-9' }], [{ id: 'c1' }, { id: 'c2' }], 'c1,c2']) {
      const s = setup({ auth: vi.fn(async () => ({ empleadores })) });
      expect(await s.store.login({ rut: '1-9', password: 'x' })).toEqual({ ok: false, reason: 'no-token' });
      s.store.dispose();
    }
  });

  it('a failed login changes nothing and reports the reason', async () => {
    const wrong = setup({ auth: vi.fn(async () => Promise.reject(new ApiError(401, 'INVALID_CREDENTIALS', 'RUT o contraseña incorrectos.'))) });
    store = wrong.store;
    store.start();
    expect(await store.login({ rut: '1-9', password: 'x' })).toMatchObject({ ok: false, reason: 'invalid-credentials' });
    expect(store.getState().status).toBe('signed-out');
    expect(wrong.logger.error).toHaveBeenCalled();
    store.dispose();

    const locked = setup({ auth: vi.fn(async () => Promise.reject(new ApiError(429, 'RATE_LIMITED', 'Demasiados intentos. Espera 15 minutos.'))) });
    store = locked.store;
    expect(await store.login({ rut: '1-9', password: 'x' })).toEqual({
      ok: false,
      reason: 'locked',
      message: 'Demasiados intentos. Espera 15 minutos.',
    });
    store.dispose();

    const offline = setup({ auth: vi.fn(async () => Promise.reject(new NetworkError())) });
    store = offline.store;
    expect(await store.login({ rut: '1-9', password: 'x' })).toEqual({ ok: false, reason: 'network' });
    expect(store.getState().status).toBe('signed-out');
  });

  it('logout success clears the user and the stored token', async () => {
    const s = setup();
    store = s.store;
    store.start();
    await store.login({ rut: '1-9', password: 'x' });
    expect(await store.logout()).toBe(true);
    expect(s.api.logout).toHaveBeenCalledWith('tok-1');
    expect(store.getState()).toMatchObject({ status: 'signed-out', token: null, user: EMPTY_USER, lastSignOut: 'logout' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_SET_AT_STORAGE_KEY)).toBeNull();
  });

  it('logout failure keeps the session and the stored token', async () => {
    const s = setup({ logout: vi.fn(async () => Promise.reject(new NetworkError())) });
    store = s.store;
    store.start();
    await store.login({ rut: '1-9', password: 'x' });
    expect(await store.logout()).toBe(false);
    expect(store.getState()).toMatchObject({ status: 'signed-in', token: 'tok-1', user: { nombre: 'Camila' } });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('tok-1');
    expect(s.logger.error).toHaveBeenCalled();
  });

  it('signs out automatically 2 hours after the token was set', async () => {
    const s = setup();
    store = s.store;
    store.start();
    await store.login({ rut: '1-9', password: 'x' });
    vi.advanceTimersByTime(SESSION_TTL_MS - 1);
    expect(store.getState().status).toBe('signed-in');
    vi.advanceTimersByTime(1);
    expect(store.getState()).toMatchObject({ status: 'signed-out', lastSignOut: 'expired' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a reload keeps the original deadline, not a fresh 2 hours', async () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-tok');
    localStorage.setItem(TOKEN_SET_AT_STORAGE_KEY, String(Date.now() - (SESSION_TTL_MS - 60_000)));
    const s = setup();
    store = s.store;
    store.start();
    expect(store.getState().status).toBe('signed-in');
    vi.advanceTimersByTime(60_000);
    expect(store.getState().status).toBe('signed-out');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a stored token older than 2 hours is cleared at start-up without asking for the profile', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old-tok');
    localStorage.setItem(TOKEN_SET_AT_STORAGE_KEY, String(Date.now() - SESSION_TTL_MS - 1));
    const s = setup();
    store = s.store;
    store.start();
    expect(store.getState().status).toBe('signed-out');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(s.api.profile).not.toHaveBeenCalled();
  });

  it('notifies subscribers on every change', async () => {
    const s = setup();
    store = s.store;
    const listener = vi.fn();
    store.subscribe(listener);
    await store.login({ rut: '1-9', password: 'x' });
    await store.logout();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
