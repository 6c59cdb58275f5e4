import { vi } from 'vitest';

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
