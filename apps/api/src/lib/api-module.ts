import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodApp } from '../app-types';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AppMetrics } from '../ops/metrics';
import type { RequestSession } from '../plugins/types';
import type { BackgroundTasks } from './background';
import type { Clock } from './clock';
import type { JobQueue } from './jobs';
import type { Mailer } from './mailer';

type SessionResolver = (token: string) => Promise<RequestSession | null>;
type FiscalizadorListener = (request: FastifyRequest, session: RequestSession, allowed: boolean) => Promise<void>;

/**
 * Where a request's session comes from. The users' sessions (modules/auth) and the labour inspectors'
 * employer sessions (modules/inspectors) live in two modules; the auth plugin asks each source in turn.
 */
export class SessionSources {
  private readonly resolvers: SessionResolver[] = [];
  private fiscalizadorListener: FiscalizadorListener | null = null;

  /** `first` puts a source ahead of the others: the common sessions are looked up before the rarer ones. */
  add(resolver: SessionResolver, position: 'first' | 'last' = 'last'): void {
    if (position === 'first') this.resolvers.unshift(resolver);
    else this.resolvers.push(resolver);
  }

  /** The access log of DT Res. Ex. 38: called for every request made with a fiscalizador's session. */
  onFiscalizadorRequest(listener: FiscalizadorListener): void {
    this.fiscalizadorListener = listener;
  }

  readonly resolve: SessionResolver = async (token) => {
    for (const resolver of this.resolvers) {
      const session = await resolver(token);
      if (session) return session;
    }
    return null;
  };

  readonly fiscalizadorRequest: FiscalizadorListener = async (request, session, allowed) => {
    // No inspectors module, no inspector sessions: refusing is the safe answer if one ever appears.
    if (!this.fiscalizadorListener) throw new Error('No hay registro de accesos de fiscalizadores.');
    await this.fiscalizadorListener(request, session, allowed);
  };
}

/** Work a module repeats on a schedule in every process that runs the job loop (not under tests). */
export interface PeriodicTask {
  everyMs: number;
  /** Also once at start-up. */
  atStart: boolean;
  run(): Promise<unknown>;
  /** Logged as a warning when a run fails; the next run tries again. */
  failure: string;
}

/** What every module's plugin receives: the process's shared infrastructure, never another module's internals. */
export interface AppKernel {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  /** Fire-and-forget work (e-mails after a response), drained on close. */
  background: BackgroundTasks;
  /** The durable job queue: modules register their job handlers on it. */
  jobs: JobQueue;
  metrics: AppMetrics;
  log: FastifyBaseLogger;
  /** How sign-in slow-down waits; tests record the delays instead. */
  sleep: (ms: number) => Promise<void>;
  sessions: SessionSources;
  /** Worker-days a page of evaluated attendance evaluates inline before it queues the evaluation (modules/attendance; tests lower it). */
  attendanceInlineDays?: number | undefined;
  /** Workers whose pay a payroll page computes inline before it queues the computation (modules/remunerations; tests lower it). */
  payInlineWorkers?: number | undefined;
  /** Schedules periodic work; the app starts it after `ready` when it runs its jobs. */
  every(task: PeriodicTask): void;
}

/**
 * A business capability as a Fastify plugin: it registers its routes and job handlers and decorates the
 * app with the service other modules may use (typed by the module's `declare module 'fastify'`).
 * `dependencies` names the modules whose decorations it reads: Fastify refuses to start when one is
 * missing or registered later, so the order of the list in app.ts is checked, not remembered.
 */
export function apiModule(
  name: string,
  dependencies: readonly string[],
  register: (app: ZodApp, kernel: AppKernel) => void | Promise<void>,
): FastifyPluginAsync<AppKernel> {
  const plugin: FastifyPluginAsync<AppKernel> = async (app, kernel) => register(app as unknown as ZodApp, kernel);
  return fp(plugin, { name, dependencies: [...dependencies], fastify: '5.x' });
}
