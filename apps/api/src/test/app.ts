import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import type { MailMessage, Mailer } from '../lib/mailer';

/** A clock tests set and move by hand. */
export class TestClock {
  constructor(private current = new Date('2025-06-02T13:00:00.000Z')) {}
  now = (): Date => new Date(this.current);
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}

const testMailers = new WeakMap<FastifyInstance, MemoryMailer>();

/** The memory mailer of an app built by createTestApp (undefined when the test gave it another mailer). */
export function mailerOf(app: FastifyInstance): MemoryMailer | undefined {
  return testMailers.get(app);
}

/** The ordinary role the app connects as on PostgreSQL, in tests as in production (docs/operations.md). */
export const APP_ROLE = 'jornada_app';
const APP_ROLE_PASSWORD = 'jornada_app';

/**
 * Creates the app's role on the server if missing: it may log in, it is not a superuser and it does
 * not bypass row-level security, so the tenant policies apply to it. Parallel test files may race
 * here; the loser's duplicate is ignored.
 */
export async function ensureAppRole(serverUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DO $$ BEGIN
      CREATE ROLE ${APP_ROLE} LOGIN PASSWORD '${APP_ROLE_PASSWORD}' NOSUPERUSER NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`);
  } finally {
    await admin.end();
  }
}

/** `serverUrl` pointed at another database, optionally as the app's role. */
export function databaseUrl(serverUrl: string, name: string, as?: typeof APP_ROLE): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (as) {
    url.username = as;
    url.password = APP_ROLE_PASSWORD;
  }
  return url.toString();
}

export interface TestDatabase extends Database {
  /**
   * The handle the app gets. On PostgreSQL, the ordinary role `jornada_app`, owner of the database
   * (it ran the migrations), so the tenant policies apply as in production; the test's own handle
   * (`db`) is the server's superuser, which sees and may change every row. On PGlite, the same handle.
   */
  appDatabase: Database;
}

/**
 * Where the suite's global set-up (test/template-database.ts) left the migrated template of this run:
 * a PGlite data directory dumped to a file, or a database on the PostgreSQL server. Unset outside
 * Vitest (benchmarks, e2e), where each database is migrated from empty.
 */
export const PGLITE_TEMPLATE_ENV = 'JORNADA_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'JORNADA_TEST_POSTGRES_TEMPLATE';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when DATABASE_URL is set,
 * a new database on that server (dropped afterwards) so parallel files never share rows. Both start
 * from the run's template when there is one (a copy costs about a second; the migrations, 2 s on
 * PGlite, plus PGlite's own initdb, 3 s), and otherwise are migrated from empty.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const templateFile = process.env[PGLITE_TEMPLATE_ENV];
    if (templateFile) {
      const template = await fs.openAsBlob(templateFile);
      const database = await openDatabase({ kind: 'pglite', dir: null, template });
      return { ...database, appDatabase: database };
    }
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await database.migrate();
    return { ...database, appDatabase: database };
  }
  const name = `jornada_t_${randomBytes(6).toString('hex')}`;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await ensureAppRole(serverUrl);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} OWNER ${APP_ROLE}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const appDatabase = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name, APP_ROLE) });
  if (!template) await appDatabase.migrate();
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  return {
    ...database,
    appDatabase,
    close: async () => {
      await Promise.all([appDatabase.close(), database.close()]);
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `jornada-test-${randomBytes(4).toString('hex')}`),
    // Never pick up a real build of the web app by accident.
    WEB_DIST: path.join(os.tmpdir(), 'jornada-sin-web'),
    PUBLIC_URL: 'http://jornada.test',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  /** The test's handle (a superuser on PostgreSQL); the app uses `database.appDatabase`. */
  database: TestDatabase;
  clock: TestClock;
  mailer: MemoryMailer;
  /** Every slow-down the sign-in asked for, in ms (nothing actually waits). */
  sleeps: number[];
  close(): Promise<void>;
}

export async function createTestApp(options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  const mailer = new MemoryMailer();
  const sleeps: number[] = [];
  const app = await buildApp({
    db: database.appDatabase.db,
    config: testConfig(options.env),
    clock: clock.now,
    mailer,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options.deps,
  });
  if (!options.deps || !('mailer' in options.deps) || options.deps.mailer === mailer) testMailers.set(app, mailer);
  return {
    app,
    database,
    clock,
    mailer,
    sleeps,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A temporary directory removed with the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
