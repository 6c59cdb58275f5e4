/**
 * Shift templates (turnos): create, list, validate, version and deactivate them, who may, and what a
 * change of hours does to days already planned.
 */
import type { CambiosPage, PlanificacionGrilla } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shifts as shiftsTable, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addGroup, addWorkers, companyWithAdmin, createShift, signInAs, type TestCompany } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;
let group: string;
let night: { id: string; codigo: string };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
  group = await addGroup(t.database.db, c.companyId, 'Bodega');
  night = await createShift(t.app, c.headers, { codigo: 'NOC', inicio: '22:00', fin: '06:00' });
});
afterAll(() => t.close());

const grid = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?${query}`, headers: c.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanificacionGrilla>();
};

const applyPattern = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/v1/planificaciones/patron', headers: c.headers, payload });

describe('the catalogue', () => {
  it('creates, lists and validates shifts with computed hours', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/turnos',
      headers: c.headers,
      payload: { nombre: 'Oficina', codigo: 'ofi-2', color: '#AABBCC', inicio: '09:00', fin: '18:00', colacion: { tipo: 'minutos', minutos: 60 }, toleranciaAtrasoMin: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ codigo: 'OFI-2', color: '#aabbcc', duracionMin: 540, colacionMin: 60, duracionNetaMin: 480, horasSemanalesReferencia: 40, cruzaMedianoche: false, version: 1 });
    const duplicate = await t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers: c.headers, payload: { nombre: 'Otra', codigo: 'OFI-2', color: '#000000', inicio: '08:00', fin: '12:00', colacion: { tipo: 'minutos', minutos: 0 } } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields.codigo).toBe('Ya existe un turno con el código «OFI-2».');
    const badBreak = await t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers: c.headers, payload: { nombre: 'Mala', codigo: 'MALA', color: '#000000', inicio: '08:00', fin: '12:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } } });
    expect(badBreak.statusCode).toBe(400);
    expect(badBreak.json().error.fields.colacion).toBe('La colación debe quedar dentro del horario del turno.');
    const nightShift = await t.app.inject({ method: 'GET', url: `/api/v1/turnos/${night.id}`, headers: c.headers });
    expect(nightShift.json()).toMatchObject({ cruzaMedianoche: true, duracionMin: 480, etiqueta: '22:00–06:00' });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=ofi&pageSize=10', headers: c.headers });
    expect(list.json().items.map((s: { codigo: string }) => s.codigo)).toContain('OFI-2');
    const deactivated = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${created.json().id}`, headers: c.headers, payload: { activo: false } });
    expect(deactivated.json()).toMatchObject({ activo: false, version: 1 });
    const active = await t.app.inject({ method: 'GET', url: '/api/v1/turnos?activo=true&pageSize=100', headers: c.headers });
    expect(active.json().items.map((s: { codigo: string }) => s.codigo)).not.toContain('OFI-2');
  });
});

