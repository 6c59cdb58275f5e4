import './lib/zod-locale';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodApp } from './app-types';
import type { Config } from './config';
import type { Db } from './db/client';
import { BackgroundTasks } from './lib/background';
import { systemClock, type Clock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService, createSignInThrottle } from './modules/auth/auth.service';
import { registerInspectorJobs } from './modules/inspectors/inspector-jobs';
import { fiscalizadorRequestLog, registerInspectorRoutes } from './modules/inspectors/inspectors.routes';
import { createInspectorsService } from './modules/inspectors/inspectors.service';
import { registerCompanyRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { findCompanyById } from './modules/companies/companies.repository';
import { registerCompanySettingsRoutes } from './modules/company/company.routes';
import { createCompanyService } from './modules/company/company.service';
import { registerGroupRoutes } from './modules/groups/groups.routes';
import { createGroupsService } from './modules/groups/groups.service';
import { registerSiteRoutes } from './modules/sites/sites.routes';
import { createSitesService } from './modules/sites/sites.service';
import { createUsersBulk } from './modules/users/users.bulk';
import { registerUserRoutes } from './modules/users/users.routes';
import { registerShiftRoutes } from './modules/shifts/shifts.routes';
import { createShiftsService } from './modules/shifts/shifts.service';
import { registerPlanningRoutes } from './modules/planning/planning.routes';
import { createPlanningService } from './modules/planning/planning.service';
import { registerPlanningUploadRoutes } from './modules/planning-uploads/planning-uploads.routes';
import { createPlanningUploadsService } from './modules/planning-uploads/planning-uploads.service';
import { JobQueue } from './lib/jobs';
import { createMarksReadService } from './modules/marks/marks.read';
import { registerMarkRoutes } from './modules/marks/marks.routes';
import { createMarksService, RECEIPT_JOB, type MarksService } from './modules/marks/marks.service';
import { registerReceiptJobs } from './modules/marks/receipt-jobs';
import { createFingerprintService, relyingPartyFrom } from './modules/fingerprint/fingerprint.service';
import { registerFingerprintRoutes } from './modules/fingerprint/fingerprint.routes';
import { marksModulePort } from './modules/fingerprint/marking-adapter';
import { createKioskService } from './modules/kiosk/kiosk.service';
import { registerKioskRoutes } from './modules/kiosk/kiosk.routes';
import { registerClockDeviceRoutes, registerIclockRoutes } from './modules/clock-devices/clock-devices.routes';
import { createClockDevicesService } from './modules/clock-devices/clock-devices.service';
import { createMarksReportService } from './modules/reports/marks-report.service';
import { registerReportRoutes } from './modules/reports/reports.routes';
import { registerCorrectionJobs } from './modules/corrections/corrections.jobs';
import { registerCorrectionRoutes } from './modules/corrections/corrections.routes';
import { createCorrectionsService } from './modules/corrections/corrections.service';
import { registerGracefulClose } from './ops/graceful-close';
import { createMetrics, type AppMetrics } from './ops/metrics';
import { registerOpsRoutes, registerRequestMetrics } from './ops/ops.routes';
import { shippedMigrations } from './ops/readiness';
import { createUsersService } from './modules/users/users.service';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerWeb, webDistAvailable } from './plugins/web';
import { CARGA_MASIVA_MAX_BYTES } from '@jornada/contracts';
import './plugins/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records marks and attempts (web marking, kiosk, fingerprint, clock devices): see modules/marks/marks.service.ts. */
    marks: MarksService;
    /** The durable job queue of this process (receipt e-mails). */
    jobs: JobQueue;
  }
}

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

