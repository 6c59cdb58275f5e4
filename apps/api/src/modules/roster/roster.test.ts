import type { PlanificacionGrilla, Propuesta } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { addGroup, addSite, addWorkers, companyWithAdmin, computedProposal, createShift, signInAs, type TestCompany, type TestWorker } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;
let site: string;
let workers: TestWorker[];
let morning: { id: string; codigo: string };

/** Two people every day from 08:00 to 16:00: three full-time workers cover it within their 42 hours. */
const DEMAND = { bandas: [1, 2, 3, 4, 5, 6, 7].map((diaSemana) => ({ diaSemana, inicio: '08:00', fin: '16:00', personas: 2 })), excepciones: [] };
// Monday to Sunday, two weeks after the clock's date.
const PERIOD = { desde: '2026-05-04', hasta: '2026-05-10' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
  site = await addSite(t.database.db, c.companyId, 'Tienda Centro');
  workers = await addWorkers(t.database.db, c.companyId, 3, { siteId: site });
  morning = await createShift(t.app, c.headers, { codigo: 'MAN', inicio: '08:00', fin: '16:30', colacion: { tipo: 'minutos', minutos: 30 } });
});
afterAll(() => t.close());

const putDemand = (siteId: string, payload: unknown, headers = c.headers) => t.app.inject({ method: 'PUT', url: `/api/v1/sedes/${siteId}/demanda`, headers, payload: payload as Record<string, unknown> });
const ask = (payload: Record<string, unknown>, headers = c.headers) => t.app.inject({ method: 'POST', url: '/api/v1/propuestas-de-planificacion', headers, payload });

const computed = (id: string): Promise<Propuesta> => computedProposal(t, c.headers, id);

describe('demanda de una sede', () => {
  it('stores the week and the exceptions, and answers Spanish 400s for what is wrong', async () => {
    const empty = await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${site}/demanda`, headers: c.headers });
    expect(empty.json()).toEqual({ sedeId: site, bandas: [], excepciones: [], actualizadaEn: null });

    const bad = await putDemand(site, { bandas: [{ diaSemana: 8, inicio: '25:00', fin: '10:00', personas: -1 }, { diaSemana: 1, inicio: '10:00', fin: '10:00', personas: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      'bandas.0.diaSemana': 'El día de la semana va de 1 (lunes) a 7 (domingo).',
      'bandas.0.inicio': 'La hora debe tener el formato HH:MM (00:00 a 23:59).',
      'bandas.0.personas': 'Las personas no pueden ser negativas.',
      'bandas.1.fin': 'El inicio y el fin de la banda no pueden ser iguales.',
    });
    const repeated = await putDemand(site, { bandas: [DEMAND.bandas[0], DEMAND.bandas[0]] });
    expect(repeated.json().error.fields).toEqual({ 'bandas.1': 'Esa banda está repetida para el mismo día.' });
    const wrongShift = await putDemand(site, { bandas: [{ ...DEMAND.bandas[0], turnoIds: ['x'] }] });
    expect(wrongShift.json().error.fields).toEqual({ 'bandas.0.turnoIds.0': 'El turno no es válido.' });
    for (const inicio of ['08:00\u0000', '\ud800']) {
      const hostile = await putDemand(site, { bandas: [{ diaSemana: 1, inicio, fin: '16:00', personas: 1 }] });
      expect(hostile.statusCode).toBe(400);
    }

    const saved = await putDemand(site, { ...DEMAND, excepciones: [{ fecha: '2026-05-21', inicio: '08:00', fin: '16:00', personas: 0 }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sedeId: site, bandas: DEMAND.bandas, excepciones: [{ fecha: '2026-05-21', personas: 0 }] });
    await putDemand(site, DEMAND);
    const read = (await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${site}/demanda`, headers: c.headers })).json();
    expect(read.bandas).toHaveLength(7);
    expect(read.excepciones).toEqual([]);
  });

  it('is 404 for another company and 403 for a worker', async () => {
    const other = await companyWithAdmin(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${site}/demanda`, headers: other.headers })).statusCode).toBe(404);
    expect((await putDemand(site, DEMAND, other.headers)).statusCode).toBe(404);
    const worker = await signInAs(t.app, workers[0]!.rut);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sedes/${site}/demanda`, headers: worker })).statusCode).toBe(403);
    expect((await ask({ sedeId: site, ...PERIOD }, worker)).statusCode).toBe(403);
  });
});