describe('shift versions', () => {
  it('editing a shift never changes the hours of days already planned; moving future days is explicit and logged', async () => {
    const [worker] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group });
    const shift = await createShift(t.app, c.headers, { codigo: 'VER', inicio: '08:00', fin: '16:00' });
    await applyPattern({ usuarioIds: [worker!.id], desde: '2026-04-13', hasta: '2026-04-24', patron: { tipo: 'rotacion', turnoId: shift.id, diasTrabajo: 1, diasLibres: 0 }, conflictos: 'reemplazar', motivo: 'Carga inicial' });
    const hours = async () =>
      (await grid(`desde=2026-04-13&hasta=2026-04-24&usuarioIds=${worker!.id}`)).filas[0]!.dias.map((d) => d.segundosPlanificados / 3600);
    expect(await hours()).toEqual(Array(12).fill(8));

    const edit = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${shift.id}`, headers: c.headers, payload: { fin: '18:00', confirmarAdvertencias: true } });
    expect(edit.json()).toMatchObject({ version: 2, fin: '18:00', duracionNetaMin: 600, diasActualizados: 0 });
    expect(await hours()).toEqual(Array(12).fill(8));

    const moved = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${shift.id}`, headers: c.headers, payload: { fin: '17:00', actualizarPlanificacionFutura: true, confirmarAdvertencias: true } });
    // Today is 2026-04-20: from the 21st to the 24th move to version 3; past days and today keep version 1.
    expect(moved.json()).toMatchObject({ version: 3, diasActualizados: 4 });
    expect(await hours()).toEqual([...Array(8).fill(8), 9, 9, 9, 9]);
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${worker!.id}`, headers: c.headers });
    expect(log.json<CambiosPage>().items.filter((e) => e.origen === 'edicion_turno').map((e) => e.fecha).sort()).toEqual(['2026-04-21', '2026-04-22', '2026-04-23', '2026-04-24']);
  });
});

describe('who may, and hostile input', () => {
  it('a supervisor reads the shifts but cannot create or change them; a trabajador neither; another company\'s shift is a 404', async () => {
    const [supervisor, worker] = await addWorkers(t.database.db, c.companyId, 2);
    await t.database.db.update(users).set({ perfil: 'supervisor' }).where(eq(users.id, supervisor!.id));
    const asSupervisor = await signInAs(t.app, supervisor!.rut);
    const asWorker = await signInAs(t.app, worker!.rut);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/turnos', headers: asSupervisor })).statusCode).toBe(200);
    const body = { nombre: 'Sup', codigo: 'SUP', color: '#000000', inicio: '08:00', fin: '12:00', colacion: { tipo: 'minutos', minutos: 0 } };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers: asSupervisor, payload: body })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${night.id}`, headers: asSupervisor, payload: { activo: false } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/turnos', headers: asWorker })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/turnos' })).statusCode).toBe(401);

    const other = await companyWithAdmin(t.app);
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/turnos/${night.id}` },
      { method: 'PATCH' as const, url: `/api/v1/turnos/${night.id}`, payload: { activo: false } },
    ]) {
      const response = await t.app.inject({ ...request, headers: other.headers });
      expect(response.statusCode, response.body).toBe(404);
    }
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/turnos/${night.id}`, headers: c.headers });
    expect(mine.json()).toMatchObject({ activo: true, version: 1 });
  });

  it('NUL bytes, lone surrogates, overlong text and impossible hours are a Spanish 400 and write nothing', async () => {
    const before = (await t.database.db.select().from(shiftsTable)).length;
    const base = { nombre: 'Bueno', codigo: 'BUE', color: '#112233', inicio: '08:00', fin: '12:00', colacion: { tipo: 'minutos', minutos: 0 } };
    for (const payload of [
      { ...base, nombre: 'Turno\u0000nulo' },
      { ...base, nombre: 'Turno \ud800 suelto' },
      { ...base, nombre: 'x'.repeat(101) },
      { ...base, inicio: '25:00' },
      { ...base, color: 'rojo' },
      { ...base, colacion: { tipo: 'minutos', minutos: -5 } },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers: c.headers, payload });
      expect(response.statusCode, `${JSON.stringify(payload)} → ${response.body}`).toBe(400);
      expect(response.json().error.message).toMatch(/[a-záéíóúñ]/i);
      expect(response.json().error.message).not.toMatch(/invalid|expected|required/i);
    }
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${night.id}`, headers: c.headers, payload: { nombre: 'Noche\u0000' } });
    expect(patch.statusCode).toBe(400);
    expect((await t.database.db.select().from(shiftsTable)).length).toBe(before);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/turnos/${night.id}`, headers: c.headers })).json()).toMatchObject({ nombre: 'Turno NOC', version: 1 });
  });
});

