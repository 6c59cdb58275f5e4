import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from '../backup/backup';
import { users } from '../db/schema/index';
import { runAsCompany, runAsSystem } from '../db/tenant-context';
import { seedDemo } from '../demo/seed';
import { mark, markingCompany, markingWorker, type MarkingCompany } from '../test/fixtures/marks';
import { registerAuth } from '../plugins/auth';
import type { RequestSession } from '../plugins/types';
import { multipartFile } from '../test/multipart';
import { APP_ROLE, createTestApp, createTestDatabase, databaseUrl, type TestApp, type TestDatabase } from '../test/app';

/**
 * PostgreSQL row-level security, the second wall between companies (docs/decisions.md, «Seguridad a
 * nivel de filas»): with the connection's `jornada.company_id` set to a company, a query that forgot its
 * `company_id` filter still sees and touches only that company's rows.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
const serverUrl = process.env.DATABASE_URL;

/** Every table the policies must cover: each with a `company_id` column, and `companies` by its `id`. */
const TENANT_TABLES = sql`
  select c.relname as table_name, a.attname as column_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
  from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    and (a.attname = 'company_id' or (c.relname = 'companies' and a.attname = 'id'))
  order by 1`;

async function tenantTables(database: TestDatabase) {
  return rowsOf(await database.db.execute(TENANT_TABLES)).map((row) => ({
    table: String(row.table_name),
    column: String(row.column_name),
    enabled: Boolean(row.enabled),
    forced: Boolean(row.forced),
  }));
}

describe('tenant policies exist on every table with company_id (PGlite and PostgreSQL)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('enables and forces row-level security with the tenant_isolation policy on each one', async () => {
    const tables = await tenantTables(database);
    expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['companies', 'users', 'logins', 'sessions', 'sites', 'marks', 'planning_days']));
    const policies = rowsOf(
      await database.db.execute(sql`select tablename, policyname, cmd, permissive, roles::text as roles, qual, with_check from pg_policies where schemaname = 'public'`),
    );
    const problems: string[] = [];
    for (const { table, column, enabled, forced } of tables) {
      const fix = 'la migración que la crea debe terminar con SELECT jornada_apply_tenant_rls();';
      if (!enabled || !forced) problems.push(`${table}: seguridad por filas ${enabled ? 'sin FORCE' : 'desactivada'} (${fix})`);
      const policy = policies.find((p) => p.tablename === table && p.policyname === 'tenant_isolation');
      if (!policy) {
        problems.push(`${table}: sin la política tenant_isolation (${fix})`);
        continue;
      }
      expect(policy, table).toMatchObject({ cmd: 'ALL', permissive: 'PERMISSIVE', roles: '{public}' });
      expect(String(policy.qual), table).toContain(`${column} = ( SELECT`);
      expect(String(policy.qual), table).toContain('jornada.company_id');
      expect(policy.with_check, table).toBe(policy.qual);
    }
    expect(problems).toEqual([]);
    // Other policies on the same tables would be OR-ed with this one (permissive) and could open them.
    expect(policies.filter((p) => p.policyname !== 'tenant_isolation')).toEqual([]);
  });
});

