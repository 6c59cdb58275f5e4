import './lib/zod-locale';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodApp } from './app-types';
import type { Config } from './config';
import type { Db } from './db/client';
import { BackgroundTasks } from './lib/background';
import { systemClock, type Clock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { registerCompanyRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { registerUserRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerSwagger } from './plugins/swagger';
import { registerWeb, webDistAvailable } from './plugins/web';
import './plugins/types';

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
  registerErrorHandler(app);
  await registerSecurity(app);
  await registerRateLimit(app);
  await registerSwagger(app);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const background = new BackgroundTasks();
  const companies = createCompaniesService(db);
  const users = createUsersService(db, companies);
  const auth = createAuthService({ db, mailer, background, publicUrl: config.publicUrl, log: app.log, sleep: deps.sleep ?? sleepFor });

  registerAuth(app, (token) => auth.resolveSession(token, clock()));
  registerCompanyRoutes(app, companies, clock);
  registerUserRoutes(app, users, clock);
  registerAuthRoutes(app, auth, clock);
  await registerWeb(app, webDistAvailable(config.webDist) ? config.webDist : null);

  app.addHook('onClose', async () => {
    await background.drain();
    mailer.close?.();
  });

  await app.ready();
  return app;
}
