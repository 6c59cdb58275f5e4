/**
 * Averaged distribution of the ordinary hours (art. 22 bis, Ley 21.561) end to end: the pact on the user's
 * contract (PATCH /api/v1/usuarios/:id, `jornadaPromedio`) and the plan alerts of the planning grid, June 2026
 * (limit 42 h). Ana and Carla have a two-week pact from Monday 1 June, Beto none; all agreed 42 h.
 * - Ana and Beto: 45 h (5 × 9 h) the week of 1 June, 39 h (5 × 7 h 48 min) the week of 8 June: average 42.
 * - Carla: 45 h then 41 h: average 43.
 */
import type { PlanificacionGrilla, Usuario } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addWorkers, companyWithAdmin, createShift, type TestCompany, type TestWorker } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;
let ana: TestWorker;
let beto: TestWorker;
let carla: TestWorker;

const PACT = { semanasCiclo: 2, desde: '2026-06-01', hasta: null };
const patch = (id: string, payload: unknown, headers = c.headers) => t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${id}`, headers, payload: payload as object });
const userOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${id}`, headers: c.headers })).json<Usuario>();
const HOUR_CODES = ['jornada_semanal_sobre_limite', 'jornada_semanal_sobre_pactada', 'jornada_promedio_pacto_sobre_limite', 'jornada_semanal_sobre_tope_promedio'];

