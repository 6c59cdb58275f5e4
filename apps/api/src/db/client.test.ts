import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { checkReadiness, shippedMigrations } from '../ops/readiness';
import { APP_ROLE, databaseUrl, ensureAppRole, tempDir } from '../test/app';
import { countCompanies, insertCompany } from '../modules/companies/companies.repository';
import { BACKGROUND_POOL_SIZE, databaseTarget, openDatabase, PGLITE_SHARED_BUFFERS, POOL_SIZE } from './client';
import { runAsCompany, runAsSystem, runInBackground } from './tenant-context';

const dirs: Array<() => void> = [];
afterEach(() => dirs.splice(0).forEach((remove) => remove()));

describe('databaseTarget', () => {
  it('uses PostgreSQL when DATABASE_URL is set and PGlite in DATA_DIR otherwise', () => {
    expect(databaseTarget({ databaseUrl: 'postgres://u@h/db', dataDir: '/x' })).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(databaseTarget({ databaseUrl: undefined, dataDir: '/x' })).toEqual({ kind: 'pglite', dir: '/x/pglite' });
  });
});

describe('migrations from an empty database', () => {
  // Every other test file copies a database migrated once per run (test/template-database.ts); this one
  // runs all the shipped migrations from the first, on the driver the suite runs on.
  it('applies every shipped migration in order and the database is ready', async () => {
    const serverUrl = process.env.DATABASE_URL;
    const name = `jornada_empty_${Date.now().toString(36)}`;
    if (serverUrl) {
      await ensureAppRole(serverUrl);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} OWNER ${APP_ROLE}`);
      await admin.end();
    }
    const database = await openDatabase(serverUrl ? { kind: 'postgres', url: databaseUrl(serverUrl, name, APP_ROLE) } : { kind: 'pglite', dir: null });
    try {
      const expectedMigrations = shippedMigrations();
      expect(await checkReadiness({ db: database.db, expectedMigrations })).toMatchObject({ ok: false });
      await database.migrate();
      expect(await checkReadiness({ db: database.db, expectedMigrations })).toEqual({ ok: true, applied: expectedMigrations.length });
    } finally {
      await database.close();
      if (serverUrl) {
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  });
});

describe('PGlite on disk', () => {
  it('keeps data between openings and refuses a second process while one holds it', async () => {
    const { dir, remove } = tempDir('jornada-db-');
    dirs.push(remove);
    const target = { kind: 'pglite', dir: path.join(dir, 'pglite') } as const;
    const first = await openDatabase(target);
    await first.migrate();
    await insertCompany(first.db, { rut: '76086428-5', nombre: 'Persistente', razonSocial: 'Persistente SpA' });
    const lockFile = path.join(dir, 'pglite.lock');
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));

    // Pretend another live process (our parent) holds the lock.
    fs.writeFileSync(lockFile, String(process.ppid));
    await expect(openDatabase(target)).rejects.toThrow(/está en uso por otro proceso/);
    fs.writeFileSync(lockFile, String(process.pid));
    await first.close();
    expect(fs.existsSync(lockFile)).toBe(false);

    // A lock left by a process that died does not block.
    fs.writeFileSync(lockFile, '999999999');
    const second = await openDatabase(target);
    await second.migrate();
    expect(await countCompanies(second.db)).toBe(1);
    // The engine starts with the server's own settings, on disk and in memory alike.
    const shown = (await second.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(shown.rows[0]!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    await second.close();
    const inMemory = await openDatabase({ kind: 'pglite', dir: null });
    const inMemoryShown = (await inMemory.db.execute(sql`show shared_buffers`)) as unknown as { rows: { shared_buffers: string }[] };
    expect(inMemoryShown.rows[0]!.shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
    await inMemory.close();
  });
});

describe.runIf(process.env.DATABASE_URL)('PostgreSQL pool', () => {
  it('takes back a connection whose transaction could not begin: the pool neither shrinks nor hangs when it closes', async () => {
    let dyingBegins = POOL_SIZE + 2;
    /** A connection that dies just as a transaction sends its BEGIN, as in a database outage. */
    class DyingClient extends pg.Client {
      constructor(config?: string | pg.ClientConfig) {
        super(config);
        const query = this.query.bind(this) as (...args: unknown[]) => unknown;
        (this as { query: unknown }).query = (...args: unknown[]) => {
          const first = args[0] as { text?: string } | string;
          const text = typeof first === 'string' ? first : (first.text ?? '');
          if (dyingBegins > 0 && /^begin/i.test(text)) {
            dyingBegins--;
            (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
          }
          return query(...args);
        };
      }
    }
    const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? '', Client: DyingClient });
    try {
      for (let attempt = 0; attempt < POOL_SIZE + 2; attempt++) {
        await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      }
      const result = (await database.db.transaction((tx) => tx.execute(sql`select 1 as one`))) as { rows: unknown[] };
      expect(result.rows).toEqual([{ one: 1 }]);
    } finally {
      const closed = await Promise.race([database.close().then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('hung'), 5_000))]);
      expect(closed).toBe('closed');
    }
  });

  it('gives background work connections of its own: a job runs while every request connection is taken, with its company setting', async () => {
    const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? '' });
    const company = '0b9f6a4e-3c1d-4e55-9a0e-2f6c1d7b8a90';
    const settingOf = (result: unknown) => (result as { rows: { setting: string }[] }).rows[0]!.setting;
    const current = sql`select current_setting('jornada.company_id') as setting`;
    let releaseRequests!: () => void;
    const held = new Promise<void>((resolve) => (releaseRequests = resolve));
    // Every connection of the requests' pool busy in a transaction, as under a burst of marks.
    const requests = Array.from({ length: POOL_SIZE }, () => runAsCompany(company, () => database.db.transaction(async (tx) => { await tx.execute(sql`select 1`); await held; })));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const job = runInBackground(() => runAsCompany(company, () => database.db.execute(current)));
      const inTime = await Promise.race([job.then(settingOf), new Promise((resolve) => setTimeout(() => resolve('waited'), 3_000))]);
      expect(inTime).toBe(company);
      // Background work in system mode sees every company, on the same pool.
      const system = await Promise.all(Array.from({ length: BACKGROUND_POOL_SIZE + 1 }, () => runInBackground(() => runAsSystem(() => database.db.execute(current)))));
      expect(system.map(settingOf)).toEqual(Array(BACKGROUND_POOL_SIZE + 1).fill('*'));
    } finally {
      releaseRequests();
      await Promise.all(requests);
      await database.close();
    }
  });
});
