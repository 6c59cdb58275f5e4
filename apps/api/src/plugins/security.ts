import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { registerInputGuard } from './input-guard';

/**
 * Strict CSP the built SPA satisfies: scripts only from our origin (Vite emits no inline script).
 * Styles allow inline because Mantine, SweetAlert2 and react-toastify insert <style> elements at run time.
 * Map tiles come from OpenStreetMap. No `upgrade-insecure-requests`: the default install serves plain
 * HTTP on a LAN address, where upgrading would break every asset.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  registerInputGuard(app);
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    // Same rule as frame-ancestors 'none', for browsers that only read the old header.
    xFrameOptions: { action: 'deny' },
    // HSTS only means something over TLS; it is added below when the request came that way.
    strictTransportSecurity: false,
  });
  // The headers do not depend on the request: helmet writes them once here, and every answer copies
  // them (@fastify/helmet rebuilt the whole middleware, CSP parsing included, on every request).
  const headers: Record<string, string> = {};
  const capture = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: () => undefined,
  };
  middleware({} as IncomingMessage, capture as unknown as ServerResponse, () => undefined);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  // Answers of the API carry personal data and session state: never cache them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
      reply.header('pragma', 'no-cache');
    }
  });
}
