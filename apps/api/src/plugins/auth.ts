import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from '../lib/errors';
import type { RequestSession } from './types';

export type SessionResolver = (token: string) => Promise<RequestSession | null>;

/** The token comes as `Authorization: Bearer <token>`; the spec's web app also sends it as `{ token }` in the body. */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1]! : null;
  }
  const body = request.body as { token?: unknown } | null | undefined;
  return body && typeof body === 'object' && typeof body.token === 'string' && body.token ? body.token : null;
}

/**
 * Deny by default: every /api route needs a valid session unless its config says `public: true`,
 * and the session's perfil must be one of the route's `config.perfiles` (403 otherwise).
 * Public routes still learn who is calling when a valid token comes along (usuarios/crear needs it).
 * Runs at preValidation because the body (with its token) is parsed by then, and before validation
 * so an anonymous caller learns nothing about a private route's schema.
 */
export function registerAuth(app: FastifyInstance, resolveSession: SessionResolver): void {
  app.decorateRequest('session', null);
  app.addHook('onRoute', (route) => {
    const config = route.config as { public?: boolean; perfiles?: readonly string[] } | undefined;
    if (!route.url.startsWith('/api/') || config?.public) return;
    if (!config?.perfiles || config.perfiles.length === 0) {
      throw new Error(`La ruta ${route.method} ${route.url} debe declarar config.perfiles (o public: true).`);
    }
  });
  app.addHook('preValidation', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !url.startsWith('/api/')) return;
    if (request.routeOptions.config.public && request.routeOptions.config.sessionless) return;
    const token = requestToken(request);
    const session = token ? await resolveSession(token) : null;
    request.session = session;
    const { public: isPublic, perfiles } = request.routeOptions.config;
    if (isPublic) return;
    if (!session) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
    if (!perfiles?.includes(session.perfil)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  });
}

/** For services: the caller's session, or 401. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
  return request.session;
}
