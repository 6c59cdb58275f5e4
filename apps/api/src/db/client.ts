import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { markConnectionError } from '../lib/db-errors';
import * as schema from './schema/index';
import { currentTenantSetting, inBackground, NONE, runAsSystem, SYSTEM, TENANT_SETTING } from './tenant-context';

export type Schema = typeof schema;
/** What repositories see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository method runs on the database or inside a caller's transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Human description for start-up logs (never contains a password). */
  description: string;
  migrate(): Promise<void>;
  /**
   * Whether PostgreSQL applies the tenant policies to this connection's role. Never on PGlite (its only
   * role is a superuser) nor for a superuser or BYPASSRLS role (docs/operations.md, «Rol de la base»).
   */
  rowSecurity(): Promise<RowSecurity>;
  close(): Promise<void>;
}

export interface RowSecurity {
  role: string;
  enforced: boolean;
}

/**
 * Refreshes the planner's statistics (all tables, or the ones named). PGlite has no autovacuum, so
 * without this its planner guesses a handful of rows for every table and picks plans that spill to disk
 * (a month of 600,000 marks read with a sequential scan per chunk); on PostgreSQL it saves waiting for
 * autovacuum after a bulk load. Table names come from our own code, never from input.
 */
export async function analyzeTables(db: Db, tables: readonly string[] = []): Promise<void> {
  const list = tables.map((name) => `"${name.replace(/"/g, '""')}"`).join(', ');
  await runAsSystem(() => db.execute(sql.raw(tables.length > 0 ? `analyze ${list}` : 'analyze')));
}

/** Rows a bulk load must write before its tables' statistics are refreshed at once. */
const BULK_ANALYZE_MIN_ROWS = 500;

/**
 * After a bulk load (user or planning uploads): refreshes the statistics of the tables it wrote when it
 * wrote many rows. Never fails the load that already committed: statistics are an optimisation.
 */
export async function analyzeAfterBulkLoad(db: Db, tables: readonly string[], rows: number): Promise<void> {
  if (rows < BULK_ANALYZE_MIN_ROWS) return;
  await analyzeTables(db, tables).catch(() => undefined);
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

export type DatabaseTarget =
  /** `Client` replaces pg's connection class: tests use it to play a connection that dies at a chosen moment. */
  | { kind: 'postgres'; url: string; Client?: typeof pg.Client }
  /**
   * `template`: a data directory dumped by PGlite's `dumpDataDir` (already migrated) to start from instead
   * of an empty cluster; the test suite loads one per file rather than running every migration again.
   */
  | { kind: 'pglite'; dir: string | null; template?: Blob };

/** `DATABASE_URL` wins; otherwise PGlite in `<DATA_DIR>/pglite`. */
export function databaseTarget(config: { databaseUrl?: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dir: path.join(config.dataDir, 'pglite') };
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url, target.Client) : openPglite(target.dir, target.template);
}

function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export const POOL_SIZE = 10;
/** Connections kept for system-mode work of requests (session look-up on every request, sign-in, kiosks). */
export const SYSTEM_POOL_SIZE = 5;
/** Connections kept for background work (jobs and periodic tasks, db/tenant-context.ts `runInBackground`). */
export const BACKGROUND_POOL_SIZE = 3;
const SET_TENANT = { name: 'jornada_set_tenant', text: `select set_config('${TENANT_SETTING}', $1, false)` };

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: Error | boolean) => void) => void;

/** Adds `-c name=value` to the connection's start-up options, keeping any the URL already has. */
function withStartupSetting(url: string, name: string, value: string): string {
  const existing = new URL(url).searchParams.get('options');
  return `${existing ? `${existing} ` : ''}-c ${name}=${value}`;
}

/**
 * The pool Drizzle uses on PostgreSQL. Each checked-out connection carries the `jornada.company_id`
 * setting of the code that asked for it (db/tenant-context.ts), so the row-level security policies see
 * the right company even in a query that forgot its `company_id` filter:
 * - system mode (`*`) takes a connection from a second pool whose connections were opened with the
 *   setting at start-up: the session look-up that precedes every request never costs a round trip;
 * - a company, or none, uses this pool; the value a connection holds is remembered, and `set_config`
 *   runs only when it differs (one company per process pays nothing after the first checkout);
 * - background work (jobs, periodic tasks), in any mode, uses a third pool of its own, with the setting
 *   applied the same way: a job's statements never wait behind a burst of requests for a connection
 *   (the re-evaluation after a mark while web marking runs, docs/performance.md), and a long job never
 *   holds a connection a request needs.
 * Transactions get the setting when Drizzle checks their connection out, before `begin`, so a
 * rollback never undoes it.
 */
class TenantPool extends pg.Pool {
  private readonly settingOf = new WeakMap<pg.PoolClient, string>();

