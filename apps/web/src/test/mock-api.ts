import { vi } from 'vitest';
import { SAMPLE_USER } from './api-stubs';

export interface RouteCall {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  /** Parsed JSON body, or the FormData of an upload. */
  body: unknown;
}

export type RouteReply = { status?: number; body?: unknown } | Response | Error;
export type RouteHandler = (call: RouteCall) => RouteReply | Promise<RouteReply>;

/**
 * Stubs `fetch` with handlers keyed by `METHOD /path` (after the `/api` base, without the query
 * string), e.g. `'GET /v1/usuarios'`. A path segment `:id` matches anything. Unknown routes fail like
 * a lost connection. Returns the recorded calls.
 */
export function mockRoutes(handlers: Record<string, RouteHandler>) {
  const calls: RouteCall[] = [];
  const entries = Object.entries(handlers).map(([key, handler]) => {
    const [method, pattern] = key.split(' ') as [string, string];
    const regex = new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`);
    return { method, regex, handler };
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: RouteCall = { method, path, url, headers: new Headers(init.headers), body };
    calls.push(call);
    const entry = entries.find((e) => e.method === method && e.regex.test(path));
    if (!entry) throw new TypeError(`Failed to fetch ${method} ${url.pathname}`);
    const reply = await entry.handler(call);
    if (reply instanceof Error) throw reply;
    if (reply instanceof Response) return reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A signed-in session of the given perfil: the stored token and the profile answer. */
export function signedInAs(perfil: 'administrador' | 'supervisor' | 'trabajador' | 'fiscalizador' = 'administrador') {
  localStorage.setItem('token', 'tok-1');
  localStorage.setItem('token_set_at', String(Date.now()));
  return { 'POST /usuarios/profile': () => ({ body: { ...SAMPLE_USER, perfil } }) } satisfies Record<string, RouteHandler>;
}

export const page = <T>(items: T[], total = items.length, pageNumber = 1, pageSize = 25) => ({ items, total, page: pageNumber, pageSize });

export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { error: { code, message, ...(fields ? { fields } : {}) } },
});