describe('the law on a shift: warned before the fact', () => {
  // 07:00–20:00 without colación, six days a week: 13 ordinary hours a day, 78 a week.
  const unlawful = { nombre: 'Largo', codigo: 'LAR', color: '#112233', inicio: '07:00', fin: '20:00', colacion: { tipo: 'minutos', minutos: 0 }, diasPorSemana: 6 };
  const post = (headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers, payload });
  const codes = (body: { advertencias?: { codigo: string }[] }) => body.advertencias?.map((a) => a.codigo);

  it('refuses a shift that breaks the law with the rules it breaks, saves it when confirmed, and answers a lawful one without warnings', async () => {
    const refused = await post(c.headers, unlawful);
    expect(refused.statusCode).toBe(400);
    const error = refused.json().error;
    expect(error.code).toBe('TURNO_FUERA_DE_LA_LEY');
    expect(error.message).toContain('supera el máximo legal de 10 horas diarias (art. 22 y 28 del Código del Trabajo)');
    expect(error.message).toContain('no tiene colación: la jornada debe dividirse en dos partes con al menos 30 minutos de colación (art. 34');
    // 2026-04-20: the limit in force is 44 hours.
    expect(error.message).toContain('A 6 días por semana el turno 07:00–20:00 suma 78 h 00 min ordinarias: supera el máximo legal de 44 horas semanales vigente el 20-04-2026');
    expect(error.fields.confirmarAdvertencias).toBe(error.message);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/turnos?q=LAR', headers: c.headers })).json().total).toBe(0);

    const confirmed = await post(c.headers, { ...unlawful, confirmarAdvertencias: true });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(codes(confirmed.json())).toEqual(['jornada_diaria_sobre_limite', 'colacion_no_planificada', 'jornada_semanal_sobre_limite']);

    const lawful = await post(c.headers, { nombre: 'Oficina legal', codigo: 'LEG', color: '#112233', inicio: '09:00', fin: '18:00', colacion: { tipo: 'minutos', minutos: 60 } });
    expect(lawful.statusCode, lawful.body).toBe(201);
    expect(lawful.json().advertencias).toEqual([]);
    // The list and a read say it too: the shift list marks the unlawful one, not the lawful one.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/turnos?pageSize=100', headers: c.headers })).json().items as { id: string; codigo: string; advertencias?: { codigo: string }[] }[];
    expect(codes(listed.find((s) => s.codigo === 'LEG')!)).toEqual([]);
    expect(codes(listed.find((s) => s.id === confirmed.json().id)!)).toHaveLength(3);
    expect(codes((await t.app.inject({ method: 'GET', url: `/api/v1/turnos/${confirmed.json().id}`, headers: c.headers })).json())).toHaveLength(3);

    // A rename of the unlawful shift is not refused (nothing the law judges changed), and still says what it breaks.
    const id = confirmed.json().id as string;
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${id}`, headers: c.headers, payload: { nombre: 'Largo bodega' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(codes(renamed.json())).toHaveLength(3);
    // Nor is a change of tolerances (a new version, but the same hours before the law).
    const tolerance = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${id}`, headers: c.headers, payload: { toleranciaAtrasoMin: 5 } });
    expect(tolerance.statusCode, tolerance.body).toBe(200);
    expect(tolerance.json()).toMatchObject({ version: 2 });
    // New hours that still break it ask again; a colación of 29 minutes is under the minimum (art. 34).
    const shorter = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${id}`, headers: c.headers, payload: { fin: '17:00', colacion: { tipo: 'minutos', minutos: 29 }, diasPorSemana: 5 } });
    expect(shorter.statusCode).toBe(400);
    expect(shorter.json().error.message).toContain('29 min de colación: la ley exige al menos 30 minutos (art. 34');
    const fixed = await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${id}`, headers: c.headers, payload: { fin: '16:00', colacion: { tipo: 'minutos', minutos: 60 }, diasPorSemana: 5 } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ duracionNetaMin: 480, version: 3, advertencias: [] });
  });

  it('a company with an exceptional schedule saves it without confirming, and is told what it breaks', async () => {
    const other = await companyWithAdmin(t.app);
    const schedule = await t.app.inject({ method: 'POST', url: '/api/v1/jornadas-excepcionales', headers: other.headers, payload: { numero: 'Res. Ex. N° 4321', diasTrabajo: 7, diasDescanso: 7 } });
    expect(schedule.statusCode, schedule.body).toBe(201);
    const created = await post(other.headers, unlawful);
    expect(created.statusCode, created.body).toBe(201);
    expect(codes(created.json())).toEqual(['jornada_diaria_sobre_limite', 'colacion_no_planificada', 'jornada_semanal_sobre_limite']);
  });
});
