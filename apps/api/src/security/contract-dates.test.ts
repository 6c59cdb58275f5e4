import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markAttempts, marks, users } from '../db/schema/index';
import { mark, markingCompany, markingWorker, type MarkingCompany } from '../test/fixtures/marks';
import { createTestApp, type TestApp } from '../test/app';
import { dotted, uniqueRut } from '../test/factories';

/**
 * A contract frames the days a person may mark: a mark before it starts (or after it ends) is an
 * attempt with its reason, never a mark; and contract dates are validated (a sensible range, the end
 * not before the start), so `9999-12-31` cannot open a contract that never starts.
 */
let t: TestApp;
let company: MarkingCompany;
beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
});
afterAll(() => t.close());

const person = (overrides: Record<string, unknown>) => ({
  nombre: 'Ana',
  apellidos: 'Pérez',
  rut: dotted(uniqueRut()),
  email: `ana${Math.random().toString(36).slice(2)}@ejemplo.cl`,
  horasSemanales: 42,
  inicioContrato: '2025-01-02',
  ...overrides,
});

describe('contract dates', () => {
  it.each([
    ['9999-12-31', undefined],
    ['1899-12-31', undefined],
    ['2025-03-01', '2025-02-28'],
  ])('refuses a contract starting %s (ending %s)', async (inicioContrato, finContrato) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/usuarios', headers: company.admin.headers, payload: person({ inicioContrato, ...(finContrato ? { finContrato } : {}) }) });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual([finContrato ? 'finContrato' : 'inicioContrato']);
  });

  it('refuses an edit that leaves the end before the stored start', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const response = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${worker.id}`, headers: company.admin.headers, payload: { finContrato: '2000-01-01' } });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toHaveProperty('finContrato');
  });

  it('a mark before the contract starts is an attempt with its reason, not a mark', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    // The test clock reads 2025-06-02: the contract starts next month.
    await t.database.db.update(users).set({ inicioContrato: '2025-07-01' }).where(and(eq(users.companyId, company.companyId), eq(users.id, worker.id)));
    const response = await mark(t.app, worker.headers, { tipo: 'entrada' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'MARCA_RECHAZADA', fields: { motivo: 'contrato_no_iniciado' } });
    expect(await t.database.db.select().from(marks).where(eq(marks.userId, worker.id))).toEqual([]);
    const [attempt] = await t.database.db.select().from(markAttempts).where(eq(markAttempts.userId, worker.id));
    expect(attempt!.reason).toBe('contrato_no_iniciado');
  });
});
