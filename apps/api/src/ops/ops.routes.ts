import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { errorResponseSchema } from '@jornada/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../app-types';
import { AppError } from '../lib/errors';
import { checkReadiness, type ReadinessProbe } from './readiness';
import type { AppMetrics } from './metrics';

const VERSION = (JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

const healthResponseSchema = z.object({
  estado: z.literal('ok'),
  version: z.string(),
  uptimeSegundos: z.number().int(),
});

const readyResponseSchema = z.object({
  estado: z.literal('ok'),
  migraciones: z.number().int().describe('Migraciones aplicadas en la base de datos'),
});

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request made on this same machine: the TCP peer is loopback and no proxy relayed it. A reverse
 * proxy on the same host also connects from loopback, but adds X-Forwarded-For (or Forwarded), so
 * what it relays from the Internet is never taken as local, whatever TRUST_PROXY says.
 */
function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return LOOPBACK.has(peer) && !relayed;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const METRICS_MESSAGES = {
  localOnly: 'Las métricas solo se pueden consultar desde este mismo equipo. Define METRICS_TOKEN para leerlas desde otra máquina.',
  tokenRequired: 'Las métricas requieren el token de métricas en la cabecera Authorization: Bearer.',
} as const;

/** Loopback reads freely; anything else needs `Authorization: Bearer <METRICS_TOKEN>`, and is refused when no token is set. */
function authorizeMetrics(request: FastifyRequest, metricsToken: string | undefined): void {
  if (isLocalRequest(request)) return;
  if (!metricsToken) throw new AppError('FORBIDDEN', METRICS_MESSAGES.localOnly);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match || !sameSecret(match[1]!, metricsToken)) {
    throw new AppError('UNAUTHENTICATED', METRICS_MESSAGES.tokenRequired, undefined, { 'www-authenticate': 'Bearer realm="metricas"' });
  }
}

/**
 * Records every request's count and latency under its route pattern (`/api/v1/grupos/:id`, never
 * the raw URL, so ids do not explode the series). Register before any route.
 */
export function registerRequestMetrics(app: ZodApp, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'sin_ruta',
      status_code: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}

interface OpsRoutesDeps {
  metrics: AppMetrics;
  readiness: ReadinessProbe;
  metricsToken: string | undefined;
}

/**
 * Health (the process), readiness (database and migrations) and Prometheus metrics. The three are
 * `sessionless`: they never touch the sessions table, so they answer while the database is down.
 */
export function registerOpsRoutes(app: ZodApp, deps: OpsRoutesDeps): void {
  app.get(
    '/api/health',
    {
      config: { public: true, sessionless: true },
      schema: {
        tags: ['operación'],
        summary: 'Estado del proceso',
        description: 'Responde 200 mientras el proceso está en marcha, sin consultar la base de datos. Para balanceadores (liveness).',
        security: [],
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ estado: 'ok' as const, version: VERSION, uptimeSegundos: Math.floor(process.uptime()) }),
  );

  app.get(
    '/api/ready',
    {
      config: { public: true, sessionless: true },
      schema: {
        tags: ['operación'],
        summary: 'Disponibilidad para atender',
        description:
          'Responde 200 cuando la base de datos responde y tiene aplicadas todas las migraciones de esta versión; si no, 503 `UNAVAILABLE` con el motivo. Para balanceadores (readiness).',
        security: [],
        response: { 200: readyResponseSchema, 503: errorResponseSchema },
      },
    },
    async () => {
      const result = await checkReadiness(deps.readiness);
      if (!result.ok) throw new AppError('UNAVAILABLE', result.message);
      return { estado: 'ok' as const, migraciones: result.applied };
    },
  );

  app.get(
    '/api/metrics',
    {
      config: { public: true, sessionless: true },
      schema: {
        tags: ['operación'],
        summary: 'Métricas en formato Prometheus',
        description:
          'Texto de exposición de Prometheus: métricas del proceso, solicitudes y latencia por ruta, marcas guardadas y profundidad de las colas de trabajos. Libre desde el mismo equipo (loopback, sin proxy); desde otra máquina exige `Authorization: Bearer <METRICS_TOKEN>` (401 si falta o no coincide) y se rechaza con 403 si METRICS_TOKEN no está definido.',
        security: [{ bearer: [] }],
        // 200 is Prometheus' text; 401 and 403 are the API's JSON error.
        produces: ['text/plain', 'application/json'],
        response: {
          200: z.string().describe('Formato de texto de Prometheus 0.0.4'),
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      authorizeMetrics(request, deps.metricsToken);
      const body = await deps.metrics.registry.metrics();
      return reply.type(deps.metrics.registry.contentType).send(body);
    },
  );
}
