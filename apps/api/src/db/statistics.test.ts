import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildScaleCompany, type ScaleCompany } from '../demo/scale';
import { createTestApp, type TestApp } from '../test/app';
import { bearer, signIn } from '../test/factories';

// The embedded database has no autovacuum: without statistics its planner guesses a handful of rows
// and read a page of workers' month by scanning every mark of the company's month (the marks report at
// 10,000 workers did not finish in 15 minutes). The scale company analyzes after its bulk load, as
// migrations and uploads do. The question asked here is the real one: the statements the marks report
// sends for one page of 10 workers out of 10,000, explained with their own parameters, on PGlite (and on
// PostgreSQL with DATABASE_URL). One planned day per worker keeps the load short; the rows per worker
// and the 10,000 workers are what the planner weighs.

interface Statement {
  text: string;
  params: unknown[];
}

type QueryFn = (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

let t: TestApp;
let company: ScaleCompany;
let client: { query: QueryFn };
const statements: Statement[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-09-10T15:00:00Z');
  company = await buildScaleCompany(t.database.appDatabase.db, { workers: 10_000, from: '2026-09-08', to: '2026-09-08', seed: 11 });
  // Every statement the app sends from now on.
  client = (t.database.appDatabase.db as unknown as { $client: { query: QueryFn } }).$client;
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first, second] = args;
    if (typeof first === 'string') statements.push({ text: first, params: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      // node-postgres as Drizzle calls it: query({ text, rowMode }, params), or query({ text, values }).
      const query = first as { text: string; values?: unknown[] };
      statements.push({ text: query.text, params: Array.isArray(second) ? second : (query.values ?? []) });
    }
    return original(...args);
  };
}, 600_000);
afterAll(() => t.close());

/** The plan of the same text with the same parameters, asked on the test's own handle. */
async function explain(statement: Statement): Promise<string> {
  const raw = (t.database.db as unknown as { $client: { query: QueryFn } }).$client;
  const answer = await raw.query(`explain ${statement.text}`, statement.params);
  return answer.rows.map((row) => String(row['QUERY PLAN'])).join('\n');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isWorkerList = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string' && UUID.test(v));

describe('planner statistics after a bulk load of 10,000 workers', () => {
  it('are there as soon as the load returns: the planner knows how many marks and workers there are', async () => {
    const raw = (t.database.db as unknown as { $client: { query: QueryFn } }).$client;
    const { rows } = await raw.query(`select relname, reltuples::int as estimated from pg_class where relname in ('marks', 'users', 'planning_days') order by relname`);
    const estimated = Object.fromEntries(rows.map((row) => [row.relname, Number(row.estimated)]));
    // ANALYZE samples: close to the true counts, never the "never analyzed" -1 or an empty table's 0.
    expect(estimated.marks).toBeGreaterThan(company.marks * 0.9);
    expect(estimated.users).toBeGreaterThan(company.workers * 0.9);
    expect(estimated.planning_days).toBeGreaterThan(company.workers * 0.9);
  });

  it('reads one page of workers’ month of marks through the per-worker index, not the whole company’s marks', async () => {
    expect(company.workers).toBe(10_000);
    expect(company.marks).toBeGreaterThan(company.workers);
    const session = await signIn(t.app, company.admin.rut, company.admin.password);
    statements.length = 0;
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reportes/marcas?desde=2026-09-08&hasta=2026-09-08&pageSize=10',
      headers: bearer(session.tokenSesion),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().resumen.marcasAlteradas).toBe(0);

    // The statements that read marks for a list of workers (a uuid[] parameter), asked for the page's
    // ten: the first ten of the list, in the report's order. Whether the report sends one list per page
    // or per chunk of the company, the question for a page is the same statement with ten workers.
    const perWorker = statements
      .filter((s) => /\bmarks\b/.test(s.text) && s.params.some(isWorkerList))
      .map((s) => ({ ...s, params: s.params.map((p) => (isWorkerList(p) ? p.slice(0, 10) : p)) }));
    expect(perWorker.length).toBeGreaterThan(0);
    const plans = await Promise.all(perWorker.map(explain));
    // The month read goes through (company, worker, effective time), and none reads the table whole.
    expect(plans.some((plan) => plan.includes('marks_user_time_idx'))).toBe(true);
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on marks\b/);
  });

  it('a page of 10 of 10,000 workers reads only those 10: every statement that reads marks rows names them, the others only count', async () => {
    const session = await signIn(t.app, company.admin.rut, company.admin.password);
    statements.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/reportes/marcas?desde=2026-09-08&hasta=2026-09-08&pageSize=10&page=37',
      headers: bearer(session.tokenSesion),
    });
    expect(response.statusCode).toBe(200);
    const page = response.json() as { total: number; resumen: { trabajadores: number; marcas: number }; bloques: { trabajador: { id: string } }[] };
    // Those who marked that day (not everyone works every day), counted over the whole company.
    expect(page.total).toBe(page.resumen.trabajadores);
    expect(page.total).toBeGreaterThan(5_000);
    expect(page.resumen.marcas).toBeGreaterThan(page.total);
    expect(page.resumen.marcas).toBeLessThanOrEqual(company.marks);
    const shown = new Set(page.bloques.map((block) => block.trabajador.id));
    expect(shown.size).toBe(10);
    const touchingMarks = statements.filter((s) => /"marks"|\bmarks [a-z]\b/.test(s.text));
    expect(touchingMarks.length).toBeGreaterThan(0);
    for (const statement of touchingMarks) {
      // Worker ids as a uuid[] parameter or one parameter each (`in ($2, …)`); the company's id is not one.
      const ids = statement.params.flatMap((p) => (Array.isArray(p) ? p : [p])).filter((p): p is string => typeof p === 'string' && UUID.test(p) && p !== company.companyId);
      if (ids.length > 0) {
        // Rows of marks (hashes, chain links, corrections) are read for the page's workers only.
        for (const id of ids) expect(shown.has(id), statement.text).toBe(true);
      } else {
        // Without a list of workers a statement only counts (the totals) or reads the audit's verdicts: no row of marks in full, no hash.
        expect(statement.text, statement.text).toMatch(/count\(|mark_chain_audits|mark_chain_findings/);
        expect(statement.text, statement.text).not.toMatch(/"marks"\.\*|"marks"\."hash"|\.hash\b|predecessor/);
      }
    }
  });
});