async function hourAlerts(worker: TestWorker, query = 'mes=2026-06'): Promise<[string, string][]> {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?${query}&usuarioIds=${worker.id}`, headers: c.headers });
  expect(r.statusCode, r.body).toBe(200);
  return r
    .json<PlanificacionGrilla>()
    .filas[0]!.alertas.filter((a) => HOUR_CODES.includes(a.codigo))
    .map((a) => [a.codigo, a.fecha]);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-05-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
  [ana, beto, carla] = (await addWorkers(t.database.db, c.companyId, 3, { horasSemanales: 42 })) as [TestWorker, TestWorker, TestWorker];
  const nine = await createShift(t.app, c.headers, { codigo: 'N9', inicio: '08:00', fin: '17:30', colacion: { tipo: 'minutos', minutos: 30 } });
  const short = await createShift(t.app, c.headers, { codigo: 'C39', inicio: '08:00', fin: '16:18', colacion: { tipo: 'minutos', minutos: 30 } });
  const c41 = await createShift(t.app, c.headers, { codigo: 'C41', inicio: '08:00', fin: '16:42', colacion: { tipo: 'minutos', minutos: 30 } });
  const week = (turno: string) => ({ tipo: 'semana_fija', dias: Array.from({ length: 7 }, (_, i) => (i < 5 ? turno : 'libre')) });
  for (const [worker, second] of [
    [ana, short],
    [beto, short],
    [carla, c41],
  ] as const) {
    for (const [desde, hasta, turno] of [
      ['2026-06-01', '2026-06-07', nine.id],
      ['2026-06-08', '2026-06-14', second.id],
    ] as const) {
      const r = await t.app.inject({ method: 'POST', url: '/api/v1/planificaciones/patron', headers: c.headers, payload: { usuarioIds: [worker.id], desde, hasta, patron: week(turno), conflictos: 'reemplazar' } });
      expect(r.statusCode, r.body).toBe(200);
    }
  }
}, 120_000);
afterAll(() => t.close());

describe('the averaged distribution pact on the contract (art. 22 bis)', () => {
  it('is set, shown and cleared through the user', async () => {
    for (const w of [ana, carla]) {
      const r = await patch(w.id, { jornadaPromedio: PACT });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json<Usuario>().jornadaPromedio).toEqual(PACT);
    }
    expect((await userOf(beto.id)).jornadaPromedio).toBeNull();
    const ended = await patch(beto.id, { jornadaPromedio: { semanasCiclo: 4, desde: '2026-06-01', hasta: '2026-06-28' } });
    expect(ended.json<Usuario>().jornadaPromedio).toEqual({ semanasCiclo: 4, desde: '2026-06-01', hasta: '2026-06-28' });
    const cleared = await patch(beto.id, { jornadaPromedio: null });
    expect(cleared.json<Usuario>().jornadaPromedio).toBeNull();
  });

  it.each([
    ['a cycle of 5 weeks', { ...PACT, semanasCiclo: 5 }, 'jornadaPromedio.semanasCiclo', 'El ciclo de la jornada promedio dura de 2 a 4 semanas (art. 22 bis).'],
    ['a cycle of 1 week', { ...PACT, semanasCiclo: 1 }, 'jornadaPromedio.semanasCiclo', 'El ciclo de la jornada promedio dura de 2 a 4 semanas (art. 22 bis).'],
    ['a huge cycle', { ...PACT, semanasCiclo: 1e308 }, 'jornadaPromedio.semanasCiclo', 'El ciclo de la jornada promedio va en semanas enteras.'],
    ['a start that is no Monday', { ...PACT, desde: '2026-06-03' }, 'jornadaPromedio.desde', 'El pacto de jornada promedio empieza un lunes: su primer ciclo parte ese día.'],
    ['an end that is no Sunday', { ...PACT, hasta: '2026-06-30' }, 'jornadaPromedio.hasta', 'El pacto de jornada promedio termina un domingo, al cerrar una semana.'],
    ['an end before the start', { ...PACT, hasta: '2026-05-31' }, 'jornadaPromedio.hasta', 'El fin del pacto de jornada promedio no puede ser anterior a su inicio.'],
    ['no start', { semanasCiclo: 2 }, 'jornadaPromedio.desde', 'Ingresa el día en que empieza el pacto de jornada promedio.'],
    ['an empty start', { ...PACT, desde: '' }, 'jornadaPromedio.desde', 'Ingresa el día en que empieza el pacto de jornada promedio.'],
    ['a start that does not exist', { ...PACT, desde: '2026-02-30' }, 'jornadaPromedio.desde', undefined],
    ['an end that does not exist', { ...PACT, hasta: '2026-02-31' }, 'jornadaPromedio.hasta', undefined],
    ['a text instead of a pact', 'dos semanas', 'jornadaPromedio', 'El pacto de jornada promedio no es válido.'],
  ])('refuses %s with a Spanish 400 and changes nothing', async (_name, value, field, message) => {
    const r = await patch(ana.id, { jornadaPromedio: value, cargo: 'No debe quedar' });
    expect(r.statusCode, r.body).toBe(400);
    if (message) expect(r.json().error.fields[field]).toBe(message);
    else expect(r.json().error.fields[field]).toMatch(/fecha/i);
    const after = await userOf(ana.id);
    expect(after.jornadaPromedio).toEqual(PACT);
    expect(after.cargo).not.toBe('No debe quedar');
  });

  it('refuses a NUL byte or a lone surrogate with a 400', async () => {
    for (const desde of ['2026-06-01\u0000', '2026-06-01\ud800']) {
      const r = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${ana.id}`, headers: { ...c.headers, 'content-type': 'application/json' }, payload: `{"jornadaPromedio":{"semanasCiclo":2,"desde":${JSON.stringify(desde)}}}` });
      expect(r.statusCode, r.body).toBe(400);
    }
    expect((await userOf(ana.id)).jornadaPromedio).toEqual(PACT);
  });

  it('another company cannot set it: 404, and nothing changes', async () => {
    const other = await companyWithAdmin(t.app);
    const r = await patch(ana.id, { jornadaPromedio: { ...PACT, semanasCiclo: 4 } }, other.headers);
    expect(r.statusCode).toBe(404);
    expect((await userOf(ana.id)).jornadaPromedio).toEqual(PACT);
  });
});

describe('the plan alerts judge the cycle\'s average', () => {
  it('45 h then 39 h: no weekly alert with the pact; without it the first week is over the limit and the agreed hours', async () => {
    expect(await hourAlerts(ana)).toEqual([]);
    expect(await hourAlerts(beto)).toEqual([
      ['jornada_semanal_sobre_limite', '2026-06-01'],
      ['jornada_semanal_sobre_pactada', '2026-06-01'],
    ]);
  });

  it('45 h then 41 h average 43: the cycle is over, also seen from its second week alone', async () => {
    expect(await hourAlerts(carla)).toEqual([
      ['jornada_promedio_pacto_sobre_limite', '2026-06-01'],
      ['jornada_semanal_sobre_pactada', '2026-06-01'],
    ]);
    expect(await hourAlerts(carla, 'desde=2026-06-08&hasta=2026-06-14')).toEqual([
      ['jornada_promedio_pacto_sobre_limite', '2026-06-08'],
      ['jornada_semanal_sobre_pactada', '2026-06-08'],
    ]);
  });
});
