/** The demo company's overtime: pacts and decisions built on what the evaluation found, some days waiting. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../demo/seed';
import type { TestApp } from '../../test/app';
import { demoApp } from '../../test/demo';
import { bearer, signIn } from '../../test/factories';

let t: TestApp;
let companyId: string;
beforeAll(async () => {
  ({ t, companyId } = await demoApp());
}, 300_000);
afterAll(() => t.close());

describe('the demo company', () => {
  it('has pacts (one about to end), approved, partial, rejected and pending overtime, and overtime without a pact', async () => {
    const admin = bearer((await signIn(t.app, '11.111.111-1', DEMO_PASSWORD)).tokenSesion);
    const pacts = (await t.app.inject({ method: 'GET', url: '/api/v1/pactos-horas-extra?pageSize=100', headers: admin })).json();
    expect(pacts.total).toBeGreaterThanOrEqual(5);
    expect(new Set(pacts.items.map((p: { estado: string }) => p.estado))).toEqual(new Set(['vigente', 'vencido']));
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/pactos-horas-extra?venceEnDias=7', headers: admin })).json().total).toBe(1);
    // The test clock is 2025-06-02: May and the first of June.
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/horas-extra?desde=2025-04-18&hasta=2025-06-01&pageSize=100', headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { estado: string; alertas: string[]; aprobadaSegundos: number | null; aprobableSegundos: number }[];
    expect(items.some((i) => i.estado === 'pendiente')).toBe(true);
    for (const estado of ['aprobado', 'rechazado']) {
      const decided = (await t.app.inject({ method: 'GET', url: `/api/v1/horas-extra?desde=2025-04-18&hasta=2025-06-01&estado=${estado}&pageSize=1`, headers: admin })).json();
      expect(decided.total, estado).toBeGreaterThan(0);
    }
    expect(items.some((i) => i.alertas.includes('sin_pacto'))).toBe(true);
    expect(items.some((i) => i.estado === 'pendiente' && i.aprobableSegundos > 0)).toBe(true);
    expect(list.json().totales.aprobadaSegundos).toBeGreaterThan(0);
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/usuarios?pageSize=100', headers: admin })).json();
    const ids = all.items.map((u: { id: string }) => u.id) as string[];
    const paid = await t.app.overtimeReads.approvedOvertime(t.database.db, companyId, ids, '2025-04-18', '2025-06-01');
    const total = [...paid.values()].flatMap((days) => [...days.values()]).reduce((a, b) => a + b, 0);
    expect(total).toBe(list.json().totales.aprobadaSegundos);
  }, 120_000);

  it('shows a new administrator each regime: Bodega under its DT resolution, a pact compensated with vacation days, and the December extension days', async () => {
    const admin = bearer((await signIn(t.app, '11.111.111-1', DEMO_PASSWORD)).tokenSesion);
    const grupos = (await t.app.inject({ method: 'GET', url: '/api/v1/grupos?pageSize=100', headers: admin })).json();
    const bodega = grupos.items.find((g: { nombre: string }) => g.nombre === 'Bodega');
    expect(bodega.jornadaExcepcional?.nombre).toMatch(/4x4 · 2145$/);
    const pacts = (await t.app.inject({ method: 'GET', url: '/api/v1/pactos-horas-extra?pageSize=100', headers: admin })).json();
    const feriado = pacts.items.filter((p: { compensacion: string }) => p.compensacion === 'feriado');
    expect(feriado).toHaveLength(1);
    expect(feriado[0]).toMatchObject({ diasSemana: 5, firmadoEl: feriado[0].desde });
    // The test clock is 2025-06-02: the demo's year is 2025, and no pact covers a declared day (art. 24 inc. 2).
    const december = (await t.app.inject({ method: 'GET', url: '/api/v1/planificaciones/extension-diciembre?anio=2025', headers: admin })).json();
    expect(december.comercio).toBe(true);
    expect(december.dias.map((d: { fecha: string }) => d.fecha)).toEqual(['2025-12-15', '2025-12-16', '2025-12-17', '2025-12-18', '2025-12-19', '2025-12-22', '2025-12-23']);
    for (const pact of pacts.items as { desde: string; hasta: string }[]) expect(december.dias.some((d: { fecha: string }) => d.fecha >= pact.desde && d.fecha <= pact.hasta)).toBe(false);
  }, 120_000);
});
