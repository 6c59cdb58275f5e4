import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from '../lib/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Requests that name a file (an extension in the last segment) or a hashed asset must not get the SPA back. */
function looksLikeFile(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

export function webDistAvailable(webDist: string): boolean {
  return fs.existsSync(path.join(webDist, 'index.html'));
}

/**
 * Serves the built SPA and answers every other path outside /api with index.html, so client-side
 * routes (/dashboard/users, /reset-password/:token, /configuracion) survive a reload.
 * Unknown /api routes always answer the JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | null): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // scripts/web-build.mjs writes .br and .gz beside each asset; the client's Accept-Encoding picks one.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const relative = path.relative(webDist, filePath).split(path.sep).join('/');
        res.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !looksLikeFile(request.url);
    if (webDist && isPage) {
      return reply.header('cache-control', REVALIDATE).sendFile('index.html');
    }
    if (!webDist && isPage) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('La aplicación web no está compilada. Ejecuta «npm run build» o inicia con «npm start».');
    }
    throw new AppError('NOT_FOUND', MESSAGES.notFound);
  });
}
