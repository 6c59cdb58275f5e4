import type { FastifyInstance } from 'fastify';

/**
 * Once the app starts closing, every response still being produced says `Connection: close`, so
 * its kept-alive socket ends with it. Without this, `close()` stops listening and drops idle
 * sockets, but a socket whose request was in flight turns idle afterwards and keeps the process
 * alive until the keep-alive timeout (72 s), far past any sensible shutdown grace period.
 */
export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
