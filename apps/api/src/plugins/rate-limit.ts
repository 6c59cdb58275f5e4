import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors';

function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes <= 1 ? 'un minuto' : `${minutes} minutos`;
}

/**
 * How many bulk requests a company may make per route and window. Each one can cost seconds of the one
 * event loop every company shares (a 50,000-row file checked row by row, a pattern for 2,000 workers).
 * A person who uploads a file, reads the errors and fixes it a few times stays far below; a script
 * looping is cut off. Files: previews and loads of users, shifts, planning and the planner. Screens:
 * the planning pattern and the mass assignment of leaders, whose previews follow each click of a wizard.
 */
export const BULK_LIMITS = {
  filePreview: { max: 20, minutes: 15, what: 'vistas previas de carga masiva' },
  fileLoad: { max: 20, minutes: 15, what: 'cargas masivas' },
  screenPreview: { max: 60, minutes: 15, what: 'vistas previas' },
  screenApply: { max: 30, minutes: 15, what: 'cambios masivos' },
} as const;

export type BulkLimit = (typeof BULK_LIMITS)[keyof typeof BULK_LIMITS];

/**
 * A route's limit counted per company (the session's) rather than per address: all of a company's
 * administrators share it, and a company's script does not use up another company's. Counted at
 * preHandler, once the session is known; a request refused before (401, 403, a bad body) does not count.
 * `name` keeps each route's counter apart.
 */
export function perCompanyLimit(name: string, limit: BulkLimit) {
  return {
    max: limit.max,
    timeWindow: limit.minutes * 60_000,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => `${name}:${request.session?.companyId ?? request.ip}`,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      new AppError('RATE_LIMITED', `Tu empresa ya hizo ${limit.max} ${limit.what} en ${limit.minutes} minutos. Inténtalo de nuevo en ${waitText(context.ttl)}.`),
  } as const;
}

interface RateLimitOptions {
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