describe('propuestas de planificación', () => {
  it('validates the request before queueing it', async () => {
    const long = await ask({ sedeId: site, desde: '2026-05-04', hasta: '2026-06-30' });
    expect(long.json().error.fields).toEqual({ hasta: 'El período puede tener como máximo 42 días (seis semanas).' });
    const past = await ask({ sedeId: site, desde: '2026-04-01', hasta: '2026-04-07' });
    expect(past.json().error.fields).toEqual({ desde: 'La propuesta debe empezar hoy o después: los días pasados no se replanifican.' });
    const emptySite = await addSite(t.database.db, c.companyId, 'Sin demanda');
    expect((await ask({ sedeId: emptySite, ...PERIOD })).json().error.fields).toEqual({ sedeId: 'La sede no tiene demanda: indica cuántas personas necesita antes de pedir una propuesta.' });
    expect((await ask({ sedeId: '00000000-0000-4000-8000-000000000000', ...PERIOD })).statusCode).toBe(404);
    expect((await ask({ sedeId: site, ...PERIOD, descansoMinimoHoras: 30 })).json().error.fields).toEqual({ descansoMinimoHoras: 'El descanso entre turnos va de 8 a 24 horas.' });
  });

  it('computes a lawful proposal in the background, applies it all at once, and refuses to apply it twice', async () => {
    const created = await ask({ sedeId: site, ...PERIOD });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json()).toMatchObject({ estado: 'en_cola', progreso: 0, resultado: null, sede: { id: site, nombre: 'Tienda Centro' }, descansoMinimoHoras: 12, fijos: [] });
    const p = await computed(created.json().id);
    expect(p.estado, p.error ?? '').toBe('lista');
    expect(p.progreso).toBe(100);
    const r = p.resultado!;
    expect(['optima', 'factible']).toContain(r.solver);
    expect(r.faltas).toEqual([]);
    expect(r.cobertura).toHaveLength(7);
    expect(r.cobertura.every((b) => b.planificadas >= b.requeridas)).toBe(true);
    expect(r.asignaciones).toHaveLength(21);
    expect(r.asignaciones.filter((a) => a.turnoId === morning.id).length).toBeGreaterThanOrEqual(14);
    expect(r.asignaciones.every((a) => a.actual.tipo === 'sin_planificar' && a.cambia)).toBe(true);
    expect(r.trabajadores.map((w) => w.id).sort()).toEqual(workers.map((w) => w.id).sort());
    for (const w of r.trabajadores) expect(w.segundosPlanificados).toBeLessThanOrEqual(42 * 3600);

    // Another company and a worker cannot see or apply it.
    const other = await companyWithAdmin(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/propuestas-de-planificacion/${p.id}`, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/propuestas-de-planificacion/${p.id}/aplicar`, headers: other.headers })).statusCode).toBe(404);
    const worker = await signInAs(t.app, workers[0]!.rut);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/propuestas-de-planificacion/${p.id}/aplicar`, headers: worker })).statusCode).toBe(403);

    const applied = await t.app.inject({ method: 'POST', url: `/api/v1/propuestas-de-planificacion/${p.id}/aplicar`, headers: c.headers });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ id: p.id, diasEscritos: 21 });

    const grid = (await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?desde=${PERIOD.desde}&hasta=${PERIOD.hasta}&sedeId=${site}`, headers: c.headers })).json<PlanificacionGrilla>();
    expect(grid.filas).toHaveLength(3);
    for (const fila of grid.filas) {
      // The plan's own legal alerts find nothing in what the proposal wrote.
      expect(fila.alertas).toEqual([]);
      for (const dia of fila.dias) {
        const proposed = r.asignaciones.find((a) => a.usuarioId === fila.usuario.id && a.fecha === dia.fecha)!;
        expect(dia.tipo).toBe(proposed.turnoId ? 'turno' : 'libre');
        expect(dia.turnoId).toBe(proposed.turnoId);
      }
    }
    const log = (await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${workers[0]!.id}&desde=${PERIOD.desde}&hasta=${PERIOD.hasta}`, headers: c.headers })).json();
    // New days are not modifications; only replanned ones go to the log.
    expect(log.items).toEqual([]);

    const again = await t.app.inject({ method: 'POST', url: `/api/v1/propuestas-de-planificacion/${p.id}/aplicar`, headers: c.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('La propuesta ya se aplicó.');
  });

  it('keeps the published plan where it can, logs the replanned days, and refuses a proposal the plan moved away from', async () => {
    const first = await computed((await ask({ sedeId: site, ...PERIOD })).json().id);
    expect(first.resultado!.asignaciones.every((a) => a.actual.tipo !== 'sin_planificar')).toBe(true);
    // Same demand, same people: the published plan is already optimal, nothing changes.
    expect(first.resultado!.trabajadores.every((w) => w.diasCambiados === 0)).toBe(true);

    // A fixed rest day on a day the plan has a shift forces a change; the plan then moves under the proposal.
    const worked = first.resultado!.asignaciones.find((a) => a.turnoId !== null)!;
    const fixed = await computed((await ask({ sedeId: site, ...PERIOD, fijos: [{ usuarioId: worked.usuarioId, fecha: worked.fecha, turnoId: null }] })).json().id);
    expect(fixed.estado).toBe('lista');
    const changed = fixed.resultado!.asignaciones.filter((a) => a.cambia);
    expect(changed.length).toBeGreaterThan(0);
    expect(fixed.resultado!.asignaciones.find((a) => a.usuarioId === worked.usuarioId && a.fecha === worked.fecha)).toMatchObject({ turnoId: null, cambia: true });

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/planificaciones/${worked.usuarioId}/${worked.fecha}`,
      headers: c.headers,
      payload: { tipo: 'libre', motivo: 'Cambio a mano' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/propuestas-de-planificacion/${fixed.id}/aplicar`, headers: c.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/cambió desde que se calculó la propuesta/);

    // Computed again over the new plan, it applies, and each replanned day is in the log with its origin.
    const fresh = await computed((await ask({ sedeId: site, ...PERIOD, fijos: [{ usuarioId: worked.usuarioId, fecha: worked.fecha, turnoId: null }] })).json().id);
    const applied = await t.app.inject({ method: 'POST', url: `/api/v1/propuestas-de-planificacion/${fresh.id}/aplicar`, headers: c.headers });
    expect(applied.statusCode, applied.body).toBe(200);
    const replanned = fresh.resultado!.asignaciones.filter((a) => a.cambia).length;
    expect(applied.json().diasEscritos).toBe(replanned);
    const log = (await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?desde=${PERIOD.desde}&hasta=${PERIOD.hasta}&pageSize=100`, headers: c.headers })).json();
    expect(log.items.filter((e: { origen: string }) => e.origen === 'propuesta')).toHaveLength(replanned);
  });

  it('lets a supervisor plan only the groups they lead', async () => {
    const [lead] = await addWorkers(t.database.db, c.companyId, 1, { perfil: 'supervisor', siteId: site });
    const group = await addGroup(t.database.db, c.companyId, 'Cajas', [lead!.id]);
    const otherGroup = await addGroup(t.database.db, c.companyId, 'Bodega');
    await addWorkers(t.database.db, c.companyId, 2, { siteId: site, groupId: group });
    const headers = await signInAs(t.app, lead!.rut);
    expect((await ask({ sedeId: site, ...PERIOD }, headers)).json().error.fields).toEqual({ grupoId: 'Elige uno de los grupos que lideras.' });
    expect((await ask({ sedeId: site, grupoId: otherGroup, ...PERIOD }, headers)).statusCode).toBe(404);
    const mine = await ask({ sedeId: site, grupoId: group, ...PERIOD }, headers);
    expect(mine.statusCode, mine.body).toBe(202);
    expect(mine.json().grupo).toEqual({ id: group, nombre: 'Cajas' });
    expect((await putDemand(site, DEMAND, headers)).statusCode).toBe(403);
  });
});
