import './lib/zod-locale';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodApp } from './app-types';
import type { Config } from './config';
import type { Db } from './db/client';
import { BackgroundTasks } from './lib/background';
import { systemClock, type Clock } from './lib/clock';
import { serializeError } from './lib/db-errors';
import { createMailer, type Mailer } from './lib/mailer';
import { createAuthService, createSignInThrottle, registerAuthRoutes } from './modules/auth/index';
import { createInspectorsService, fiscalizadorRequestLog, registerInspectorJobs, registerInspectorRoutes } from './modules/inspectors/index';
import { createCompaniesService, createCompanyService, findCompanyById, registerCompanyRoutes, registerCompanySettingsRoutes } from './modules/companies/index';
import { createGroupsService, registerGroupRoutes } from './modules/groups/index';
import { ALERT_SCAN_EVERY_MS, createAlertsService, registerAlertJobs, registerAlertRoutes, type AlertsService } from './modules/alerts/index';
import { createAttendanceHome, createAttendanceLegalReads, createAttendanceReports, createAttendanceService, createInconsistencyReads, registerAttendanceHomeRoutes, registerAttendanceJobs, registerAttendanceRoutes } from './modules/attendance/index';
import { createInconsistenciesService, registerInconsistencyRoutes } from './modules/inconsistencies/index';
import { createHomeService, registerHomeRoutes } from './modules/home/index';
import { createNotificationsService, registerNotificationRoutes } from './modules/notifications/index';
import { createPermissionReports, createPermissionsService, registerPermissionRoutes } from './modules/permissions/index';
import { createSitesService, registerSiteRoutes } from './modules/sites/index';
import { createUsersBulk, createUsersService, registerUserRoutes } from './modules/users/index';
import { createShiftsService, registerShiftRoutes } from './modules/shifts/index';
import { createPlanningService, registerPlanningRoutes, retimeFuturePlanning } from './modules/planning/index';
import { createPlanningUploadsService, registerPlanningUploadRoutes } from './modules/planning-uploads/index';
import { approvedOvertime, createOvertimeService, registerOvertimeRoutes } from './modules/overtime/index';
import { createRemunerationsService, registerRemunerationRoutes } from './modules/remunerations/index';
import * as legalReports from './modules/legal-reports/index';
import { JobQueue } from './lib/jobs';
import { createMarksReadService, createMarksService, type MarksService, RECEIPT_JOB, registerMarkRoutes, registerReceiptJobs } from './modules/marks/index';
import { createFingerprintService, marksModulePort, registerFingerprintRoutes, relyingPartyFrom } from './modules/fingerprint/index';
import { createKioskService, registerKioskRoutes } from './modules/kiosk/index';
import { createClockDevicesService, registerClockDeviceRoutes, registerIclockRoutes } from './modules/clock-devices/index';
import { createManagementReportsService, createMarkAudit, createMarksReportService, MARK_AUDIT_EVERY_MS, type MarkAudit, registerManagementReportRoutes, registerMarkAuditJobs, registerReportRoutes, scheduleMarkAudits } from './modules/reports/index';
import { createCorrectionsService, registerCorrectionJobs, registerCorrectionRoutes } from './modules/corrections/index';
import { registerGracefulClose } from './ops/graceful-close';
import { createMetrics, type AppMetrics } from './ops/metrics';
import { registerOpsRoutes, registerRequestMetrics } from './ops/ops.routes';
import { shippedMigrations } from './ops/readiness';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerUploads } from './plugins/uploads';
import { registerWeb, webDistAvailable } from './plugins/web';
import './plugins/types';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records marks and attempts (web marking, kiosk, fingerprint, clock devices): see modules/marks/marks.service.ts. */
    marks: MarksService;
    /** The durable job queue of this process (receipt e-mails). */
    jobs: JobQueue;
    /** The audit of the marks' hash chains, whose verdicts the reports read: see modules/reports/mark-audit.ts. */
    markAudit: MarkAudit;
    /** The alerts of DT Res. Ex. 38 (missed marks, legal limits): see modules/alerts. */
    alerts: AlertsService;
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
        err: serializeError,
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
  await registerRateLimit(app, { redisUrl: config.redisUrl, nameSpace: config.rateLimitNamespace, allowList: config.rateLimitAllow });
  await registerSwagger(app, { serve: config.apiDocs });
  await registerUploads(app);

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
  const shifts = createShiftsService(db, { retimeFuturePlanning });
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
  const markAudit = createMarkAudit({ db, clock, log: app.log });
  registerMarkAuditJobs(jobs, markAudit);
  app.decorate('markAudit', markAudit);
  registerReportRoutes(app, createMarksReportService({ db, audit: markAudit }), clock);
  // Corrections of marks (DT Res. Ex. 38): proposals, the worker's objection or acceptance, consolidation at 48 h.
  const corrections = createCorrectionsService({ db, marks: () => marks, log: app.log, onJobQueued: () => jobs.kick() });
  registerCorrectionJobs(jobs, { db, mailer, publicUrl: config.publicUrl, corrections, clock });
  registerCorrectionRoutes(app, corrections, clock);
  // Attendance: the engine's evaluation of real marks, stored per worker and day and kept up to date by a job.
  const attendance = createAttendanceService({ db, log: app.log });
  registerAttendanceJobs(jobs, { attendance, clock });
  registerAttendanceRoutes(app, attendance, clock);
  // Inconsistencies: the days the evaluation found that do not add up, their dismissals and corrections.
  registerInconsistencyRoutes(app, createInconsistenciesService({ db, reads: createInconsistencyReads({ db, attendance }) }), clock);
  // Alerts (Res. Ex. 38): a missed mark at +30 min and worked time past the legal limits, e-mailed once.
  const alerts = createAlertsService({ db, attendance, log: app.log, onJobQueued: () => jobs.kick() });
  registerAlertJobs(jobs, { db, mailer, publicUrl: config.publicUrl, alerts, clock });
  registerAlertRoutes(app, alerts, clock);
  app.decorate('alerts', alerts);
  // Permissions (permisos, vacaciones, licencias): types, assignments, requests and their approval.
  const permissions = createPermissionsService({ db, mailer, background, publicUrl: config.publicUrl, log: app.log });
  registerPermissionRoutes(app, permissions, clock);
  // Overtime (horas extra): pacts per worker and the approval of the overtime the evaluation found.
  const overtime = createOvertimeService({ db, attendance });
  registerOvertimeRoutes(app, overtime, clock);
  // Remunerations: pay variables of a month from the stored evaluation (overtime only as approved), month closing, payroll exports.
  registerRemunerationRoutes(app, createRemunerationsService({ db, attendance, approvedOvertime }), clock);
  // Home (`/api/v1/inicio`, the week's trend) and the bell (`/api/v1/notificaciones`), read through the modules' doors.
  const attendanceHome = createAttendanceHome({ db, attendance });
  registerAttendanceHomeRoutes(app, attendanceHome, clock);
  registerHomeRoutes(app, createHomeService({ attendance, attendanceHome, permissions, planning, overtime }), clock);
  registerNotificationRoutes(app, createNotificationsService({ db, permissions, corrections }), clock);
  // Management reports (asistencia, atrasos, ausencias, permisos asignados, horas extra, dotación): read the attendance and permissions modules.
  const managementReports = createManagementReportsService({ db, attendance: createAttendanceReports({ db, attendance }), permissions: createPermissionReports({ db }) });
  registerManagementReportRoutes(app, managementReports, clock);
  // The DT's legal reports a)–f), the technical-incidents log and the daily e-mail (e).
  const attendanceLegal = createAttendanceLegalReads({ db, attendance });
  const legal = legalReports.createLegalReportsService({ db, attendance: attendanceLegal, planning });
  legalReports.registerLegalReportRoutes(app, legal, clock);
  legalReports.registerLegalReportJobs(jobs, { db, mailer, attendance: attendanceLegal, clock });
  registerOpsRoutes(app, { metrics, metricsToken: config.metricsToken, readiness: { db, expectedMigrations: shippedMigrations() } });
  await registerWeb(app, webDistAvailable(config.webDist) ? config.webDist : null);

  let auditTimer: NodeJS.Timeout | null = null;
  let alertTimer: NodeJS.Timeout | null = null;
  const legalTimers: NodeJS.Timeout[] = [];
  app.addHook('onClose', async () => {
    if (auditTimer) clearInterval(auditTimer);
    if (alertTimer) clearInterval(alertTimer);
    for (const timer of legalTimers) clearInterval(timer);
    await jobs.stop();
    await background.drain();
    mailer.close?.();
  });

  await app.ready();
  if (deps.startJobs ?? config.nodeEnv !== 'test') {
    jobs.start();
    // Every company's chains are audited at start and then on a schedule (one queued job per company).
    const scheduleAudits = () =>
      scheduleMarkAudits(db, clock())
        .then((queued) => (queued > 0 ? jobs.kick() : undefined))
        .catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo programar la auditoría de las cadenas de marcas'));
    void scheduleAudits();
    auditTimer = setInterval(() => void scheduleAudits(), MARK_AUDIT_EVERY_MS).unref();
    // Every process looks for alerts due; the alerts table's unique key sends each once.
    let scanning: Promise<unknown> | null = null;
    const scanAlerts = () =>
      (scanning ??= alerts
        .scan(clock())
        .catch((error: unknown) => app.log.warn({ err: error }, 'no se pudieron revisar las alertas de asistencia'))
        .finally(() => (scanning = null)));
    alertTimer = setInterval(() => void scanAlerts(), ALERT_SCAN_EVERY_MS).unref();
    // Yesterday's daily e-mail (once per company across processes) and the outage-detecting heartbeat.
    const scheduleDaily = () =>
      legalReports
        .scheduleDailyReports(db, clock())
        .then((queued) => (queued > 0 ? jobs.kick() : undefined))
        .catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo programar el reporte diario'));
    const beat = () => legal.heartbeat(clock()).catch((error: unknown) => app.log.warn({ err: error }, 'no se pudo registrar el latido del sistema'));
    void scheduleDaily();
    void beat();
    legalTimers.push(setInterval(() => void scheduleDaily(), legalReports.DAILY_REPORT_EVERY_MS).unref(), setInterval(() => void beat(), legalReports.HEARTBEAT_EVERY_MS).unref());
  }
  return app;
}
