/**
 * Exceptional schedules (art. 38 inc. final): the company's DT resolutions, who may manage them, and how the
 * schedule in force for each worker (their own, else their group's), not the company's, sets the limits of the
 * planning's alerts and keeps the stored evaluation true.
 */
import type { Grupo, JornadaExcepcional, PlanificacionGrilla, Usuario } from '@jornada/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDays, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addWorkers, companyWithAdmin, createShift, signInAs, type TestCompany } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
});
afterAll(() => t.close());

const URL = '/api/v1/jornadas-excepcionales';
const post = (payload: unknown, headers = c.headers) => t.app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });
const create = async (payload: Record<string, unknown>, headers = c.headers) => {
  const response = await post(payload, headers);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<JornadaExcepcional>();
};
const assign = (userId: string, jornadaExcepcionalId: string | null) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${userId}`, headers: c.headers, payload: { jornadaExcepcionalId } });

/** The planning's alert codes of each of `ids` over `desde`..`hasta`. */
const grid = async (desde: string, hasta: string, ids: string[]) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?desde=${desde}&hasta=${hasta}&usuarioIds=${ids.join(',')}`, headers: c.headers });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<PlanificacionGrilla>();
  return (id: string) => result.filas.find((f) => f.usuario.id === id)!.semanas.flatMap((s) => s.alertas.map((a) => a.codigo));
};
const plan = async (userId: string, desde: string, hasta: string, patron: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/planificaciones/patron', headers: c.headers, payload: { usuarioIds: [userId], desde, hasta, patron, conflictos: 'reemplazar' } });
  expect(response.statusCode, response.body).toBe(200);
};
const createGroup = async (payload: Record<string, unknown>, headers = c.headers) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Grupo>();
};
const addMembers = async (groupId: string, agregar: string[]) => {
  const response = await t.app.inject({ method: 'PUT', url: `/api/v1/grupos/${groupId}/miembros`, headers: c.headers, payload: { agregar } });
  expect(response.statusCode, response.body).toBe(200);
};
const patchGroup = (groupId: string, payload: Record<string, unknown>, headers = c.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/grupos/${groupId}`, headers, payload });
const userOf = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${id}`, headers: c.headers })).json<Usuario>();

