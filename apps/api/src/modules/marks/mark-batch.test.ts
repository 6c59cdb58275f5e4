import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { runAsCompany } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { mark, markingCompany, markingWorker, SITE_POSITION, type MarkingCompany } from '../../test/fixtures/marks';

/**
 * The group commit (mark-batch.ts) under a shift change: many workers at once, the same worker twice
 * at once, the same idCliente twice at once (a retry racing its original), a flagged mark and a
 * refusal in the same batch. Whatever the batch cannot decide goes to the locked path; the outcome
 * must be the one of marks sent one at a time.
 */
let t: TestApp;
let company: MarkingCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
});
afterAll(() => t.close());

describe('marks recorded together', () => {
  it('keep one chain per worker, never a duplicate, whatever arrives at the same moment', async () => {
    const workers = await Promise.all(Array.from({ length: 12 }, () => markingWorker(t.app, t.database.db, company)));
    const far = { lat: SITE_POSITION.lat + 0.05, lng: SITE_POSITION.lng, precisionM: 10 };
    const retried = randomUUID();
    const answers = await Promise.all([
      // Everyone marks entrada at once; the first worker also retries the same request twice.
      ...workers.map((w, i) => mark(t.app, w.headers, { tipo: 'entrada', ...(i === 0 ? { idCliente: retried } : {}) })),
      mark(t.app, workers[0]!.headers, { tipo: 'entrada', idCliente: retried }),
      mark(t.app, workers[0]!.headers, { tipo: 'entrada', idCliente: retried }),
      // The second worker sends two different kinds at once; the third marks far from the site.
      mark(t.app, workers[1]!.headers, { tipo: 'inicio_colacion' }),
      mark(t.app, workers[2]!.headers, { tipo: 'salida', posicion: far }),
    ]);
    expect(answers.map((a) => a.statusCode).every((code) => code === 200 || code === 201), answers.map((a) => a.body).join('\n')).toBe(true);

    // The retried idCliente is one mark, answered three times with it.
    const retriedIds = answers.slice(0, 1).concat(answers.slice(12, 14)).map((a) => a.json().marca.id);
    expect(new Set(retriedIds).size).toBe(1);
    expect(answers.filter((a) => a.statusCode === 201 && a.json().marca?.id === retriedIds[0])).toHaveLength(1);

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/marcas?pageSize=100', headers: company.admin.headers });
    const stored = list.json<{ items: { usuarioId: string; tipo: string; secuencia: number; fueraDeGeocerca: boolean }[] }>().items.filter((m) =>
      workers.some((w) => w.id === m.usuarioId),
    );
    expect(stored).toHaveLength(12 + 2);
    const ofSecond = stored.filter((m) => m.usuarioId === workers[1]!.id).map((m) => m.secuencia).sort();
    expect(ofSecond).toEqual([1, 2]);
    expect(stored.filter((m) => m.usuarioId === workers[2]!.id).some((m) => m.fueraDeGeocerca)).toBe(true);

    const chain = await t.app.inject({ method: 'GET', url: '/api/v1/marcas/cadena', headers: company.admin.headers });
    expect(chain.json()).toMatchObject({ integra: true, rupturas: [] });
  });

  it('decides a missing worker, an inactive one and a normal one of the same batch each on its own', async () => {
    const [active, inactive] = await Promise.all([markingWorker(t.app, t.database.db, company), markingWorker(t.app, t.database.db, company)]);
    await t.database.db.update(users).set({ active: false }).where(and(eq(users.companyId, company.companyId), eq(users.id, inactive.id)));
    const record = (userId: string) =>
      t.app.marks.recordMark({ companyId: company.companyId, userId, tipo: 'entrada', metodo: 'web', idCliente: randomUUID() }, { now: t.clock.now() });
    const [ok, refused, missing] = await runAsCompany(company.companyId, () =>
      Promise.allSettled([record(active.id), record(inactive.id), record(randomUUID())]),
    );
    expect(ok).toMatchObject({ status: 'fulfilled', value: { status: 'recorded', replay: false } });
    expect(refused).toMatchObject({ status: 'fulfilled', value: { status: 'refused', motivo: 'trabajador_inactivo' } });
    expect(missing).toMatchObject({ status: 'rejected', reason: { fields: { usuarioId: 'El trabajador no existe.' } } });
  });

  it('bring the worker’s marks of the 50 hours around the new one, which its notice reads instead of asking again', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const now = t.clock.now().getTime();
    const hours = (n: number) => new Date(now + n * 3_600_000);
    const record = (tipo: 'entrada' | 'salida', at: Date) =>
      runAsCompany(company.companyId, () => t.app.marks.recordMark({ companyId: company.companyId, userId: worker.id, tipo, metodo: 'web', idCliente: randomUUID() }, { now: at }));
    await record('entrada', hours(-60));
    await record('salida', hours(-51));
    const entered = await record('entrada', hours(-2));
    const left = await record('salida', hours(0));
    expect(left).toMatchObject({ status: 'recorded', replay: false });
    const recent = left.status === 'recorded' ? left.recent : undefined;
    expect(recent).toEqual([[entered.status === 'recorded' ? entered.marca.id : '', 'entrada', hours(-2).getTime(), null]]);
  });
});
