import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectorEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';
import { READ_ONLY_MESSAGE } from '../../plugins/auth';
import { inspectorSession } from '../../test/fixtures/inspectors';

/**
 * Inspector sessions are read-only and see one company, checked over every route of the OpenAPI
 * document (new routes fall under it on their own).
 */
interface Operation {
  method: string;
  path: string;
}

function operationsOf(app: FastifyInstance): Operation[] {
  const doc = (app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })));
}

const A_UUID = '00000000-0000-4000-8000-000000000001';
const fill = (path: string, id: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'fecha' ? '2025-06-02' : name === 'hash' ? 'a'.repeat(64) : id));

/** The sign-out and profile calls of the spec are POSTs that change nothing. */
const READ_ONLY_POSTS = ['POST /api/usuarios/logout', 'POST /api/usuarios/profile'];
/** Routes that never look at a user session: the inspector's own steps and the kiosk device's calls (its own token). */
const SESSIONLESS_PREFIXES = ['/api/v1/fiscalizacion/', '/api/v1/quiosco/', '/api/v1/verificar/', '/api/health', '/api/ready', '/api/metrics'];

let t: TestApp;
let companyId: string;
let inspector: Awaited<ReturnType<typeof inspectorSession>>;
let auditor: Person;

beforeAll(async () => {
  t = await createTestApp();
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  auditor = await addPerson(t.app, t.database.db, companyId, 'fiscalizador');
}, 60_000);
afterAll(() => t.close());

describe('inspector sessions are read-only', () => {
  it('every non-GET route of the API answers 403 to a fiscalizador session, except sign-out and profile; each refusal is logged', async () => {
    inspector = await inspectorSession(t, companyId);
    const writes = operationsOf(t.app).filter((op) => op.path.startsWith('/api/') && !['GET', 'HEAD'].includes(op.method));
    expect(writes.length).toBeGreaterThan(40);
    const refused: string[] = [];
    const served: string[] = [];
    for (const who of [inspector.headers, auditor.headers]) {
      for (const op of writes) {
        const key = `${op.method} ${op.path}`;
        if (READ_ONLY_POSTS.includes(key) || SESSIONLESS_PREFIXES.some((prefix) => op.path.startsWith(prefix))) continue;
        const response = await t.app.inject({ method: op.method as 'POST', url: fill(op.path, A_UUID), headers: who, payload: {} });
        if (response.statusCode === 403 && response.json().error.code === 'FORBIDDEN') refused.push(key);
        else served.push(`${key} -> ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(served).toEqual([]);
    // Every refusal left its row in the access log, before it was answered.
    const readOnlyRefusals = await t.database.db
      .select({ n: count() })
      .from(inspectorEvents)
      .where(and(eq(inspectorEvents.companyId, companyId), eq(inspectorEvents.event, 'consulta'), eq(inspectorEvents.allowed, false)));
    expect(Number(readOnlyRefusals[0]!.n)).toBe(refused.length);

    for (const key of READ_ONLY_POSTS.filter((k) => k.endsWith('profile'))) {
      const [, url] = key.split(' ') as [string, string];
      expect((await t.app.inject({ method: 'POST', url, headers: inspector.headers, payload: {} })).statusCode).toBe(200);
    }
  }, 120_000);

  it('a write route the perfil allows still answers the read-only message', async () => {
    // The public company registration with an inspector token: public routes are writes too.
    const response = await t.app.inject({ method: 'POST', url: '/api/empresa/crear', headers: inspector.headers, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: READ_ONLY_MESSAGE } });
  });
});

describe('an inspector session sees only the chosen company', () => {
  it('answers no GET route with another company’s data: its ids give 403 or 404, lists leak nothing', async () => {
    const other = await companyWithAdmin(t.app);
    const worker = await addPerson(t.app, t.database.db, other.companyId, 'trabajador', { apellidos: 'Secreto Ajeno' });
    const site = (await t.app.inject({ method: 'POST', url: '/api/v1/sedes', headers: other.admin.headers, payload: { nombre: 'Bodega Ajena' } })).json();
    const group = (await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: other.admin.headers, payload: { nombre: 'Grupo Ajeno' } })).json();
    const otherId = other.companyId;
    const idsOfOther = [other.admin.id, worker.id, String(site.id), String(group.id)];
    const secrets = [other.razonSocial, worker.rut, 'Secreto Ajeno', 'Bodega Ajena', 'Grupo Ajeno'];
    // A fresh employer session (the one above may be near its end after the long test).
    const session = await inspectorSession(t, companyId);
    const reads = operationsOf(t.app).filter((op) => op.method === 'GET' && op.path.startsWith('/api/v1/') && !SESSIONLESS_PREFIXES.some((p) => op.path.startsWith(p)));
    const leaks: string[] = [];
    let withIds = 0;
    for (const op of reads) {
      const urls = /\{/.test(op.path) ? [otherId, ...idsOfOther].map((id) => fill(op.path, id)) : [op.path];
      for (const url of urls) {
        const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
        const where = `GET ${url} -> ${response.statusCode}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (/\{/.test(op.path)) {
          withIds += 1;
          if (![403, 404].includes(response.statusCode)) leaks.push(`${where} (respondió con un id de otra empresa)`);
        }
        for (const secret of secrets) if (response.body.includes(secret)) leaks.push(`${where} contiene «${secret}»`);
      }
    }
    expect(leaks).toEqual([]);
    expect(withIds).toBeGreaterThan(10);
    // The session is still the chosen company's (the answers above were not 401s).
    const me = await t.app.inject({ method: 'POST', url: '/api/usuarios/profile', headers: session.headers, payload: {} });
    expect(me.json().razon_social._id).toBe(companyId);
  }, 300_000);
});