describe('the company’s exceptional schedules', () => {
  it('creates, lists, edits and deletes a schedule', async () => {
    const created = await create({ numero: 'Res. Ex. N° 1234', fecha: '2026-01-15', diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12, vigenteDesde: '2026-02-01' });
    expect(created).toMatchObject({ numero: 'Res. Ex. N° 1234', fecha: '2026-01-15', diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12, vigenteDesde: '2026-02-01', vigenteHasta: null, trabajadores: 0 });
    const list = await t.app.inject({ method: 'GET', url: URL, headers: c.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((j: JornadaExcepcional) => j.id)).toContain(created.id);
    const patched = await t.app.inject({ method: 'PATCH', url: `${URL}/${created.id}`, headers: c.headers, payload: { diasTrabajo: 4, diasDescanso: 4, horasDiarias: null, vigenteHasta: '2026-12-31' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ diasTrabajo: 4, diasDescanso: 4, horasDiarias: null, vigenteDesde: '2026-02-01', vigenteHasta: '2026-12-31' });
    const before = await t.app.inject({ method: 'PATCH', url: `${URL}/${created.id}`, headers: c.headers, payload: { vigenteHasta: '2026-01-01' } });
    expect(before.statusCode).toBe(400);
    expect(before.json().error.fields).toEqual({ vigenteHasta: 'El fin de la vigencia no puede ser anterior a su inicio.' });
    const removed = await t.app.inject({ method: 'DELETE', url: `${URL}/${created.id}`, headers: c.headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `${URL}/${created.id}`, headers: c.headers })).statusCode).toBe(404);
  });

  it('refuses what is not a schedule, in Spanish', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ diasTrabajo: 7, diasDescanso: 7 }, 'numero', 'Ingresa el número de la resolución.'],
      [{ numero: 'Res. 1', diasDescanso: 7 }, 'diasTrabajo', 'Ingresa los días de trabajo del ciclo.'],
      [{ numero: 'Res. 1', diasTrabajo: 29, diasDescanso: 7 }, 'diasTrabajo', 'Los días de trabajo no pueden superar 28.'],
      [{ numero: 'Res. 1', diasTrabajo: 7, diasDescanso: 0 }, 'diasDescanso', 'Los días de descanso deben ser al menos 1.'],
      [{ numero: 'Res. 1', diasTrabajo: 7, diasDescanso: 7, horasDiarias: 13 }, 'horasDiarias', 'Las horas diarias no pueden superar 12.'],
      [{ numero: 'Res. 1', diasTrabajo: 7, diasDescanso: 7, fecha: '2026-02-30' }, 'fecha', 'La fecha no existe en el calendario.'],
      [{ numero: 'Res. 1', diasTrabajo: 7, diasDescanso: 7, vigenteDesde: '2026-05-01', vigenteHasta: '2026-04-01' }, 'vigenteHasta', 'El fin de la vigencia no puede ser anterior a su inicio.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    for (const numero of ['Res.\u0000 1', 'Res. \ud800 1']) {
      const response = await post({ numero, diasTrabajo: 7, diasDescanso: 7 });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/[áéíóú]|Revisa/);
    }
  });

  it('another company’s schedule is not found, and only an administrator manages them', async () => {
    const other = await companyWithAdmin(t.app);
    const theirs = await create({ numero: 'Res. ajena', diasTrabajo: 4, diasDescanso: 4 }, other.headers);
    expect((await t.app.inject({ method: 'GET', url: `${URL}/${theirs.id}`, headers: c.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `${URL}/${theirs.id}`, headers: c.headers, payload: { numero: 'Mía' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${URL}/${theirs.id}`, headers: c.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${URL}/no-es-uuid`, headers: c.headers })).statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: URL, headers: c.headers });
    expect(list.json().items.map((j: JornadaExcepcional) => j.id)).not.toContain(theirs.id);
    // Nor can a user of this company be assigned to it.
    const [worker] = await addWorkers(t.database.db, c.companyId, 1);
    const foreign = await assign(worker!.id, theirs.id);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields).toEqual({ jornadaExcepcionalId: 'La jornada excepcional no existe.' });
    const [supervisor] = await addWorkers(t.database.db, c.companyId, 1, { perfil: 'supervisor' });
    const headers = await signInAs(t.app, supervisor!.rut);
    expect((await t.app.inject({ method: 'GET', url: URL, headers })).statusCode).toBe(403);
    expect((await post({ numero: 'Res. 2', diasTrabajo: 7, diasDescanso: 7 }, headers)).statusCode).toBe(403);
  });

  it('assigns it to workers, shows it on their record, and refuses to delete it while in use (409)', async () => {
    const schedule = await create({ numero: 'Res. Ex. N° 77', diasTrabajo: 14, diasDescanso: 14 });
    const [a, b] = await addWorkers(t.database.db, c.companyId, 2);
    for (const w of [a!, b!]) expect((await assign(w.id, schedule.id)).statusCode).toBe(200);
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/usuarios/${a!.id}`, headers: c.headers });
    expect(shown.json<Usuario>().jornadaExcepcional).toEqual({ id: schedule.id, nombre: '14x14 · Res. Ex. N° 77', origen: 'trabajador' });
    expect((await t.app.inject({ method: 'GET', url: `${URL}/${schedule.id}`, headers: c.headers })).json()).toMatchObject({ trabajadores: 2 });
    const refused = await t.app.inject({ method: 'DELETE', url: `${URL}/${schedule.id}`, headers: c.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('La jornada excepcional tiene 2 trabajadores asignados: asígnales otra jornada o ninguna antes de eliminarla.');
    for (const w of [a!, b!]) expect((await assign(w.id, null)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ id: users.jornadaExcepcionalId }).from(users).where(and(eq(users.companyId, c.companyId), eq(users.id, a!.id)));
    expect(row!.id).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: `${URL}/${schedule.id}`, headers: c.headers })).statusCode).toBe(204);
  });
});

describe('the planning’s alerts follow each worker’s schedule', () => {

  it('a 7x7 of 12 hours in 2028 breaks the cycle’s average; a 66-hour week of a worker without a schedule breaks the weekly limit', async () => {
    const schedule = await create({ numero: 'Res. 1234/2026', diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12 });
    const [onSystem, ordinary] = await addWorkers(t.database.db, c.companyId, 2, { horasSemanales: null });
    expect((await assign(onSystem!.id, schedule.id)).statusCode).toBe(200);
    const twelve = await createShift(t.app, c.headers, { codigo: 'X12', inicio: '08:00', fin: '21:00', colacion: { tipo: 'minutos', minutos: 60 } });
    const eleven = await createShift(t.app, c.headers, { codigo: 'X11', inicio: '08:00', fin: '20:00', colacion: { tipo: 'minutos', minutos: 60 } });
    await plan(onSystem!.id, '2028-06-05', '2028-07-02', { tipo: 'rotacion', turnoId: twelve.id, diasTrabajo: 7, diasLibres: 7 });
    await plan(ordinary!.id, '2028-06-05', '2028-06-11', { tipo: 'semana_fija', dias: [eleven.id, eleven.id, eleven.id, eleven.id, eleven.id, eleven.id, 'libre'] });
    const codes = await grid('2028-06-05', '2028-06-30', [onSystem!.id, ordinary!.id]);
    expect(codes(onSystem!.id)).toContain('jornada_promedio_ciclo_sobre_limite');
    expect(codes(onSystem!.id)).not.toContain('jornada_semanal_sobre_limite');
    expect(codes(onSystem!.id)).not.toContain('jornada_diaria_sobre_limite');
    expect(codes(ordinary!.id)).toContain('jornada_semanal_sobre_limite');
    expect(codes(ordinary!.id)).not.toContain('jornada_promedio_ciclo_sobre_limite');
  });

  it('the resolution’s 12 daily hours: 12 hours pass, 13 are flagged', async () => {
    const schedule = await create({ numero: 'Res. 55', diasTrabajo: 4, diasDescanso: 4, horasDiarias: 12 });
    const [atTwelve, atThirteen] = await addWorkers(t.database.db, c.companyId, 2, { horasSemanales: null });
    for (const w of [atTwelve!, atThirteen!]) expect((await assign(w.id, schedule.id)).statusCode).toBe(200);
    const twelve = await createShift(t.app, c.headers, { codigo: 'D12', inicio: '08:00', fin: '21:00', colacion: { tipo: 'minutos', minutos: 60 } });
    const thirteen = await createShift(t.app, c.headers, { codigo: 'D13', inicio: '08:00', fin: '22:00', colacion: { tipo: 'minutos', minutos: 60 } });
    await plan(atTwelve!.id, '2026-06-01', '2026-06-28', { tipo: 'rotacion', turnoId: twelve.id, diasTrabajo: 4, diasLibres: 4 });
    await plan(atThirteen!.id, '2026-06-01', '2026-06-28', { tipo: 'rotacion', turnoId: thirteen.id, diasTrabajo: 4, diasLibres: 4 });
    const codes = await grid('2026-06-01', '2026-06-28', [atTwelve!.id, atThirteen!.id]);
    expect(codes(atTwelve!.id)).not.toContain('jornada_diaria_sobre_limite');
    expect(codes(atThirteen!.id)).toContain('jornada_diaria_sobre_limite');
  });

  it('a schedule out of force leaves the ordinary limits', async () => {
    const schedule = await create({ numero: 'Res. vencida', diasTrabajo: 4, diasDescanso: 4, horasDiarias: 12, vigenteHasta: '2025-12-31' });
    const [worker] = await addWorkers(t.database.db, c.companyId, 1, { horasSemanales: null });
    expect((await assign(worker!.id, schedule.id)).statusCode).toBe(200);
    const twelve = await createShift(t.app, c.headers, { codigo: 'V12', inicio: '08:00', fin: '21:00', colacion: { tipo: 'minutos', minutos: 60 } });
    await plan(worker!.id, '2026-06-01', '2026-06-28', { tipo: 'rotacion', turnoId: twelve.id, diasTrabajo: 4, diasLibres: 4 });
    expect((await grid('2026-06-01', '2026-06-28', [worker!.id]))(worker!.id)).toContain('jornada_diaria_sobre_limite');
  });
});

describe('a resolution that names a group (art. 38 inc. final: «los trabajadores o grupos que nombra»)', () => {
  it('its members without a schedule of their own are under it; a member with their own keeps theirs; a non-member keeps the ordinary limits', async () => {
    const sevenBySeven = await create({ numero: 'Res. 123', diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12 });
    const tenHours = await create({ numero: 'Res. 456', diasTrabajo: 4, diasDescanso: 4, horasDiarias: 10 });
    const group = await createGroup({ nombre: 'Bodega', jornadaExcepcionalId: sevenBySeven.id });
    expect(group.jornadaExcepcional).toEqual({ id: sevenBySeven.id, nombre: '7x7 · Res. 123' });
    const [member, ownSchedule, outsider] = await addWorkers(t.database.db, c.companyId, 3, { horasSemanales: null });
    await addMembers(group.id, [member!.id, ownSchedule!.id]);
    expect((await assign(ownSchedule!.id, tenHours.id)).statusCode).toBe(200);
    // The user's page says where it comes from.
    expect((await userOf(member!.id)).jornadaExcepcional).toEqual({ id: sevenBySeven.id, nombre: '7x7 · Res. 123', origen: 'grupo' });
    expect((await userOf(ownSchedule!.id)).jornadaExcepcional).toEqual({ id: tenHours.id, nombre: '4x4 · Res. 456', origen: 'trabajador' });
    expect((await userOf(outsider!.id)).jornadaExcepcional).toBeNull();
    // The same 7x7 of 12-hour days in 2028 for all three.
    const twelve = await createShift(t.app, c.headers, { codigo: 'G12', inicio: '08:00', fin: '21:00', colacion: { tipo: 'minutos', minutos: 60 } });
    for (const w of [member!, ownSchedule!, outsider!]) await plan(w.id, '2028-06-05', '2028-07-02', { tipo: 'rotacion', turnoId: twelve.id, diasTrabajo: 7, diasLibres: 7 });
    const codes = await grid('2028-06-05', '2028-06-30', [member!.id, ownSchedule!.id, outsider!.id]);
    // The group's 7x7 of 12 hours: the cycle's average, not the weekly nor the daily limit.
    expect(codes(member!.id)).toContain('jornada_promedio_ciclo_sobre_limite');
    expect(codes(member!.id)).not.toContain('jornada_semanal_sobre_limite');
    expect(codes(member!.id)).not.toContain('jornada_diaria_sobre_limite');
    // Their own resolution of 10 daily hours, not the group's 12.
    expect(codes(ownSchedule!.id)).toContain('jornada_diaria_sobre_limite');
    expect(codes(ownSchedule!.id)).not.toContain('jornada_semanal_sobre_limite');
    // Outside the group: the ordinary weekly limit.
    expect(codes(outsider!.id)).toContain('jornada_semanal_sobre_limite');
    expect(codes(outsider!.id)).not.toContain('jornada_promedio_ciclo_sobre_limite');
    // The resolutions page counts the workers under each and the groups it names.
    const list = (await t.app.inject({ method: 'GET', url: URL, headers: c.headers })).json<{ items: JornadaExcepcional[] }>().items;
    expect(list.find((j) => j.id === sevenBySeven.id)).toMatchObject({ trabajadores: 1, grupos: 1 });
    expect(list.find((j) => j.id === tenHours.id)).toMatchObject({ trabajadores: 1, grupos: 0 });
  });

  it('changing the group’s resolution, or a worker’s group, makes their stored days stale and evaluates them again', async () => {
    const first = await create({ numero: 'Res. 700', diasTrabajo: 7, diasDescanso: 7, horasDiarias: 12 });
    const second = await create({ numero: 'Res. 701', diasTrabajo: 4, diasDescanso: 4, horasDiarias: 12 });
    const group = await createGroup({ nombre: 'Faena norte', jornadaExcepcionalId: first.id });
    const plain = await createGroup({ nombre: 'Faena sur' });
    const [member, ownSchedule, mover] = await addWorkers(t.database.db, c.companyId, 3, { inicioContrato: '2026-01-01' });
    await addMembers(group.id, [member!.id, ownSchedule!.id]);
    await addMembers(plain.id, [mover!.id]);
    expect((await assign(ownSchedule!.id, second.id)).statusCode).toBe(200);
    const ids = [member!.id, ownSchedule!.id, mover!.id];
    for (const id of ids) {
      const read = await t.app.inject({ method: 'GET', url: `/api/v1/asistencia/trabajadores/${id}?desde=2026-04-06&hasta=2026-04-12`, headers: c.headers });
      expect(read.statusCode, read.body).toBe(200);
    }
    const stale = async () => {
      const rows = await t.database.db
        .select({ userId: attendanceDays.userId, stale: attendanceDays.stale })
        .from(attendanceDays)
        .where(and(eq(attendanceDays.companyId, c.companyId), inArray(attendanceDays.userId, ids), eq(attendanceDays.fecha, '2026-04-08')));
      return Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.userId === id)?.stale]));
    };
    expect(await stale()).toEqual({ [member!.id]: false, [ownSchedule!.id]: false, [mover!.id]: false });
    // The group's resolution changes: its member without one of their own goes stale, the one with their own does not.
    const changed = await patchGroup(group.id, { jornadaExcepcionalId: second.id });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Grupo>().jornadaExcepcional).toEqual({ id: second.id, nombre: '4x4 · Res. 701' });
    expect(await stale()).toEqual({ [member!.id]: true, [ownSchedule!.id]: false, [mover!.id]: false });
    await t.app.jobs.drain();
    expect(await stale()).toEqual({ [member!.id]: false, [ownSchedule!.id]: false, [mover!.id]: false });
    // A worker who moves from a group without a resolution to one with it.
    await addMembers(group.id, [mover!.id]);
    expect(await stale()).toEqual({ [member!.id]: false, [ownSchedule!.id]: false, [mover!.id]: true });
    expect((await userOf(mover!.id)).jornadaExcepcional).toMatchObject({ id: second.id, origen: 'grupo' });
    await t.app.jobs.drain();
    // Saving the group without touching its resolution leaves the days as they are.
    expect((await patchGroup(group.id, { descripcion: 'Turnos 4x4' })).statusCode).toBe(200);
    expect(await stale()).toEqual({ [member!.id]: false, [ownSchedule!.id]: false, [mover!.id]: false });
    // The resolution's own terms change the days of everyone under it, through the group too.
    expect((await t.app.inject({ method: 'PATCH', url: `${URL}/${second.id}`, headers: c.headers, payload: { horasDiarias: 11 } })).statusCode).toBe(200);
    expect(await stale()).toEqual({ [member!.id]: true, [ownSchedule!.id]: true, [mover!.id]: true });
  });

  it('another company’s or an unknown resolution is refused in Spanish; one a group names cannot be deleted (409)', async () => {
    const other = await companyWithAdmin(t.app);
    const theirs = await create({ numero: 'Res. ajena 2', diasTrabajo: 7, diasDescanso: 7 }, other.headers);
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/grupos', headers: c.headers, payload: { nombre: 'Ajena', jornadaExcepcionalId: theirs.id } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ jornadaExcepcionalId: 'La jornada excepcional no existe.' });
    const mine = await create({ numero: 'Res. 900', diasTrabajo: 14, diasDescanso: 14 });
    const group = await createGroup({ nombre: 'Campamento' });
    expect(group.jornadaExcepcional).toBeNull();
    for (const jornadaExcepcionalId of [theirs.id, 'no-es-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await patchGroup(group.id, { jornadaExcepcionalId });
      expect(response.statusCode, jornadaExcepcionalId).toBe(400);
      expect(response.json().error.fields).toEqual({ jornadaExcepcionalId: 'La jornada excepcional no existe.' });
    }
    // Another company's group is not found.
    expect((await patchGroup(group.id, { jornadaExcepcionalId: theirs.id }, other.headers)).statusCode).toBe(404);
    expect((await patchGroup(group.id, { jornadaExcepcionalId: mine.id })).statusCode).toBe(200);
    const inUse = await t.app.inject({ method: 'DELETE', url: `${URL}/${mine.id}`, headers: c.headers });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('La jornada excepcional está asignada a 1 grupo: asígnales otra jornada o ninguna antes de eliminarla.');
    const cleared = await patchGroup(group.id, { jornadaExcepcionalId: null });
    expect(cleared.json<Grupo>().jornadaExcepcional).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: `${URL}/${mine.id}`, headers: c.headers })).statusCode).toBe(204);
  });
});
