/** What a proposal reads about its workers: which shifts each may take, and the days they asked off. */
import type { Propuesta, Turno } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addSite, addWorkers, companyWithAdmin, computedProposal, createShift, signInAs, type TestCompany } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
});
afterAll(() => t.close());

const computed = (id: string): Promise<Propuesta> => computedProposal(t, c.headers, id);

describe('who may take a shift: its sites and job titles', () => {
  it('stores them on the shift, with Spanish 400s, and the roster offers a shift only to its site and job titles', async () => {
    const centro = await addSite(t.database.db, c.companyId, 'Tienda Centro');
    const norte = await addSite(t.database.db, c.companyId, 'Tienda Norte');
    const [cashier] = await addWorkers(t.database.db, c.companyId, 1, { siteId: centro, cargo: 'Cajera' });
    const [stocker] = await addWorkers(t.database.db, c.companyId, 1, { siteId: centro, cargo: 'Reponedor' });

    const other = await companyWithAdmin(t.app);
    const foreignSite = await addSite(t.database.db, other.companyId, 'Ajena');
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers: c.headers, payload: { nombre: 'Caja', color: '#228be6', inicio: '08:00', fin: '16:30', colacion: { tipo: 'minutos', minutos: 30 }, ...payload } });
    const foreign = await post({ codigo: 'X1', sedeIds: [foreignSite] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ sedeIds: 'Una de las sedes elegidas no existe.' });
    const repeated = await post({ codigo: 'X2', cargos: ['Cajera', ' cajera'] });
    expect(repeated.json().error.fields).toEqual({ cargos: 'Un cargo está repetido.' });
    for (const hostile of ['Caj\u0000era', '\ud800']) expect((await post({ codigo: 'X3', cargos: [hostile] })).statusCode).toBe(400);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=X', headers: c.headers })).json<{ total: number }>();
    expect(list.total).toBe(0);

    const caja = await createShift(t.app, c.headers, { codigo: 'CAJ', inicio: '08:00', fin: '16:30', colacion: { tipo: 'minutos', minutos: 30 }, sedeIds: [centro], cargos: ['CAJERA'] });
    const bodega = await createShift(t.app, c.headers, { codigo: 'BOD', inicio: '14:00', fin: '22:30', colacion: { tipo: 'minutos', minutos: 30 } });
    const lejos = await createShift(t.app, c.headers, { codigo: 'NOR', inicio: '08:00', fin: '16:30', colacion: { tipo: 'minutos', minutos: 30 }, sedeIds: [norte] });
    const read = (await t.app.inject({ method: 'GET', url: `/api/v1/turnos/${caja.id}`, headers: c.headers })).json<Turno>();
    expect(read).toMatchObject({ sedeIds: [centro], cargos: ['CAJERA'] });
    const edited = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${bodega.id}`, headers: c.headers, payload: { cargos: ['Reponedor'] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ cargos: ['Reponedor'], sedeIds: [], version: 1 });

    // Someone at the counter all day and someone in the afternoon every day: only the cashier may take CAJ,
    // only the stocker BOD, and NOR is not used at this site.
    const demand = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sedes/${centro}/demanda`,
      headers: c.headers,
      payload: { bandas: [1, 2, 3, 4, 5].flatMap((diaSemana) => [{ diaSemana, inicio: '09:00', fin: '13:00', personas: 1 }, { diaSemana, inicio: '18:00', fin: '22:00', personas: 1 }]), excepciones: [] },
    });
    expect(demand.statusCode, demand.body).toBe(200);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/propuestas-de-planificacion', headers: c.headers, payload: { sedeId: centro, desde: '2026-05-04', hasta: '2026-05-10' } });
    expect(created.statusCode, created.body).toBe(202);
    const p = await computed(created.json().id);
    expect(p.estado, p.error ?? '').toBe('lista');
    const r = p.resultado!;
    expect(r.turnos.map((s) => s.id).sort()).toEqual([caja.id, bodega.id].sort());
    expect(r.turnos.some((s) => s.id === lejos.id)).toBe(false);
    const taken = (id: string) => new Set(r.asignaciones.filter((a) => a.turnoId === id).map((a) => a.usuarioId));
    expect([...taken(caja.id)]).toEqual([cashier!.id]);
    expect([...taken(bodega.id)]).toEqual([stocker!.id]);
    expect(r.faltas).toEqual([]);
  });
});

describe('days asked off', () => {
  it('a day a worker asked off, still waiting for a decision, is left free when someone else can cover it', async () => {
    const site = await addSite(t.database.db, c.companyId, 'Tienda Sur');
    const [asker] = await addWorkers(t.database.db, c.companyId, 3, { siteId: site });
    await createShift(t.app, c.headers, { codigo: 'SUR', inicio: '08:00', fin: '16:30', colacion: { tipo: 'minutos', minutos: 30 } });
    const demand = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sedes/${site}/demanda`,
      headers: c.headers,
      payload: { bandas: [1, 2, 3, 4, 5, 6, 7].map((diaSemana) => ({ diaSemana, inicio: '08:00', fin: '16:00', personas: 2 })), excepciones: [] },
    });
    expect(demand.statusCode, demand.body).toBe(200);
    const types = (await t.app.inject({ method: 'GET', url: '/api/v1/tipos-permiso', headers: c.headers })).json<{ items: { id: string; codigo: string }[] }>().items;
    const vacation = types.find((type) => type.codigo === 'VAC.')!.id;
    const headers = await signInAs(t.app, asker!.rut);
    // Wednesday 6 May, asked and not yet approved.
    const asked = await t.app.inject({ method: 'POST', url: '/api/v1/permisos/solicitudes', headers, payload: { tipoId: vacation, desde: '2026-05-06', hasta: '2026-05-06' } });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().estado).toBe('pendiente');

    const created = await t.app.inject({ method: 'POST', url: '/api/v1/propuestas-de-planificacion', headers: c.headers, payload: { sedeId: site, desde: '2026-05-04', hasta: '2026-05-10' } });
    const p = await computed(created.json().id);
    expect(p.estado, p.error ?? '').toBe('lista');
    const day = p.resultado!.asignaciones.find((a) => a.usuarioId === asker!.id && a.fecha === '2026-05-06')!;
    // Not a permission yet: the day is available, and the proposal leaves it free.
    expect(day).toMatchObject({ noDisponible: false, turnoId: null });
    expect(p.resultado!.faltas).toEqual([]);
  });
});
