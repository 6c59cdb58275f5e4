/**
 * Vitest global set-up of the API suite: migrates one database per run and leaves it as the template
 * every test file copies (test/app.ts `createTestDatabase`), instead of running the migrations once per
 * file.
 * - PGlite: a migrated in-memory cluster dumped to a file in the temporary folder; each file loads it.
 * - PostgreSQL (DATABASE_URL): a database migrated as the app's role; each file runs
 *   `CREATE DATABASE … TEMPLATE` of it, a file copy on the server.
 * Workers inherit the environment variables set here. One test (db/client.test.ts) still migrates an
 * empty database from the first migration, on each driver.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { APP_ROLE, databaseUrl, ensureAppRole, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './app';

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    try {
      await database.migrate();
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      const file = path.join(os.tmpdir(), `jornada-test-template-${randomBytes(6).toString('hex')}.tar`);
      fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      process.env[PGLITE_TEMPLATE_ENV] = file;
      return async () => {
        delete process.env[PGLITE_TEMPLATE_ENV];
        fs.rmSync(file, { force: true });
      };
    } finally {
      await database.close();
    }
  }
  const name = `jornada_tpl_${randomBytes(6).toString('hex')}`;
  await ensureAppRole(serverUrl);
  await adminQuery(serverUrl, `CREATE DATABASE ${name} OWNER ${APP_ROLE}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name, APP_ROLE) });
  try {
    await database.migrate();
  } finally {
    // A template must have no open connection while it is copied.
    await database.close();
  }
  process.env[POSTGRES_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
