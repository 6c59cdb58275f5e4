import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'un minuto' : `${minutes} minutos`;
}

/**
 * Per-route limits (routes opt in with `config.rateLimit`). Counters live in this process's memory:
 * with several API processes each counts on its own; design.md plans Redis (`REDIS_URL`) for that.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo en ${waitText(context.ttl)}.`),
  });
}
