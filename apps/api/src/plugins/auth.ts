import type { FastifyInstance, FastifyRequest } from 'fastify';
import { enterCompany, openScope, runAsSystem } from '../db/tenant-context';
import { AppError, MESSAGES } from '../lib/errors';
import type { RequestSession } from './types';

type SessionResolver = (token: string) => Promise<RequestSession | null>;

interface AuthOptions {
  /**
   * Called for every request made with a session of perfil fiscalizador, before it is answered: the
   * access log of DT Res. Ex. 38. `allowed` says whether the request goes on to be served. If it
   * throws, the request is not served.
   */
  onFiscalizadorRequest?: (request: FastifyRequest, session: RequestSession, allowed: boolean) => Promise<void>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const READ_ONLY_MESSAGE = 'El acceso de fiscalización es de solo lectura: no puede crear, modificar ni eliminar información.';

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
 *
 * It also opens the request's database scope (db/tenant-context.ts): a private route sees no tenant
 * row until its session is known, and then only its company's; a public route (sign-in, onboarding,
 * public verification, kiosk and clock devices, health) runs in system mode because it finds the
 * company from a global key itself; the session look-up always does.
 */
export function registerAuth(app: FastifyInstance, resolveSession: SessionResolver, options: AuthOptions = {}): void {
  app.decorateRequest('session', null);
  // Callback style and first at preValidation, so the hooks and handler that follow (and what they
  // start) run inside the scope. It cannot open earlier: body parsing loses the async context.
  app.addHook('preValidation', (request, _reply, done) => openScope(request.routeOptions.config.public ? 'system' : 'none', done));
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
    const session = token ? await runAsSystem(() => resolveSession(token)) : null;
    request.session = session;
    const { public: isPublic, perfiles, readOnly } = request.routeOptions.config;
    // A private route sees its session's company only, from here on (the access log below included).
    if (session && !isPublic) enterCompany(session.companyId);
    if (session?.perfil === 'fiscalizador') {
      // Inspectors read; they never write (DT access is read-only). Checked here, once, for every route; and logged.
      const perfilOk = isPublic || Boolean(perfiles?.includes(session.perfil));
      const writeOk = READ_METHODS.has(request.method) || readOnly === true;
      await options.onFiscalizadorRequest?.(request, session, perfilOk && writeOk);
      if (perfilOk && !writeOk) throw new AppError('FORBIDDEN', READ_ONLY_MESSAGE);
    }
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
