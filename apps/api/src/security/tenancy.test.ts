import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/seed';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, registerCompanyWithAdmin, signIn } from '../test/factories';

/**
 * Cross-tenant access, for every route of the OpenAPI document (new routes fall under it on their own):
 * an administrator of company A tries every id of company B on every route with parameters, and reads
 * every list. Nothing answers 2xx with B's ids, no answer carries B's data, and B's rows are unchanged.
 */
interface Operation {
  method: string;
  path: string;
}

function operationsOf(app: FastifyInstance): Operation[] {
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];

describe('tenancy: another company is invisible and untouchable', () => {
  let t: TestApp;
  let token: string;
  let companyB: string;
  let idsOfB: string[] = [];
  let secretsOfB: string[] = [];
  let tables: string[] = [];

  async function snapshotOfB(): Promise<Record<string, string>> {
    const snapshot: Record<string, string> = {};
    for (const table of tables) {
      const result = await t.database.db.execute(
        sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as h from "${table}" x where company_id = '${companyB}'`),
      );
      snapshot[table] = String(rowsOf(result)[0]!.h);
    }
    return snapshot;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.database.db);
    const company = rowsOf(await t.database.db.execute(sql`select id, razon_social from companies limit 1`))[0]!;
    companyB = String(company.id);
    const { admin } = await registerCompanyWithAdmin(t.app);
    token = (await signIn(t.app, admin.rut, admin.password)).tokenSesion;

    tables = rowsOf(
      await t.database.db.execute(
        sql`select c.table_name from information_schema.columns c join information_schema.tables t using (table_schema, table_name)
            where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE' order by 1`,
      ),
    ).map((r) => String(r.table_name));
    const ids = new Set<string>([companyB]);
    for (const table of tables) {
      const hasId = rowsOf(
        await t.database.db.execute(sql`select 1 from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = 'id'`),
      ).length;
      if (!hasId) continue;
      for (const row of rowsOf(await t.database.db.execute(sql.raw(`select id::text as id from "${table}" where company_id = '${companyB}' limit 2`)))) {
        ids.add(String(row.id));
      }
    }
    idsOfB = [...ids];
    const users = rowsOf(await t.database.db.execute(sql.raw(`select rut, apellidos from users where company_id = '${companyB}' limit 5`)));
    secretsOfB = [String(company.razon_social), ...users.flatMap((u) => [String(u.rut), String(u.apellidos)])];
  }, 120_000);

  afterAll(() => t.close());

  it('collects enough of company B to make the test meaningful', () => {
    expect(tables.length).toBeGreaterThanOrEqual(8);
    expect(idsOfB.length).toBeGreaterThanOrEqual(10);
  });

  it('answers no route with B’s data, neither by id nor in a list, and changes nothing of B', async () => {
    const before = await snapshotOfB();
    const operations = operationsOf(t.app);
    let requests = 0;
    let notFound = 0;
    const leaks: string[] = [];
    for (const { method, path } of operations) {
      const params = path.match(/\{[^}]+\}/g) ?? [];
      const candidates = params.length === 0 ? [path] : idsOfB.map((id) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'fecha' ? '2026-11-02' : id)));
      for (const url of candidates) {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: bearer(token),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        requests += 1;
        if (response.statusCode === 404) notFound += 1;
        const where = `${method} ${url} -> ${response.statusCode}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (params.length > 0 && response.statusCode < 300) leaks.push(`${where} (2xx con un id de otra empresa)`);
        const body = response.body;
        for (const secret of [...secretsOfB, ...idsOfB.filter((id) => !url.includes(id))]) {
          if (body.includes(secret)) leaks.push(`${where} contiene «${secret}»`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(requests).toBeGreaterThan(100);
    // Most id routes reach their handler and answer 404; a suite of only 400s would prove nothing.
    expect(notFound).toBeGreaterThan(requests / 4);
    expect(await snapshotOfB()).toEqual(before);
    // A's session survived the whole run, so the answers above were not plain 401s.
    const profile = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: bearer(token), payload: {} });
    expect(profile.statusCode).toBe(200);
  }, 300_000);
});
