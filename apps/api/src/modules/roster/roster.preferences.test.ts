import type { Propuesta } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addSite, addWorkers, companyWithAdmin, createShift, signInAs, type TestCompany } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
});
afterAll(() => t.close());

async function computed(id: string): Promise<Propuesta> {
  await t.app.jobs.drain();
  for (let i = 0; i < 300; i++) {
    const p = (await t.app.inject({ method: 'GET', url: `/api/v1/propuestas-de-planificacion/${id}`, headers: c.headers })).json<Propuesta>();
    if (p.estado === 'lista' || p.estado === 'fallida') return p;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('la propuesta no terminó');
}

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