  constructor(
    config: pg.PoolConfig,
    private readonly systemPool: pg.Pool,
    private readonly backgroundPool: pg.Pool,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // Read now, in the caller's context: a queued checkout may complete in another one.
    const wanted = currentTenantSetting();
    // Whatever goes wrong while a connection is opened (refused, too many clients, a database not
    // accepting connections, a server starting up) is an outage for the caller, not a bug.
    const ready = (inBackground() ? this.checkout(wanted, this.backgroundPool) : wanted === SYSTEM ? this.systemPool.connect() : this.checkout(wanted, null)).then(releaseOnFailedBegin, (error: unknown) => {
      throw markConnectionError(error);
    });
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  /** A connection of `pool` (this pool when null) holding the `wanted` setting. */
  private async checkout(wanted: string, pool: pg.Pool | null): Promise<pg.PoolClient> {
    const client = await (pool ? pool.connect() : super.connect());
    if ((this.settingOf.get(client) ?? NONE) !== wanted) {
      try {
        await client.query({ ...SET_TENANT, values: [wanted] });
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      this.settingOf.set(client, wanted);
    }
    return client;
  }

  override async end(): Promise<void> {
    await Promise.all([super.end(), this.systemPool.end(), this.backgroundPool.end()]);
  }
}

const BEGIN = /^\s*begin\b/i;
const beginGuarded = new WeakSet<pg.PoolClient>();

/**
 * drizzle-orm (0.45) sends a transaction's BEGIN before the try/finally that releases its client
 * (drizzle-team/drizzle-orm#6241, open). A BEGIN that fails, as when the connection dies between the
 * checkout and the BEGIN during an outage, would keep the client checked out for good: the pool
 * shrinks by one each time and `pool.end()` at shutdown waits forever. So each checkout's release
 * becomes idempotent, and a failed BEGIN releases the client with its error, which makes the pool
 * discard it. Should drizzle release it as well (once fixed upstream), that second release does nothing.
 */
function releaseOnFailedBegin(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    release(error);
  };
  if (!beginGuarded.has(client)) {
    beginGuarded.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
      if (!BEGIN.test(text) || !(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
    };
  }
  return client;
}

async function openPostgres(url: string, Client?: typeof pg.Client): Promise<Database> {
  // Fail fast while the server is down (503 to the caller) instead of queueing requests for minutes.
  const common = { connectionString: url, connectionTimeoutMillis: 5_000, ...(Client ? { Client } : {}) };
  const systemPool = new pg.Pool({ ...common, max: SYSTEM_POOL_SIZE, options: withStartupSetting(url, TENANT_SETTING, SYSTEM) });
  // New connections start with no company: nothing visible until a checkout sets one.
  const backgroundPool = new pg.Pool({ ...common, max: BACKGROUND_POOL_SIZE, options: withStartupSetting(url, TENANT_SETTING, NONE) });
  const pool = new TenantPool({ ...common, max: POOL_SIZE, options: withStartupSetting(url, TENANT_SETTING, NONE) }, systemPool, backgroundPool);
  // An idle client that loses its server must not crash the process; the next query reports the problem.
  for (const each of [pool, systemPool, backgroundPool]) each.on('error', () => {});
  // A checked-out client (a transaction between statements) that loses its server emits 'error' with
  // nobody listening, which would crash the process and leave its pending query unanswered: every
  // client gets a listener; the statement in flight still fails, and the request answers 503.
  for (const each of [pool, systemPool, backgroundPool]) each.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL ${redactUrl(url)}`,
    // Migrations may move data of every company (FORCE ROW LEVEL SECURITY applies to the owner too).
    migrate: () => runAsSystem(() => migratePg(db, { migrationsFolder: MIGRATIONS_DIR })),
    rowSecurity: () => rowSecurityOf(db),
    close: () => pool.end(),
  };
}

async function rowSecurityOf(db: Db): Promise<RowSecurity> {
  const result = await runAsSystem(() =>
    db.execute(sql`select current_user as role, rolsuper or rolbypassrls as bypass from pg_roles where rolname = current_user`),
  );
  const row = (result as unknown as { rows: { role: string; bypass: boolean }[] }).rows[0];
  return { role: row?.role ?? '', enforced: row ? !row.bypass : false };
}

/**
 * The embedded engine's shared buffers. PGlite's default (128 MB) lives in the server's own process
 * and is all resident from the start; its pages are cached again by the operating system anyway (PGlite
 * reads its files through Node). 32 MB took 110–120 MB off the server at every size, at 1,000 and
 * 10,000 workers, with the month's reads as fast and the exports up to 40 % slower at 1,000 workers
 * (docs/performance.md, «Memoria del servidor»).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query synchronously on the main thread and answers through promises alone, so a
 * request's queries in a row (a bulk upload's lookups, a dozen of them) held the event loop from the
 * first to the last. Through this wrapper each answer first waits one turn of the event loop, as a
 * network database's answer does: other requests run between one request's queries.
 */
function takingTurns<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, property) {
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'query' || property === 'exec') {
        return async (...args: unknown[]) => {
          const result = await method.apply(object, args);
          await nextTurn();
          return result;
        };
      }
      if (property === 'transaction') {
        return (callback: (tx: object) => unknown) => method.call(object, (tx: object) => callback(takingTurns(tx)));
      }
      return method.bind(object);
    },
  });
}

async function openPglite(dir: string | null, template?: Blob): Promise<Database> {
  const releaseLock = dir ? acquireDirectoryLock(dir) : () => {};
  let client: PGlite;
  try {
    const options = { startParams: PGLITE_START_PARAMS, ...(template ? { loadDataDir: template } : {}) };
    client = dir ? await PGlite.create(dir, options) : await PGlite.create(options);
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(takingTurns(client), { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    description: dir ? `PGlite en ${dir}` : 'PGlite en memoria',
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      await analyzeTables(db);
    },
    // PGlite's only role is a superuser: the policies exist but are not enforced (docs/decisions.md).
    rowSecurity: () => rowSecurityOf(db),
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps its files open in one process only: a second process (the demo while the server runs)
 * would corrupt them, so a pid file guards the directory.
 */
export function acquireDirectoryLock(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isProcessAlive(owner)) {
        throw new Error(
          `La base de datos ${dir} está en uso por otro proceso (pid ${owner}). Detén ese proceso (por ejemplo, el servidor) e inténtalo de nuevo.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`No se pudo bloquear la base de datos ${dir}.`);
}
