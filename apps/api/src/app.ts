import './lib/zod-locale';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodApp } from './app-types';
import type { Config } from './config';
import type { Db } from './db/client';
import { runInBackground } from './db/tenant-context';
import { BackgroundTasks } from './lib/background';
import { systemClock, type Clock } from './lib/clock';
import { serializeError } from './lib/db-errors';
import { createMailer, type Mailer } from './lib/mailer';
import { closeRenderThreads } from './lib/render/index';
import { alertsModule } from './modules/alerts/index';
import { attendanceModule } from './modules/attendance/index';
import { authModule } from './modules/auth/index';
import { clockDevicesModule } from './modules/clock-devices/index';
import { companiesModule } from './modules/companies/index';
import { correctionsModule } from './modules/corrections/index';
import { fingerprintModule } from './modules/fingerprint/index';
import { groupsModule } from './modules/groups/index';
import { holidaysModule } from './modules/holidays/index';
import { homeModule } from './modules/home/index';
import { inconsistenciesModule } from './modules/inconsistencies/index';
import { inspectorsModule } from './modules/inspectors/index';
import { kioskModule } from './modules/kiosk/index';
import { legalReportsModule } from './modules/legal-reports/index';
import { marksModule } from './modules/marks/index';
import { notificationsModule } from './modules/notifications/index';
import { overtimeModule } from './modules/overtime/index';
import { payrollPeriodsModule } from './modules/payroll-periods/index';
import { permissionsModule } from './modules/permissions/index';
import { planningModule } from './modules/planning/index';
import { planningUploadsModule } from './modules/planning-uploads/index';
import { remunerationsModule } from './modules/remunerations/index';
import { reportsModule } from './modules/reports/index';
import { rosterModule } from './modules/roster/index';
import { shiftsModule } from './modules/shifts/index';
import { sitesModule } from './modules/sites/index';
import { usersModule } from './modules/users/index';
import { JobQueue } from './lib/jobs';
import { SessionSources, type AppKernel, type PeriodicTask } from './lib/api-module';
import { registerGracefulClose } from './ops/graceful-close';
import { createMetrics, type AppMetrics } from './ops/metrics';
import { registerOpsRoutes, registerRequestMetrics } from './ops/ops.routes';
import { registerPageReads } from './lib/page-reads';
import { shippedMigrations } from './ops/readiness';
import { registerAuth } from './plugins/auth';
import { registerBodyParsers } from './plugins/body-parsers';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerUploads } from './plugins/uploads';
import { registerWeb, webDistAvailable } from './plugins/web';
import './plugins/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue of this process (receipt e-mails, recomputations, alerts, reports). */
    jobs: JobQueue;
  }
}

/**
 * The API's business capabilities, each a Fastify plugin (lib/api-module.ts) behind its module's index.
 * Each names the modules whose services it reads; Fastify refuses to start if one comes later here.
 */
export const API_MODULES = [
  inspectorsModule,
  authModule,
  payrollPeriodsModule,
  groupsModule,
  holidaysModule,
  permissionsModule,
  companiesModule,
  usersModule,
  sitesModule,
  planningModule,
  shiftsModule,
  planningUploadsModule,
  rosterModule,
  marksModule,
  fingerprintModule,
  kioskModule,
  clockDevicesModule,
  correctionsModule,
  attendanceModule,
  inconsistenciesModule,
  alertsModule,
  overtimeModule,
  remunerationsModule,
  reportsModule,
  homeModule,
  notificationsModule,
  legalReportsModule,
];

