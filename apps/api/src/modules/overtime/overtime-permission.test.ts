/**
 * Time worked on a day a full-day paid permission covers (America/Santiago, UTC-3 in March 2026): the
 * engine owes nothing that day, so all of it shows as overtime; the review flags it and offers nothing
 * to confirm. Shift 08:00–17:00 with a fixed colación 13:00–14:00.
 */
import { randomUUID } from 'node:crypto';
import type { TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

const H = 3600;
let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let ana: Person;

const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function markAt(tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: ana.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-20T15:00:00Z');
  ({ companyId, admin } = await companyWithAdmin(t.app));
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Ana', apellidos: 'Arancibia' });
  const shift = (
    await api('POST', '/api/v1/turnos', admin.headers, { nombre: 'Turno D', codigo: 'D', color: '#228be6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 })
  ).json<{ id: string; version: number }>();
  const planned = new Date('2026-01-01T00:00:00Z');
  for (const date of ['2026-03-04', '2026-03-05']) {
    await t.database.db
      .insert(planningDays)
      .values({ companyId, userId: ana.id, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: planned, assignedAt: planned, origin: 'manual' });
  }
  // Vacation approved for Wednesday 03-04; she works it anyway. Thursday is an ordinary day with 1 h extra.
  const types = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json().items as { id: string; codigo: string }[];
  const vacation = await api('POST', '/api/v1/permisos', admin.headers, { usuarioId: ana.id, tipoId: types.find((x) => x.codigo === 'VAC.')!.id, desde: '2026-03-04', hasta: '2026-03-04' });
  expect(vacation.statusCode, vacation.body).toBe(201);
  await markAt('entrada', '2026-03-04T11:00:00Z');
  await markAt('salida', '2026-03-04T20:00:00Z');
  await markAt('entrada', '2026-03-05T11:00:00Z');
  await markAt('salida', '2026-03-05T21:00:00Z');
}, 120_000);
afterAll(() => t.close());

describe('overtime on a paid permission day', () => {
  it('is flagged «trabajo_en_permiso» with nothing to confirm; the ordinary day next to it is not', async () => {
    const page = (await api('GET', '/api/v1/horas-extra?desde=2026-03-01&hasta=2026-03-31', admin.headers)).json();
    const day = (fecha: string) => page.items.find((i: { fecha: string }) => i.fecha === fecha);
    expect(day('2026-03-04')).toMatchObject({ encontradaSegundos: 8 * H, aprobableSegundos: 0, trabajoEnPermiso: 'VAC.', estado: 'pendiente' });
    expect(day('2026-03-04').alertas[0]).toBe('trabajo_en_permiso');
    expect(day('2026-03-05')).toMatchObject({ encontradaSegundos: H, aprobableSegundos: H, trabajoEnPermiso: null });
    expect(day('2026-03-05').alertas).not.toContain('trabajo_en_permiso');
    // The worker's own page says the same.
    const mine = (await api('GET', '/api/v1/horas-extra/mias?desde=2026-03-01&hasta=2026-03-31', ana.headers)).json();
    expect(mine.items.find((i: { fecha: string }) => i.fecha === '2026-03-04')).toMatchObject({ aprobableSegundos: 0, trabajoEnPermiso: 'VAC.' });
  });

  it('refuses a confirmation, skips the day in a bulk one, and still takes a dispute', async () => {
    const refused = await api('POST', `/api/v1/horas-extra/${ana.id}/2026-03-04/aprobar`, admin.headers, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Ese día tiene un permiso con goce aprobado: lo trabajado no se confirma como horas extra. Anula o acorta el permiso, o corrige las marcas.');
    const bulk = await api('POST', '/api/v1/horas-extra/aprobar', admin.headers, { filtro: { desde: '2026-03-01', hasta: '2026-03-31' } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({ confirmadas: 1, confirmadasSegundos: H });
    expect(bulk.json().omitidas).toEqual([{ usuarioId: ana.id, fecha: '2026-03-04', motivo: refused.json().error.message }]);
    const disputed = await api('POST', `/api/v1/horas-extra/${ana.id}/2026-03-04/rechazar`, admin.headers, { motivo: 'Estaba de vacaciones: se pidió anular el permiso de ese día.' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({ estado: 'rechazado', trabajoEnPermiso: 'VAC.' });
  });
});