describe.skipIf(!serverUrl)('row-level security between companies (PostgreSQL only; runs when DATABASE_URL is set)', () => {
  let t: TestApp;
  let a: MarkingCompany;
  let b: MarkingCompany;
  let demoCompanyId: string;
  let tables: { table: string; column: string }[];
  let appUrl: string;
  const clients: pg.Client[] = [];

  /** A connection as the app's ordinary role, with the setting given (none at all when undefined). */
  async function connectAsApp(setting?: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: appUrl });
    await client.connect();
    clients.push(client);
    if (setting !== undefined) await client.query(`select set_config('jornada.company_id', $1, false)`, [setting]);
    return client;
  }

  /** Rows per company in each tenant table, as the superuser sees them (the truth). */
  async function rowsPerCompany(): Promise<Map<string, Map<string, number>>> {
    const result = new Map<string, Map<string, number>>();
    for (const { table, column } of tables) {
      const counts = rowsOf(await t.database.db.execute(sql.raw(`select ${column}::text as company, count(*)::int as n from "${table}" group by 1`)));
      result.set(table, new Map(counts.map((row) => [String(row.company), Number(row.n)])));
    }
    return result;
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Company C: the demo's whole company (groups, planning, pins, consents...) straight into the database.
    await seedDemo(t.database.db, t.clock.now());
    demoCompanyId = String(rowsOf(await t.database.db.execute(sql`select id from companies`))[0]!.id);
    // Companies A and B through the API: registration, sign-in, workers who mark (marks, chain heads, receipt jobs).
    a = await markingCompany(t.app, t.database.db);
    b = await markingCompany(t.app, t.database.db);
    for (const company of [a, b]) {
      for (let i = 0; i < 2; i++) {
        const worker = await markingWorker(t.app, t.database.db, company);
        const response = await mark(t.app, worker.headers, { tipo: 'entrada' });
        expect(response.statusCode, response.body).toBe(201);
      }
    }
    tables = (await tenantTables(t.database)).map(({ table, column }) => ({ table, column }));
    const name = String(rowsOf(await t.database.db.execute(sql`select current_database() as name`))[0]!.name);
    appUrl = databaseUrl(serverUrl!, name, APP_ROLE);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
    await t?.close();
  });

  it('the app connects as an ordinary role, so PostgreSQL enforces the policies on it', async () => {
    expect(await t.database.appDatabase.rowSecurity()).toEqual({ role: APP_ROLE, enforced: true });
    const client = await connectAsApp();
    const [role] = (await client.query('select rolsuper, rolbypassrls from pg_roles where rolname = current_user')).rows;
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
  });

  it('a deliberately unscoped select under one company returns only that company’s rows, in every tenant table', async () => {
    const truth = await rowsPerCompany();
    // The data must be spread over companies for the check to mean something.
    for (const table of ['companies', 'users', 'logins', 'sessions', 'sites', 'marks', 'mark_chain_heads', 'auth_audit']) {
      expect(truth.get(table)?.get(a.companyId), `${table} de A`).toBeGreaterThan(0);
      expect(truth.get(table)?.get(b.companyId), `${table} de B`).toBeGreaterThan(0);
    }
    expect([...truth.values()].filter((counts) => (counts.get(demoCompanyId) ?? 0) > 0).length).toBeGreaterThanOrEqual(12);

    for (const companyId of [a.companyId, b.companyId, demoCompanyId]) {
      const client = await connectAsApp(companyId);
      for (const { table, column } of tables) {
        const { rows } = await client.query(`select ${column}::text as company from "${table}"`);
        expect(
          rows.every((row: Row) => row.company === companyId),
          `${table}: filas de otra empresa`,
        ).toBe(true);
        expect(rows.length, `${table}: filas de la empresa`).toBe(truth.get(table)?.get(companyId) ?? 0);
      }
      // The same through joins and aggregates.
      const { rows: joined } = await client.query(
        'select distinct u.company_id::text as company from users u join logins l on l.user_id = u.id join sessions s on s.user_id = u.id',
      );
      expect(joined.map((row: Row) => row.company)).toEqual(companyId === demoCompanyId ? [] : [companyId]);
    }
  });

  it('refuses to write another company’s rows: insert rejected, update and delete touch nothing', async () => {
    const client = await connectAsApp(a.companyId);
    await expect(
      client.query(`insert into sites (company_id, nombre, calle, numero, comuna, ciudad, region) values ($1, 'Intrusa', 'X', '1', 'Santiago', 'Santiago', 'RM')`, [
        b.companyId,
      ]),
    ).rejects.toMatchObject({ code: '42501', message: expect.stringContaining('row-level security') });
    // Its own company: accepted.
    await client.query(`insert into sites (company_id, nombre, calle, numero, comuna, ciudad, region) values ($1, 'Propia', 'X', '1', 'Santiago', 'Santiago', 'RM')`, [
      a.companyId,
    ]);
    const usersOfB = Number(rowsOf(await t.database.db.execute(sql`select count(*)::int as n from users where company_id = ${b.companyId}`))[0]!.n);
    expect((await client.query(`update users set nombre = 'Cambiado' where company_id = $1`, [b.companyId])).rowCount).toBe(0);
    expect((await client.query(`delete from sessions where company_id = $1`, [b.companyId])).rowCount).toBe(0);
    // Moving one of A's rows into B is refused too (WITH CHECK on the new row).
    await expect(client.query(`update sites set company_id = $1 where nombre = 'Propia'`, [b.companyId])).rejects.toMatchObject({ code: '42501' });
    const after = rowsOf(await t.database.db.execute(sql`select count(*)::int as n from users where company_id = ${b.companyId} and nombre = 'Cambiado'`));
    expect(after[0]!.n).toBe(0);
    expect(usersOfB).toBeGreaterThan(0);
  });

  it('sees nothing without a company: no setting, an empty one; and everything only in explicit system mode', async () => {
    const total = Number(rowsOf(await t.database.db.execute(sql`select count(*)::int as n from users`))[0]!.n);
    for (const setting of [undefined, '']) {
      const client = await connectAsApp(setting);
      for (const table of ['users', 'marks', 'companies', 'logins', 'sessions']) {
        expect((await client.query(`select count(*)::int as n from "${table}"`)).rows[0].n, `${table} con ${JSON.stringify(setting)}`).toBe(0);
      }
      await expect(
        client.query(`insert into sites (company_id, nombre, calle, numero, comuna, ciudad, region) values ($1, 'Sin empresa', 'X', '1', 'S', 'S', 'RM')`, [a.companyId]),
      ).rejects.toMatchObject({ code: '42501' });
    }
    const system = await connectAsApp('*');
    expect((await system.query('select count(*)::int as n from users')).rows[0].n).toBe(total);
    // A value that is not a company fails loudly instead of showing anything.
    const wrong = await connectAsApp('no-es-un-uuid');
    await expect(wrong.query('select count(*) from users')).rejects.toMatchObject({ code: '22P02' });
  });

  it('the app’s pool carries the scope of the code that queries: company, system, none, and transactions', async () => {
    const db = t.database.appDatabase.db;
    const companiesOf = (rows: { companyId: string }[]) => [...new Set(rows.map((row) => row.companyId))].sort();
    // Deliberately unscoped Drizzle queries.
    expect(companiesOf(await runAsCompany(a.companyId, () => db.select({ companyId: users.companyId }).from(users)))).toEqual([a.companyId]);
    expect(companiesOf(await runAsCompany(b.companyId, () => db.select({ companyId: users.companyId }).from(users)))).toEqual([b.companyId]);
    expect(await db.select({ companyId: users.companyId }).from(users)).toEqual([]);
    expect(companiesOf(await runAsSystem(() => db.select({ companyId: users.companyId }).from(users)))).toHaveLength(3);
    const inTransaction = await runAsCompany(b.companyId, () => db.transaction((tx) => tx.select({ companyId: users.companyId }).from(users)));
    expect(companiesOf(inTransaction)).toEqual([b.companyId]);
    // Many interleaved scopes at once over the pool's 10 connections: none sees another's rows.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const companyId = [a.companyId, b.companyId, demoCompanyId][i % 3]!;
        return runAsCompany(companyId, async () => {
          const rows = i % 2 ? await db.transaction((tx) => tx.select({ companyId: users.companyId }).from(users)) : await db.select({ companyId: users.companyId }).from(users);
          return { companyId, seen: companiesOf(rows) };
        });
      }),
    );
    for (const { companyId, seen } of results) expect(seen).toEqual([companyId]);
  });

  it('a RUT of another company is a new row for a bulk upload, and the sign-in look-up finds both accounts', async () => {
    const [other] = rowsOf(await t.database.db.execute(sql`select rut from users where company_id = ${b.companyId} limit 1`));
    const rut = String(other!.rut);
    const csv = `RUT;Nombre;Apellidos;Correo;Horas semanales;Inicio contrato\n${rut};Ana;Prueba;ana.rls@empresa.cl;40;02-05-2024\n`;
    for (const url of ['/api/v1/usuarios/carga-masiva/vista-previa', '/api/v1/usuarios/carga-masiva']) {
      const form = multipartFile(csv, { filename: 'usuarios.csv', contentType: 'text/csv' });
      const response = await t.app.inject({ method: 'POST', url, headers: { ...a.admin.headers, ...form.headers }, payload: form.payload });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ errores: [], filas: [expect.objectContaining({ accion: 'crear' })] });
    }
    // Under one company's scope, its own login only; sign-in's system scope sees the RUT's two accounts.
    const client = await connectAsApp(a.companyId);
    expect((await client.query('select company_id::text as company from logins where rut = $1', [rut])).rows).toEqual([{ company: a.companyId }]);
    const logins = await runAsSystem(() => t.database.appDatabase.db.execute(sql`select company_id::text as company from logins where rut = ${rut} order by 1`));
    expect(rowsOf(logins).map((row) => row.company)).toEqual([a.companyId, b.companyId].sort());
  });

  it('backs up and restores as the app’s role: every company, policies included (pg_dump in system mode)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-rls-'));
    const name = `jornada_rls_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} OWNER ${APP_ROLE}`);
    const restored = new pg.Client({ connectionString: databaseUrl(serverUrl!, name) });
    try {
      const file = await backupDatabase({ kind: 'postgres', url: appUrl }, dir);
      await restoreDatabase({ kind: 'postgres', url: databaseUrl(serverUrl!, name, APP_ROLE) }, file);
      await restored.connect();
      const truth = await rowsPerCompany();
      for (const { table, column } of tables) {
        const { rows } = await restored.query(`select ${column}::text as company, count(*)::int as n from "${table}" group by 1`);
        expect(new Map(rows.map((row: Row) => [String(row.company), Number(row.n)])), table).toEqual(truth.get(table));
      }
      const { rows: unprotected } = await restored.query(
        `select c.relname from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id'
         where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and not (c.relrowsecurity and c.relforcerowsecurity)`,
      );
      expect(unprotected).toEqual([]);
    } finally {
      await restored.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('a request sees its session’s company only; a public route runs in system mode', async () => {
    // The auth plugin as the app registers it, with routes that forget their company filter on purpose.
    const db = t.database.appDatabase.db;
    const app = Fastify();
    const session = (companyId: string): RequestSession => ({ userId: 'x', companyId, perfil: 'administrador', tokenHash: 'x' });
    registerAuth(app, async (token) => (token === 'a' ? session(a.companyId) : token === 'b' ? session(b.companyId) : null));
    const unscoped = async () => [...new Set((await db.select({ companyId: users.companyId }).from(users)).map((row) => row.companyId))].sort();
    app.get('/api/v1/prueba', { config: { perfiles: ['administrador'] } }, unscoped);
    // A body parsed before the handler must not lose the scope.
    app.post('/api/v1/prueba', { config: { perfiles: ['administrador'] } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return unscoped();
    });
    app.get('/api/v1/publica', { config: { public: true } }, unscoped);
    await app.ready();
    try {
      for (const [token, companyId] of [
        ['a', a.companyId],
        ['b', b.companyId],
      ] as const) {
        const get = await app.inject({ method: 'GET', url: '/api/v1/prueba', headers: { authorization: `Bearer ${token}` } });
        expect(get.json()).toEqual([companyId]);
        const post = await app.inject({ method: 'POST', url: '/api/v1/prueba', headers: { authorization: `Bearer ${token}` }, payload: { relleno: 'x'.repeat(50_000) } });
        expect(post.json()).toEqual([companyId]);
      }
      expect((await app.inject({ method: 'GET', url: '/api/v1/prueba' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/api/v1/publica' })).json()).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
