import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markAttempts, marks, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { mark, markingCompany, markingWorker, type MarkingCompany } from '../../test/fixtures/marks';

let t: TestApp;
let company: MarkingCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
});
afterAll(() => t.close());
const BASE = '2025-06-02T13:00:00.000Z';
afterEach(() => {
  t.clock.set(BASE);
});


/** About 1.1 km north of the site. */

async function countMarks(userId: string): Promise<number> {
  const rows = await t.database.db.select({ id: marks.id }).from(marks).where(eq(marks.userId, userId));
  return rows.length;
}

async function attemptsOf(userId: string) {
  return t.database.db.select().from(markAttempts).where(eq(markAttempts.userId, userId));
}

async function verifyChain(usuarioId?: string) {
  const url = usuarioId ? `/api/v1/marcas/cadena?usuarioId=${usuarioId}` : '/api/v1/marcas/cadena';
  const response = await t.app.inject({ method: 'GET', url, headers: company.admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('POST /api/v1/marcas (offline, contract end, concurrency)', () => {
  it('fin_contrato is the last day worked: marking on it is allowed', async () => {
    t.clock.set('2025-06-03T03:59:00Z'); // 23:59 of 02-06 in Santiago (UTC-4)
    const worker = await markingWorker(t.app, t.database.db, company);
    await t.database.db.update(users).set({ finContrato: '2025-06-02' }).where(eq(users.id, worker.id));
    expect((await mark(t.app, worker.headers, { tipo: 'salida' })).statusCode).toBe(201);
  });

  it('keeps the original time of an offline mark, flags it, orders it by that time and refuses future or too old times', async () => {
    t.clock.set('2025-06-02T22:00:00Z');
    const worker = await markingWorker(t.app, t.database.db, company);
    const online = await mark(t.app, worker.headers, { tipo: 'salida' });
    expect(online.statusCode).toBe(201);
    const offline = await mark(t.app, worker.headers, { tipo: 'entrada', horaOriginal: '2025-06-02T12:58:30Z' });
    expect(offline.statusCode, offline.body).toBe(201);
    expect(offline.json().marca).toMatchObject({ offline: true, horaOriginal: '2025-06-02T12:58:30.000Z', instante: '2025-06-02T22:00:00.000Z', secuencia: 2 });
    expect(offline.json().comprobante.horaOriginal).toBe('02/06/25 08:58:30');
    expect((await attemptsOf(worker.id)).map((a) => a.reason)).toEqual(['sin_conexion']);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/marcas', headers: worker.headers });
    expect(list.json().items.map((m: { tipo: string }) => m.tipo)).toEqual(['salida', 'entrada']);
    const offlineOnly = await t.app.inject({ method: 'GET', url: '/api/v1/marcas?offline=true', headers: worker.headers });
    expect(offlineOnly.json().total).toBe(1);

    const future = await mark(t.app, worker.headers, { tipo: 'inicio_colacion', horaOriginal: '2025-06-02T22:10:00Z' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields.horaOriginal).toContain('futuro');
    const old = await mark(t.app, worker.headers, { tipo: 'inicio_colacion', horaOriginal: '2025-05-29T21:00:00Z' });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields.horaOriginal).toContain('72 horas');
  });

  // PGlite has one connection: real concurrency exists only on PostgreSQL.
  it.runIf(Boolean(process.env.DATABASE_URL))('serialises concurrent marks of one worker: one chain without gaps', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const kinds = ['entrada', 'inicio_colacion', 'fin_colacion', 'salida'];
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => mark(t.app, worker.headers, { tipo: kinds[i % 4] })));
    for (const response of responses) expect([200, 201]).toContain(response.statusCode);
    const chain = await verifyChain(worker.id);
    expect(chain.integra).toBe(true);
    expect(chain.marcasVerificadas).toBe(await countMarks(worker.id));
    expect(chain.marcasVerificadas).toBeGreaterThan(1);
  });
});

