import './lib/zod-locale';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(5173),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(z.url({ message: 'DATABASE_URL debe ser una URL postgres://…' }).optional()),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    SMTP_URL: optionalString.pipe(z.url({ message: 'SMTP_URL debe ser una URL smtp:// o smtps://' }).optional()),
    MAIL_FROM: z.string().trim().min(1).default('Jornada <no-responder@jornada.local>'),
    PUBLIC_URL: optionalString.pipe(z.url({ message: 'PUBLIC_URL debe ser una URL http(s)://' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: optionalString,
    /** Behind a load balancer the client address comes from X-Forwarded-For; off by default so it cannot be forged. */
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    /** Bearer token that lets other machines read /api/metrics; without it only this machine (loopback) can. */
    /** Shared counters for per-route rate limits across several API processes; without it each process counts alone. */
    REDIS_URL: optionalString.pipe(z.url({ message: 'REDIS_URL debe ser una URL redis://…' }).optional()),
    RATE_LIMIT_NAMESPACE: z.string().trim().min(1).default('jornada-rl:'),
    /** Addresses exempt from the per-route limits, comma separated (a trusted proxy health check, a test runner). */
    RATE_LIMIT_ALLOW: z
      .string()
      .optional()
      .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean))
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: 'RATE_LIMIT_ALLOW debe ser una lista de direcciones IP separadas por comas' }))),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, { message: 'METRICS_TOKEN debe tener al menos 16 caracteres' }).optional()),
    /** The OpenAPI document and its UI under /api/docs: on in development and tests, off in production unless asked for. */
    API_DOCS: z.enum(['true', 'false', '1', '0', ''], { error: 'API_DOCS debe ser true o false' }).optional(),
    /** How long a stopping server waits for requests in flight before it exits anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(process.cwd(), env.DATA_DIR),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    webDist: env.WEB_DIST ? path.resolve(process.cwd(), env.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    redisUrl: env.REDIS_URL,
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE,
    rateLimitAllow: env.RATE_LIMIT_ALLOW,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' || env.API_DOCS === '1' : env.NODE_ENV !== 'production',
  }));

export type Config = z.output<typeof envSchema>;

/** Reads the environment once; a wrong value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
