import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatRut } from '@jornada/domain';
import { sites } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson } from '../../test/people';
import { addGroup } from '../../test/fixtures/planning';
import { mark, markingCompany, markingWorker, SITE_POSITION, type MarkingCompany } from '../../test/fixtures/marks';

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
const far = { lat: SITE_POSITION.lat + 0.01, lng: SITE_POSITION.lng, precisionM: 20 };




describe('reading marks', () => {
  it('GET /api/v1/marcas/hoy shows today’s marks, the next expected kind and the site with its geofence', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const empty = (await t.app.inject({ method: 'GET', url: '/api/v1/marcas/hoy', headers: worker.headers })).json();
    expect(empty).toMatchObject({ fecha: '2025-06-02', zonaHoraria: 'America/Santiago', marcas: [], siguiente: 'entrada', plan: { tipo: 'sin_planificar' } });
    expect(empty.sede).toMatchObject({ id: company.siteId, lat: SITE_POSITION.lat, lng: SITE_POSITION.lng, radioGeocercaM: 150 });
    expect(empty.sede.direccion).toContain('Catedral 1009');
    expect(empty.metodosPermitidos).toEqual(['web']);
    await mark(t.app, worker.headers, { tipo: 'entrada' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/v1/marcas/hoy', headers: worker.headers })).json();
    expect(after.marcas).toHaveLength(1);
    expect(after.siguiente).toBe('salida');
    expect(after.permiso).toBeNull();
  });

  it('GET /api/v1/marcas/hoy names the whole-day permission approved for today; an hour permission is not one', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const onHours = await markingWorker(t.app, t.database.db, company);
    const types = (await t.app.inject({ method: 'GET', url: '/api/v1/tipos-permiso', headers: company.admin.headers })).json().items as { id: string; codigo: string }[];
    const assign = (usuarioId: string, codigo: string, body: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/permisos', headers: company.admin.headers, payload: { usuarioId, tipoId: types.find((x) => x.codigo === codigo)!.id, ...body } });
    expect((await assign(onHours.id, 'P.H.', { desde: '2025-06-02', hasta: '2025-06-02', horaInicio: '08:00', horaFin: '10:00' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/marcas/hoy', headers: onHours.headers })).json().permiso).toBeNull();
    expect((await assign(worker.id, 'VAC.', { desde: '2025-06-02', hasta: '2025-06-06' })).statusCode).toBe(201);
    const today = (await t.app.inject({ method: 'GET', url: '/api/v1/marcas/hoy', headers: worker.headers })).json();
    expect(today.permiso).toEqual({ codigo: 'VAC.', nombre: 'Vacaciones', conGoce: true, desde: '2025-06-02', hasta: '2025-06-06' });
    // Marking is never refused for it: the mark is recorded.
    expect((await mark(t.app, worker.headers, { tipo: 'entrada' })).statusCode).toBe(201);
  });

  it('lists marks by perfil: a worker their own, a supervisor their groups, an administrator everyone', async () => {
    const db = t.database.db;
    const supervisor = await markingWorker(t.app, db, company, { perfil: 'supervisor' });
    const groupId = await addGroup(db, company.companyId, `Caja ${randomUUID().slice(0, 4)}`, [supervisor.id]);
    const led = await markingWorker(t.app, db, company, { groupId });
    const outsider = await markingWorker(t.app, db, company);
    await mark(t.app, led.headers, { tipo: 'entrada' });
    await mark(t.app, outsider.headers, { tipo: 'entrada' });
    const ids = async (headers: Record<string, string>, query = '') =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/marcas?pageSize=100${query}`, headers })).json().items.map((m: { usuarioId: string }) => m.usuarioId);
    expect(new Set(await ids(led.headers))).toEqual(new Set([led.id]));
    expect(await ids(led.headers, `&usuarioId=${outsider.id}`)).toEqual([]);
    expect(new Set(await ids(supervisor.headers))).toEqual(new Set([led.id]));
    expect(await ids(company.admin.headers, `&grupoId=${groupId}`)).toEqual([led.id]);
    const receipt = await t.app.inject({ method: 'GET', url: `/api/v1/marcas?usuarioId=${outsider.id}`, headers: company.admin.headers });
    const outsiderMark = receipt.json().items[0].id;
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${outsiderMark}/comprobante`, headers: supervisor.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/marcas/${outsiderMark}/comprobante`, headers: led.headers })).statusCode).toBe(404);
  });

  it('lists a worker’s marks with the site’s name and the zone their local time is read in', async () => {
    const db = t.database.db;
    const [south] = await db
      .insert(sites)
      .values({ companyId: company.companyId, nombre: 'Punta Arenas', calle: 'Bories', numero: '901', comuna: 'Punta Arenas', ciudad: 'Punta Arenas', region: 'Magallanes', timeZone: 'America/Punta_Arenas' })
      .returning({ id: sites.id });
    const worker = await addPerson(t.app, db, company.companyId, 'trabajador', { siteId: south!.id });
    const other = await markingWorker(t.app, db, company);
    await mark(t.app, worker.headers, { tipo: 'entrada' });
    await mark(t.app, other.headers, { tipo: 'entrada' });
    const answer = await t.app.inject({ method: 'GET', url: `/api/v1/marcas?usuarioId=${worker.id}&page=1&pageSize=10`, headers: company.admin.headers });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(body.items[0]).toMatchObject({ usuarioId: worker.id, tipo: 'entrada', sede: 'Punta Arenas', zonaHoraria: 'America/Punta_Arenas' });
    const own = (await t.app.inject({ method: 'GET', url: `/api/v1/marcas?usuarioId=${other.id}`, headers: company.admin.headers })).json();
    expect(own.items[0]).toMatchObject({ usuarioId: other.id, sede: expect.stringMatching(/^Casa Matriz/), zonaHoraria: 'America/Santiago' });
  });

  it('lists marking attempts with filters', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    await mark(t.app, worker.headers, { tipo: 'entrada', posicion: far });
    await mark(t.app, worker.headers, { tipo: 'entrada' });
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/intentos-marcaje?usuarioId=${worker.id}&desde=2025-06-02&hasta=2025-06-02`, headers: company.admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((i: { motivo: string }) => i.motivo).sort()).toEqual(['fuera_de_geocerca', 'marca_repetida']);
    const repeated = await t.app.inject({ method: 'GET', url: `/api/v1/intentos-marcaje?usuarioId=${worker.id}&motivo=marca_repetida`, headers: company.admin.headers });
    expect(repeated.json().items).toHaveLength(1);
    expect(repeated.json().items[0]).toMatchObject({ motivoEtiqueta: 'Marca repetida (ignorada)', trabajador: expect.stringContaining('Persona'), rut: formatRut(worker.rut) });
    expect(formatRut(worker.rut)).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/);
    // The marks list shows the RUT with dots too.
    const listed = await t.app.inject({ method: 'GET', url: `/api/v1/marcas?usuarioId=${worker.id}`, headers: company.admin.headers });
    expect(listed.json().items[0].rut).toBe(formatRut(worker.rut));
    const otherDay = await t.app.inject({ method: 'GET', url: `/api/v1/intentos-marcaje?usuarioId=${worker.id}&desde=2025-06-03`, headers: company.admin.headers });
    expect(otherDay.json().total).toBe(0);
  });

  it('counts stored marks in the ops metrics and exposes the receipt queue depth', async () => {
    const before = (await t.app.metrics.marksRecorded.get()).values[0]?.value ?? 0;
    const worker = await markingWorker(t.app, t.database.db, company);
    await mark(t.app, worker.headers, { tipo: 'entrada' });
    await mark(t.app, worker.headers, { tipo: 'entrada' });
    expect((await t.app.metrics.marksRecorded.get()).values[0]!.value).toBe(before + 1);
    const text = await t.app.metrics.registry.metrics();
    expect(text).toMatch(/jornada_job_queue_depth\{queue="comprobante-marca"\} [1-9]/);
    await t.app.jobs.drain();
    expect(await t.app.jobs.depth()).toBe(0);
  });
});
