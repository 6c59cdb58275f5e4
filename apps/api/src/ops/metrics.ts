import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Reads the current depth of one job queue (pg-boss `getQueueSize`, for example). */
export type QueueDepthReader = () => Promise<number> | number;

/**
 * The metrics of one API process, exposed at /api/metrics in Prometheus' text format.
 * One registry per app (not prom-client's global one) so tests that build several apps in one
 * process never see each other's counters. Modules receive this object from `buildApp` and record
 * their own facts on it:
 * - marks: `metrics.marksRecorded.inc()` once per stored mark (marks per minute is
 *   `rate(jornada_marks_recorded_total[1m]) * 60` in Prometheus);
 * - jobs: `metrics.trackJobQueue('nombre-cola', () => boss.getQueueSize('nombre-cola'))`, read on
 *   every scrape.
 */
export interface AppMetrics {
  readonly registry: Registry;
  readonly httpRequests: Counter<'method' | 'route' | 'status_code'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly marksRecorded: Counter;
  readonly jobQueueDepth: Gauge<'queue'>;
  /** Registers a queue whose depth is read at scrape time; replaces an earlier reader of the same name. */
  trackJobQueue(queue: string, read: QueueDepthReader): void;
}

/** Seconds; from a fast cached answer to a slow report. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'jornada_' });

  const queues = new Map<string, QueueDepthReader>();

  const httpRequests = new Counter({
    name: 'jornada_http_requests_total',
    help: 'Solicitudes HTTP atendidas, por método, ruta (patrón, no la URL) y código de estado.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'jornada_http_request_duration_seconds',
    help: 'Duración de las solicitudes HTTP en segundos, por método, ruta (patrón) y código de estado.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const marksRecorded = new Counter({
    name: 'jornada_marks_recorded_total',
    help: 'Marcas de asistencia guardadas por este proceso desde que inició. Marcas por minuto: rate(jornada_marks_recorded_total[1m]) * 60.',
    registers: [registry],
  });
  const jobQueueDepth = new Gauge({
    name: 'jornada_job_queue_depth',
    help: 'Trabajos en espera en cada cola de trabajos en segundo plano, leídos al consultar las métricas.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, read] of queues) {
        // A queue that cannot be read (database down) has no sample this scrape; the rest still answer.
        try {
          this.set({ queue }, await read());
        } catch {
          continue;
        }
      }
    },
  });

  return {
    registry,
    httpRequests,
    httpDuration,
    marksRecorded,
    jobQueueDepth,
    trackJobQueue: (queue, read) => {
      queues.set(queue, read);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's metrics (see `AppMetrics`); what /api/metrics exposes. */
    metrics: AppMetrics;
  }
}
