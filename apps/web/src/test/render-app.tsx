import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { createSessionStore, httpSessionApi, type SessionStore } from '../lib/session';

export interface FetchCall {
  url: string;
  init: RequestInit;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | Error | Promise<{ status?: number; body?: unknown }>;

/** Stubs `fetch` with a handler per request path (after the `/api` base). Returns the recorded calls. */
export function mockApi(handlers: Record<string, (call: FetchCall) => Reply>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const call: FetchCall = { url, init, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const path = url.replace(/^\/api/, '');
    const handler = handlers[path];
    if (!handler) throw new TypeError(`Failed to fetch ${url}`);
    const reply = await handler(call);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const SAMPLE_USER = {
  _id: 'u1',
  nombre: 'Camila',
  apellidos: 'Rojas Fuentes',
  razon_social: { nombre: 'Panadería Los Aromos SpA', _id: 'c1' },
  perfil: 'administrador',
  rut: '12345678-5',
  email: 'camila@example.cl',
  direccion: 'Av. Siempre Viva 123',
};

/** Renders the whole app (real routes, providers and session store) at `path`. */
export function renderApp(path: string, options: { session?: SessionStore } = {}) {
  const session = options.session ?? createSessionStore({ api: httpSessionApi, logger: { error: vi.fn(), warn: vi.fn(), info: vi.fn() } });
  session.start();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProviders session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, session };
}
