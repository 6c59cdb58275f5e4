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

/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when DATABASE_URL is set,
 * a new database on that server (dropped afterwards) so parallel files never share rows.
 */
export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    await database.migrate();
    return database;
  }
  const name = `jornada_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
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
  database: Database;
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
    db: database.db,
    config: testConfig(options.env),
    clock: clock.now,
    mailer,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options.deps,
  });
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
