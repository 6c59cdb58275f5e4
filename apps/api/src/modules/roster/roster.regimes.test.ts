/**
 * The automatic roster plans each worker under their own regime, read with planning's `planRegime`: commerce's
 * declared December extension days (art. 24: 10 hours plus the extension on those days) and an averaged
 * distribution pact (art. 22 bis). What it proposes, once applied, raises no alert of the plan.
 */
import type { PlanificacionGrilla, Propuesta } from '@jornada/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addSite, addWorkers, companyWithAdmin, computedProposal, createShift, type TestCompany, type TestWorker } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;
let site: string;
let workers: TestWorker[];
let long: { id: string };
const PERIOD = { desde: '2026-12-14', hasta: '2026-12-27' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
  await t.database.db.update(companies).set({ rubro: 'Comercio minorista' }).where(eq(companies.id, c.companyId));
  site = await addSite(t.database.db, c.companyId, 'Tienda Centro');
  workers = await addWorkers(t.database.db, c.companyId, 3, { siteId: site, horasSemanales: 40 });
  // Two of them under an averaged distribution pact in cycles of two weeks from Monday 14 December.
  await t.database.db
    .update(users)
    .set({ jornadaPromedioSemanas: 2, jornadaPromedioDesde: '2026-12-14' })
    .where(inArray(users.id, [workers[0]!.id, workers[1]!.id]));
  await createShift(t.app, c.headers, { codigo: 'NUE', inicio: '08:00', fin: '17:30', colacion: { tipo: 'minutos', minutos: 30 } });
  // 12 ordinary hours: only on a declared extension day.
  long = await createShift(t.app, c.headers, { codigo: 'LAR', inicio: '10:00', fin: '22:30', colacion: { tipo: 'minutos', minutos: 30 }, confirmarAdvertencias: true });
}, 120_000);
afterAll(() => t.close());

const computed = (id: string): Promise<Propuesta> => computedProposal(t, c.headers, id);

describe('the roster under each worker’s regime', () => {
  it('uses the declared December day and the averaged pact, and the applied plan raises no alert', async () => {
    const declared = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/planificaciones/extension-diciembre',
      headers: c.headers,
      payload: { anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 120 }] },
    });
    expect(declared.statusCode, declared.body).toBe(200);
    const demand = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/sedes/${site}/demanda`,
      headers: c.headers,
      payload: {
        bandas: [1, 2, 3, 4, 5, 6].map((diaSemana) => ({ diaSemana, inicio: '08:00', fin: '17:30', personas: 2 })),
        excepciones: [{ fecha: '2026-12-15', inicio: '10:00', fin: '22:30', personas: 1 }],
      },
    });
    expect(demand.statusCode, demand.body).toBe(200);
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/propuestas-de-planificacion', headers: c.headers, payload: { sedeId: site, ...PERIOD } });
    expect(created.statusCode, created.body).toBe(202);
    const p = await computed(created.json().id);
    expect(p.estado, p.error ?? '').toBe('lista');
    const r = p.resultado!;
    // The 12-hour day is lawful only because the day is declared (10 hours plus 2, art. 24).
    expect(r.asignaciones.filter((a) => a.fecha === '2026-12-15' && a.turnoId === long.id)).toHaveLength(1);
    const applied = await t.app.inject({ method: 'POST', url: `/api/v1/propuestas-de-planificacion/${p.id}/aplicar`, headers: c.headers });
    expect(applied.statusCode, applied.body).toBe(200);
    const grid = (await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?desde=${PERIOD.desde}&hasta=${PERIOD.hasta}&sedeId=${site}`, headers: c.headers })).json<PlanificacionGrilla>();
    expect(grid.filas).toHaveLength(3);
    for (const fila of grid.filas) expect(fila.alertas).toEqual([]);
    // The pact's workers are held to their cycle's 80 hours, not to 40 a week.
    for (const w of r.trabajadores.filter((x) => x.id === workers[0]!.id || x.id === workers[1]!.id)) expect(w.segundosPlanificados).toBeLessThanOrEqual(80 * 3600);
  }, 120_000);
});