/** The reset link carries its token in the page path; keep it out of request logs. */
function maskUrl(url: string): string {
  return url.replace(/(\/reset-password\/)[^/?#]+/, '$1[oculto]');
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
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    // Client-side routes can be long (reset tokens); Fastify's default is enough, but be explicit about it.
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>() as ZodApp;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const metrics = deps.metrics ?? createMetrics();
  app.decorate('metrics', metrics);
  registerRequestMetrics(app, metrics);
  registerGracefulClose(app);
  registerErrorHandler(app);
  await registerSecurity(app);
  await registerRateLimit(app, { redisUrl: config.redisUrl, nameSpace: config.rateLimitNamespace });
  await registerSwagger(app);
  // Bulk uploads: one file per request, bounded; routes read it with lib/spreadsheet's readUploadedFile.
  await app.register(multipart, { limits: { fileSize: CARGA_MASIVA_MAX_BYTES, files: 1, fields: 10, parts: 12, headerPairs: 200 } });

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const background = new BackgroundTasks();
  const companies = createCompaniesService(db);
  const users = createUsersService({ db, companies, mailer, background, publicUrl: config.publicUrl, log: app.log });
  const usersBulk = createUsersBulk(db, users);
  // DT inspectors (issue 7): their employer sessions resolve after the users' sessions, are read-only and logged.
  const inspectors = createInspectorsService({
    db,
    mailer,
    background,
    throttle: createSignInThrottle({ db, sleep: deps.sleep ?? sleepFor }),
    publicUrl: config.publicUrl,
    log: app.log,
    onJobQueued: () => app.jobs.kick(),
  });
  const auth = createAuthService({ db, mailer, background, publicUrl: config.publicUrl, log: app.log, sleep: deps.sleep ?? sleepFor, inspectors });

  registerAuth(app, async (token) => (await auth.resolveSession(token, clock())) ?? inspectors.resolveSession(token, clock()), {
    onFiscalizadorRequest: fiscalizadorRequestLog(inspectors, clock),
  });
  registerInspectorRoutes(app, inspectors, clock);
  registerCompanyRoutes(app, companies, clock);
  registerUserRoutes(app, users, usersBulk, clock);
  registerSiteRoutes(app, createSitesService(db), clock);
  registerCompanySettingsRoutes(app, createCompanyService(db));
  registerGroupRoutes(app, createGroupsService(db), clock);
  registerAuthRoutes(app, auth, clock);
  const shifts = createShiftsService(db);
  const planning = createPlanningService({ db, companyRubro: async (id) => (await findCompanyById(db, id))?.rubro ?? null });
  registerShiftRoutes(app, shifts, clock);
  registerPlanningRoutes(app, planning, clock);
  await registerPlanningUploadRoutes(app, createPlanningUploadsService(db, planning), clock);
  const jobs = new JobQueue({ db, clock, log: app.log });
  registerReceiptJobs(jobs, { db, mailer, publicUrl: config.publicUrl });
  registerInspectorJobs(jobs, { db, mailer, publicUrl: config.publicUrl });
  metrics.trackJobQueue(RECEIPT_JOB, () => jobs.depth(RECEIPT_JOB));
  const marks = createMarksService({ db, publicUrl: config.publicUrl, metrics, onJobQueued: () => jobs.kick() });
  app.decorate('marks', marks);
  app.decorate('jobs', jobs);
  registerMarkRoutes(app, marks, createMarksReadService({ db, publicUrl: config.publicUrl }), clock);
  // Fingerprint (WebAuthn) and kiosk marks go through the marks module.
  const markingPort = marksModulePort(marks);
  const fingerprint = createFingerprintService({ db, rp: relyingPartyFrom(config.publicUrl), marking: () => markingPort });
  registerFingerprintRoutes(app, fingerprint, clock);
  registerKioskRoutes(app, createKioskService({ db, mailer, background, log: app.log, marking: () => markingPort }), fingerprint, clock);
  // Clock devices: admin CRUD under /api/v1/relojes and the devices' own /iclock protocol (outside /api).
  const clockDevices = createClockDevicesService(db, () => marks, app.log);
  registerClockDeviceRoutes(app, clockDevices, clock);
  await registerIclockRoutes(app, clockDevices, clock);
  // Reports: the marks report with each row's integrity in its worker's hash chain.
  registerReportRoutes(app, createMarksReportService({ db }), clock);
  // Corrections of marks (DT Res. Ex. 38): proposals, the worker's objection or acceptance, consolidation at 48 h.
  const corrections = createCorrectionsService({ db, marks: () => marks, log: app.log, onJobQueued: () => jobs.kick() });
  registerCorrectionJobs(jobs, { db, mailer, publicUrl: config.publicUrl, corrections, clock });
  registerCorrectionRoutes(app, corrections, clock);
  registerOpsRoutes(app, { metrics, metricsToken: config.metricsToken, readiness: { db, expectedMigrations: shippedMigrations() } });
  await registerWeb(app, webDistAvailable(config.webDist) ? config.webDist : null);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await background.drain();
    mailer.close?.();
  });

  await app.ready();
  if (deps.startJobs ?? config.nodeEnv !== 'test') jobs.start();
  return app;
}
