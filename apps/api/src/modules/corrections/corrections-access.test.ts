import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, type Person } from '../../test/people';
import { markingCompany, markingWorker, type MarkingCompany } from '../../test/fixtures/marks';
import { addGroup } from '../../test/fixtures/planning';
import { act, listCorrections, propose, repeatedAttempt } from '../../test/fixtures/corrections';

let t: TestApp;
let company: MarkingCompany;
let other: MarkingCompany;
let supervisor: Person;
let inGroup: Person;
let outside: Person;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  company = await markingCompany(t.app, db);
  other = await markingCompany(t.app, db);
  supervisor = await addPerson(t.app, db, company.companyId, 'supervisor', { siteId: company.siteId });
  const groupId = await addGroup(db, company.companyId, 'Sala de ventas', [supervisor.id]);
  inGroup = await markingWorker(t.app, db, company, { groupId });
  outside = await markingWorker(t.app, db, company);
});
afterAll(() => t.close());

const missing = (usuarioId: string) => ({ usuarioId, tipo: 'entrada', fecha: '2025-06-02', hora: '08:00', motivo: 'Olvidó marcar la entrada.' });

describe('who may do what', () => {
  it('a trabajador cannot propose; a fiscalizador has no access at all', async () => {
    const inspector = await addPerson(t.app, t.database.db, company.companyId, 'fiscalizador');
    expect((await propose(t.app, inGroup.headers, missing(outside.id))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/correcciones', headers: inspector.headers })).statusCode).toBe(403);
    expect((await propose(t.app, inspector.headers, missing(outside.id))).statusCode).toBe(403);
  });

  it('a supervisor corrects only the members of the groups they lead, never themselves', async () => {
    const created = await propose(t.app, supervisor.headers, missing(inGroup.id));
    expect(created.statusCode, created.body).toBe(201);
    const notMine = await propose(t.app, supervisor.headers, missing(outside.id));
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().error.message).toBe('El trabajador no existe.');
    expect((await propose(t.app, supervisor.headers, missing(supervisor.id))).statusCode).toBe(403);

    t.clock.set('2025-06-02T13:00:00.000Z');
    const attemptOutside = await repeatedAttempt(t.app, t.clock, outside, '2025-06-02T12:00:00.000Z', '2025-06-02T12:30:00.000Z');
    t.clock.set('2025-06-02T13:00:00.000Z');
    expect((await propose(t.app, supervisor.headers, { intentoId: attemptOutside, tipo: 'salida', motivo: 'x' })).statusCode).toBe(404);

    const byAdmin = (await propose(t.app, company.admin.headers, missing(outside.id))).json();
    const seen = await listCorrections(t.app, supervisor.headers);
    expect(seen.items.map((c) => c.trabajador.id)).toEqual([inGroup.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/correcciones/${byAdmin.id}`, headers: supervisor.headers })).statusCode).toBe(404);
    expect((await act(t.app, supervisor.headers, byAdmin.id, 'anular', { motivo: 'x' })).statusCode).toBe(404);
    // The worker sees only their own; the other worker's correction does not exist for them.
    expect((await listCorrections(t.app, inGroup.headers)).items.map((c) => c.id)).toEqual([created.json().id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/correcciones/${byAdmin.id}`, headers: inGroup.headers })).statusCode).toBe(404);
    expect((await act(t.app, supervisor.headers, created.json().id, 'anular', { motivo: 'Lo revisaré con el trabajador.' })).statusCode).toBe(200);
  });

  it('another company’s administrator sees none of it: 404 for every id, nothing in the lists', async () => {
    t.clock.set('2025-06-02T13:00:00.000Z');
    const intentoId = await repeatedAttempt(t.app, t.clock, inGroup, '2025-06-02T10:00:00.000Z', '2025-06-02T10:30:00.000Z');
    t.clock.set('2025-06-02T13:00:00.000Z');
    const created = (await propose(t.app, company.admin.headers, { intentoId, tipo: 'salida', motivo: 'Salida' })).json();
    const stranger = other.admin.headers;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/correcciones/${created.id}`, headers: stranger })).statusCode).toBe(404);
    expect((await act(t.app, stranger, created.id, 'aceptar')).statusCode).toBe(404);
    expect((await act(t.app, stranger, created.id, 'objetar', { objecion: 'x' })).statusCode).toBe(404);
    expect((await act(t.app, stranger, created.id, 'anular', { motivo: 'x' })).statusCode).toBe(404);
    const fromAttempt = await propose(t.app, stranger, { intentoId, tipo: 'salida', motivo: 'x' });
    expect(fromAttempt.statusCode).toBe(404);
    expect(fromAttempt.json().error.message).toBe('El intento de marcaje no existe.');
    expect((await propose(t.app, stranger, missing(inGroup.id))).statusCode).toBe(404);
    expect((await listCorrections(t.app, stranger)).total).toBe(0);
    expect((await listCorrections(t.app, stranger, `intentoIds=${intentoId}`)).total).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/correcciones/no-es-un-id', headers: company.admin.headers })).statusCode).toBe(404);
  });

  it('filters by state, worker and the corrected date, with pages', async () => {
    const admin = company.admin.headers;
    t.clock.set('2025-06-02T13:00:00.000Z');
    const fresh = await markingWorker(t.app, t.database.db, company);
    for (const fecha of ['2025-05-28', '2025-05-29', '2025-05-30']) {
      expect((await propose(t.app, admin, { usuarioId: fresh.id, tipo: 'entrada', fecha, hora: '08:00', motivo: 'Olvido' })).statusCode).toBe(201);
    }
    const page1 = await listCorrections(t.app, admin, `usuarioId=${fresh.id}&pageSize=2`);
    expect(page1.total).toBe(3);
    expect(page1.items).toHaveLength(2);
    const ranged = await listCorrections(t.app, admin, `usuarioId=${fresh.id}&desde=2025-05-29&hasta=2025-05-29`);
    expect(ranged.items.map((c) => c.fecha)).toEqual(['2025-05-29']);
    expect((await listCorrections(t.app, admin, `usuarioId=${fresh.id}&estado=objetada`)).total).toBe(0);
    expect((await listCorrections(t.app, admin, `usuarioId=${fresh.id}&estado=pendiente`)).total).toBe(3);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/correcciones?estado=otra', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.estado).toBe('El estado debe ser pendiente, consolidada, objetada o anulada.');
  });
});
