import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors';

function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'un minuto' : `${minutes} minutos`;
}

export interface RateLimitOptions {
  /** With Redis every API process shares one counter per route and address; without it each counts alone. */
  redisUrl?: string | undefined;
  nameSpace?: string;
  /** Addresses never limited (request.ip after TRUST_PROXY). */
  allowList?: string[];
}

/**
 * Per-route limits (routes opt in with `config.rateLimit`). Sign-in throttling is separate and lives in
 * the database (login_throttles), so it is shared even without Redis.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions = {}): Promise<void> {
  const redis = options.redisUrl
    ? // Short timeouts: a slow Redis must not hold requests; with skipOnError the limit is skipped instead.
      new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false })
    : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis de límites de solicitudes no disponible'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(options.allowList?.length ? { allowList: options.allowList } : {}),
    ...(redis ? { redis, nameSpace: options.nameSpace ?? 'jornada-rl:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Demasiadas solicitudes desde tu conexión. Inténtalo de nuevo en ${waitText(context.ttl)}.`),
  });
}