export interface AppDeps {
  db: Db;
  config: Config;
  /** Defaults to real time; tests move it to check expiries. */
  clock?: Clock;
  /** Defaults to SMTP (`SMTP_URL`) or `.eml` files in `DATA_DIR/mail`. */
  mailer?: Mailer;
  /** How sign-in slow-down waits; tests record the delays instead of waiting. */
  sleep?: (ms: number) => Promise<void>;
  /** Where logs go (stdout by default); tests read it to check redaction. */
  logStream?: NodeJS.WritableStream;
  /** This process's Prometheus metrics; a fresh registry by default. */
  metrics?: AppMetrics;
  /**
   * Worker-days a page of evaluated attendance still evaluates inside the request; above it the period's
   * first evaluation goes to the job queue and the page answers 202 (INLINE_EVALUATION_DAYS by default).
   */
  attendanceInlineDays?: number;
  /** Workers whose pay a payroll page still computes inside the request; above it the computation goes to the job queue (PAY_INLINE_WORKERS by default). */
  payInlineWorkers?: number;
  /** Whether the job loop (receipt e-mails) starts with the app; not under NODE_ENV=test, where tests run the queue by hand. */
  startJobs?: boolean;
}

/** Values that must never reach a log line, wherever they appear. */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["x-onboarding-token"]',
  'req.headers.cookie',
  'password',
  'token',
  'tokenSesion',
  'onboardingToken',
  '*.password',
  '*.token',
  '*.tokenSesion',
  '*.onboardingToken',
  'body',
  '*.body',
];

/** The reset and company e-mail confirmation links carry their token in the page path; keep it out of request logs. */
function maskUrl(url: string): string {
  return url.replace(/(\/(?:reset-password|confirmar-correo)\/)[^/?#]+/, '$1[oculto]');
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const clock = deps.clock ?? systemClock;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[oculto]' },
      serializers: {
        req: (request) => ({ method: request.method, url: maskUrl(request.url), remoteAddress: request.ip }),
        err: serializeError,
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // Client-side routes can be long (reset tokens); Fastify's default is enough, but be explicit about it.
    routerOptions: { maxParamLength: 500 },
    // What the router and Node's HTTP parser refuse before any hook answers in Spanish too (plugins/errors.ts).
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>() as ZodApp;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const metrics = deps.metrics ?? createMetrics();
  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  registerGracefulClose(app);
  registerErrorHandler(app);
  registerBodyParsers(app);
  await registerSecurity(app);
  await registerRateLimit(app, { redisUrl: config.redisUrl, nameSpace: config.rateLimitNamespace, allowList: config.rateLimitAllow });
  await registerSwagger(app, { serve: config.apiDocs });
  await registerUploads(app);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const background = new BackgroundTasks();
  const jobs = new JobQueue({ db, clock, log: app.log });
  app.decorate('jobs', jobs);
  const periodic: PeriodicTask[] = [];
  const sessions = new SessionSources();
  const kernel: AppKernel = {
    db,
    config,
    clock,
    mailer,
    background,
    jobs,
    metrics,
    log: app.log,
    sleep: deps.sleep ?? sleepFor,
    sessions,
    attendanceInlineDays: deps.attendanceInlineDays,
    payInlineWorkers: deps.payInlineWorkers,
    every: (task) => void periodic.push(task),
  };
  // Sessions come from the modules that issue them (auth, inspectors); the check runs before any route.
  registerAuth(app, sessions.resolve, { onFiscalizadorRequest: sessions.fiscalizadorRequest });
  registerPageReads(app);
  for (const module of API_MODULES) await app.register(module, kernel);
  registerOpsRoutes(app, { metrics, metricsToken: config.metricsToken, readiness: { db, expectedMigrations: shippedMigrations() } });
  await registerWeb(app, webDistAvailable(config.webDist) ? config.webDist : null);

  const timers: NodeJS.Timeout[] = [];
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    await jobs.stop();
    await background.drain();
    mailer.close?.();
    // The exports' render threads: a thread left running would keep the process (and Vitest) alive.
    await closeRenderThreads();
  });

  await app.ready();
  if (deps.startJobs ?? config.nodeEnv !== 'test') {
    jobs.start();
    for (const task of periodic) {
      const run = () => void runInBackground(() => task.run()).catch((error: unknown) => app.log.warn({ err: error }, task.failure));
      if (task.atStart) run();
      timers.push(setInterval(run, task.everyMs).unref());
    }
  }
  return app;
}
