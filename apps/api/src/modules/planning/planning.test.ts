import type { CambiosPage, PlanificacionGrilla, ResultadoPatron } from '@jornada/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addGroup, addSite, addWorkers, companyWithAdmin, createShift, signInAs, type TestCompany, type TestWorker } from '../../test/fixtures/planning';

let t: TestApp;
let c: TestCompany;
let group: string;
let workers: TestWorker[];
let office: { id: string; codigo: string };
let night: { id: string; codigo: string };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-04-20T15:00:00Z');
  c = await companyWithAdmin(t.app);
  group = await addGroup(t.database.db, c.companyId, 'Bodega');
  workers = await addWorkers(t.database.db, c.companyId, 3, { groupId: group });
  office = await createShift(t.app, c.headers, { codigo: 'OF', inicio: '09:00', fin: '18:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } });
  night = await createShift(t.app, c.headers, { codigo: 'NOC', inicio: '22:00', fin: '06:00' });
});
afterAll(() => t.close());

const grid = async (query: string, headers = c.headers) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PlanificacionGrilla>();
};

const applyPattern = (payload: Record<string, unknown>, preview = false) =>
  t.app.inject({ method: 'POST', url: `/api/v1/planificaciones/patron${preview ? '/vista-previa' : ''}`, headers: c.headers, payload });

const putDay = (userId: string, fecha: string, payload: Record<string, unknown>, headers = c.headers) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/planificaciones/${userId}/${fecha}`, headers, payload });

describe('patterns', () => {
  it('a 4x4 rotation across a month boundary: preview first, then commit; keeping or replacing conflicts is an explicit choice', async () => {
    const worker = workers[0]!;
    const body = { usuarioIds: [worker.id], desde: '2026-05-29', hasta: '2026-06-08', patron: { tipo: 'rotacion', turnoId: office.id, diasTrabajo: 4, diasLibres: 4 } };
    const preview = await applyPattern(body, true);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json<ResultadoPatron>();
    expect(p.aplicado).toBe(false);
    expect(p.trabajadores[0]!.dias.map((d) => (d.tipo === 'turno' ? 'T' : 'L')).join('')).toBe('TTTTLLLLTTT');
    expect(p.resumen).toMatchObject({ trabajadores: 1, dias: 11, crear: 11, conflictos: 0 });
    // Nothing written by the preview.
    expect((await grid(`desde=2026-05-29&hasta=2026-06-08&usuarioIds=${worker.id}`)).filas[0]!.dias.every((d) => d.tipo === 'sin_planificar')).toBe(true);

    const missingChoice = await applyPattern(body);
    expect(missingChoice.statusCode).toBe(400);
    expect(missingChoice.json().error.fields.conflictos).toBeDefined();

    const commit = await applyPattern({ ...body, conflictos: 'conservar' });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json<ResultadoPatron>().aplicado).toBe(true);
    const june = await grid(`mes=2026-06&usuarioIds=${worker.id}`);
    expect(june.filas[0]!.dias.slice(0, 10).map((d) => (d.tipo === 'turno' ? 'T' : d.tipo === 'libre' ? 'L' : '-')).join('')).toBe('TLLLLTTT--');
    expect(june.filas[0]!.dias[0]).toMatchObject({ fecha: '2026-06-01', turnoId: office.id, segundosPlanificados: 8 * 3600, turno: { codigo: 'OF', etiqueta: '09:00–18:00' } });

    // A second pattern over the same dates: "conservar" keeps what is there, "reemplazar" needs a motivo and logs.
    const other = { usuarioIds: [worker.id], desde: '2026-06-01', hasta: '2026-06-04', patron: { tipo: 'semana_fija', dias: [night.id, night.id, night.id, night.id, night.id, 'libre', 'libre'] } };
    const keep = await applyPattern({ ...other, conflictos: 'conservar' });
    expect(keep.json<ResultadoPatron>().resumen).toMatchObject({ conservar: 4, conflictos: 4, crear: 0 });
    const noReason = await applyPattern({ ...other, conflictos: 'reemplazar' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.motivo).toMatch(/motivo/);
    const replace = await applyPattern({ ...other, conflictos: 'reemplazar', motivo: 'Cambio de temporada', solicitadoPor: 'trabajador' });
    expect(replace.json<ResultadoPatron>().resumen).toMatchObject({ reemplazar: 4 });
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${worker.id}&desde=2026-06-01&hasta=2026-06-04`, headers: c.headers });
    const entries = log.json<CambiosPage>().items;
    expect(entries).toHaveLength(4);
    expect(entries.every((e) => e.origen === 'patron' && e.solicitadoPor === 'trabajador' && e.motivo === 'Cambio de temporada')).toBe(true);
    const june1 = entries.find((e) => e.fecha === '2026-06-01')!;
    expect(june1.turnoAnterior).toMatchObject({ tipo: 'turno', turno: { codigo: 'OF' }, extension: '09:00' });
    expect(entries.find((e) => e.fecha === '2026-06-03')!.turnoAnterior).toMatchObject({ tipo: 'libre', turno: null });
    expect(june1.turnoNuevo).toMatchObject({ tipo: 'turno', turno: { codigo: 'NOC' }, extension: '08:00' });

    // Applying the same pattern again changes nothing.
    const again = await applyPattern({ ...other, conflictos: 'reemplazar' });
    expect(again.statusCode).toBe(200);
    expect(again.json<ResultadoPatron>().resumen).toMatchObject({ sinCambios: 4, reemplazar: 0 });
  });

  it('a night-shift rotation across the 2026 DST changes plans 9 real hours on 2026-04-04 and 7 on 2026-09-05', async () => {
    const worker = workers[1]!;
    for (const [desde, hasta] of [
      ['2026-04-02', '2026-04-09'],
      ['2026-09-03', '2026-09-10'],
    ]) {
      const response = await applyPattern({
        usuarioIds: [worker.id],
        desde,
        hasta,
        patron: { tipo: 'rotacion', turnoId: night.id, diasTrabajo: 4, diasLibres: 4 },
        conflictos: 'reemplazar',
        motivo: 'Rotación nocturna',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const april = await grid(`desde=2026-04-02&hasta=2026-04-09&usuarioIds=${worker.id}`);
    expect(april.filas[0]!.dias.map((d) => d.segundosPlanificados / 3600)).toEqual([8, 8, 9, 8, 0, 0, 0, 0]);
    expect(april.filas[0]!.dias[1]!.feriado).toEqual({ nombre: 'Viernes Santo', irrenunciable: false });
    const september = await grid(`desde=2026-09-03&hasta=2026-09-10&usuarioIds=${worker.id}`);
    expect(september.filas[0]!.dias.map((d) => d.segundosPlanificados / 3600)).toEqual([8, 8, 7, 8, 0, 0, 0, 0]);
    // A site without summer time (Punta Arenas) plans the same night 8 hours: days are the site's days.
    const magallanes = await addSite(t.database.db, c.companyId, 'Punta Arenas', 'America/Punta_Arenas');
    const [south] = await addWorkers(t.database.db, c.companyId, 1, { siteId: magallanes });
    const southPlan = await applyPattern({ usuarioIds: [south!.id], desde: '2026-04-02', hasta: '2026-04-09', patron: { tipo: 'rotacion', turnoId: night.id, diasTrabajo: 4, diasLibres: 4 }, conflictos: 'reemplazar', motivo: 'Regularización' });
    expect(southPlan.statusCode, southPlan.body).toBe(200);
    const south4 = await grid(`desde=2026-04-02&hasta=2026-04-09&usuarioIds=${south!.id}`);
    expect(south4.filas[0]!.usuario.zonaHoraria).toBe('America/Punta_Arenas');
    expect(south4.filas[0]!.dias.map((d) => d.segundosPlanificados / 3600)).toEqual([8, 8, 8, 8, 0, 0, 0, 0]);
    // The week of the change adds the real hours: Mon 2026-03-30 .. Sun 2026-04-05 holds Thu-Sun = 8+8+9+8.
    expect(april.filas[0]!.semanas[0]).toMatchObject({ inicio: '2026-03-30', segundosPlanificados: 33 * 3600, diasTrabajo: 4 });
  });

  it('a whole group with a fixed week; workers outside the contract dates are left out', async () => {
    const late = await addWorkers(t.database.db, c.companyId, 1, { groupId: group, inicioContrato: '2026-07-10' });
    const response = await applyPattern(
      { grupoIds: [group], desde: '2026-07-06', hasta: '2026-07-12', patron: { tipo: 'semana_fija', dias: [office.id, office.id, office.id, office.id, office.id, 'libre', 'libre'] } },
      true,
    );
    const result = response.json<ResultadoPatron>();
    expect(result.trabajadores).toHaveLength(4);
    const newcomer = result.trabajadores.find((w) => w.usuario.id === late[0]!.id)!;
    expect(newcomer.dias.map((d) => d.fecha)).toEqual(['2026-07-10', '2026-07-11', '2026-07-12']);
  });
});

describe('legal-limit flags', () => {
  it('a 44-hour plan in the week of 2026-04-27 breaks the 42-hour limit; 42 hours passes; more than 10 hours a day and days per week are flagged', async () => {
    const [w44, w42, w12, w7] = await addWorkers(t.database.db, c.companyId, 4, { groupId: group });
    const long = await createShift(t.app, c.headers, { codigo: 'L44', inicio: '08:00', fin: '17:48', colacion: { tipo: 'minutos', minutos: 60 } });
    const ok = await createShift(t.app, c.headers, { codigo: 'L42', inicio: '08:00', fin: '17:24', colacion: { tipo: 'minutos', minutos: 60 } });
    const twelve = await createShift(t.app, c.headers, { codigo: 'D12', inicio: '08:00', fin: '20:00', colacion: { tipo: 'minutos', minutos: 60 } });
    const short = await createShift(t.app, c.headers, { codigo: 'C6', inicio: '09:00', fin: '15:00' });
    const week = (turno: string, days = 5) => ({ tipo: 'semana_fija', dias: Array.from({ length: 7 }, (_, i) => (i < days ? turno : 'libre')) });
    for (const [worker, patron] of [
      [w44!, week(long.id)],
      [w42!, week(ok.id)],
      [w12!, week(twelve.id, 3)],
      [w7!, week(short.id, 7)],
    ] as const) {
      const response = await applyPattern({ usuarioIds: [worker.id], desde: '2026-04-27', hasta: '2026-05-03', patron, conflictos: 'reemplazar' });
      expect(response.statusCode, response.body).toBe(200);
    }
    const result = await grid(`desde=2026-04-27&hasta=2026-05-03&usuarioIds=${[w44!.id, w42!.id, w12!.id, w7!.id].join(',')}`);
    const week0 = (id: string) => result.filas.find((f) => f.usuario.id === id)!.semanas[0]!;
    expect(week0(w44!.id)).toMatchObject({ segundosPlanificados: 44 * 3600, horasPlanificadas: '44:00', limiteHorasSemanales: 42, sobreLimiteSemanal: true });
    expect(week0(w42!.id)).toMatchObject({ segundosPlanificados: 42 * 3600, sobreLimiteSemanal: false, diaSobreDiezHoras: false, diasFueraDeRango: false, alertas: [] });
    expect(week0(w12!.id)).toMatchObject({ diaSobreDiezHoras: true, diasTrabajo: 3, diasFueraDeRango: true });
    expect(week0(w7!.id)).toMatchObject({ diasTrabajo: 7, diasFueraDeRango: true, sobreLimiteSemanal: false });
    // Planned to Wednesday only: the rest of the week is not planned yet, so it is incomplete, not short of days.
    const [horizon] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group });
    const planned = await applyPattern({ usuarioIds: [horizon!.id], desde: '2026-04-27', hasta: '2026-04-29', patron: week(twelve.id, 7), conflictos: 'reemplazar' });
    expect(planned.statusCode, planned.body).toBe(200);
    const partial = await grid(`desde=2026-04-27&hasta=2026-05-03&usuarioIds=${horizon!.id}`);
    expect(partial.filas[0]!.semanas[0]).toMatchObject({ diasTrabajo: 3, incompleta: true, diasFueraDeRango: false });
    expect(week0(w12!.id)).toMatchObject({ incompleta: false });
    // May 1st is a holiday: the grid shows it.
    expect(result.dias.find((d) => d.fecha === '2026-05-01')!.feriado).toMatchObject({ irrenunciable: true });
  });
});

describe('changing a day and the change log', () => {
  it('the first planning of a future day is not logged; changing it needs a motivo and is logged with the legal report columns', async () => {
    const worker = workers[2]!;
    const first = await putDay(worker.id, '2026-05-12', { tipo: 'turno', turnoId: office.id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ cambiado: true, cambioId: null, dia: { tipo: 'turno', segundosPlanificados: 8 * 3600 } });

    const same = await putDay(worker.id, '2026-05-12', { tipo: 'turno', turnoId: office.id });
    expect(same.json()).toMatchObject({ cambiado: false, cambioId: null });

    const noReason = await putDay(worker.id, '2026-05-12', { tipo: 'turno', turnoId: night.id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.motivo).toBe('Indica el motivo del cambio: el día ya estaba planificado.');

    t.clock.set('2026-04-20T16:00:00Z');
    const changed = await putDay(worker.id, '2026-05-12', { tipo: 'turno', turnoId: night.id, motivo: 'Reemplazo', solicitadoPor: 'trabajador', observacion: 'Cubre a un compañero' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().cambioId).toEqual(expect.any(String));
    t.clock.set('2026-04-20T15:00:00Z');

    const log = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${worker.id}`, headers: c.headers });
    const [entry] = log.json<CambiosPage>().items;
    expect(entry).toMatchObject({
      fecha: '2026-05-12',
      fechaPrimeraAsignacion: '2026-04-20T15:00:00.000Z',
      fechaAsignacionTurno: '2026-04-20T15:00:00.000Z',
      turnoAnterior: { tipo: 'turno', turno: { codigo: 'OF', inicio: '09:00', fin: '18:00' }, extensionSegundos: 9 * 3600, extension: '09:00' },
      fechaNuevaAsignacion: '2026-04-20T16:00:00.000Z',
      // 22:00 on 2026-05-12 in Santiago (UTC-4).
      inicioTurno: '2026-05-13T02:00:00.000Z',
      turnoNuevo: { tipo: 'turno', turno: { codigo: 'NOC' }, extension: '08:00' },
      solicitadoPor: 'trabajador',
      observaciones: 'Reemplazo. Cubre a un compañero',
      diaPasado: false,
      origen: 'manual',
      cambiadoPor: { id: c.adminId },
    });
    const month = await grid(`mes=2026-05&usuarioIds=${worker.id}`);
    expect(month.filas[0]!.dias.find((d) => d.fecha === '2026-05-12')!.modificado).toBe(true);
    expect(month.filas[0]!.dias.find((d) => d.fecha === '2026-05-13')!.modificado).toBe(false);
  });

  it('a past day cannot be planned silently: it needs a motivo and is logged even when it was not planned', async () => {
    const worker = workers[2]!;
    const refused = await putDay(worker.id, '2026-04-10', { tipo: 'libre' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.motivo).toBe('Indica el motivo: el día ya pasó.');
    const ok = await putDay(worker.id, '2026-04-10', { tipo: 'libre', motivo: 'Regularización' });
    expect(ok.json().cambioId).toEqual(expect.any(String));
    const log = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${worker.id}&desde=2026-04-10&hasta=2026-04-10`, headers: c.headers });
    expect(log.json<CambiosPage>().items[0]).toMatchObject({
      diaPasado: true,
      fechaPrimeraAsignacion: null,
      turnoAnterior: { tipo: 'sin_planificar', turno: null },
      turnoNuevo: { tipo: 'libre' },
      inicioTurno: null,
    });
    // Removing a planned day (sin planificar) is a change too.
    const removed = await putDay(worker.id, '2026-05-12', { tipo: 'sin_planificar', motivo: 'Sin turno ese día' });
    expect(removed.json()).toMatchObject({ cambiado: true, dia: { tipo: 'sin_planificar' } });
  });

  it('refuses unknown and inactive shifts and dates outside the contract', async () => {
    const worker = workers[2]!;
    const unknown = await putDay(worker.id, '2026-06-20', { tipo: 'turno', turnoId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.json().error.fields.turnoId).toBe('El turno no existe.');
    const old = await createShift(t.app, c.headers, { codigo: 'VIEJO', inicio: '10:00', fin: '14:00', activo: false });
    const inactive = await putDay(worker.id, '2026-06-20', { tipo: 'turno', turnoId: old.id });
    expect(inactive.json().error.fields.turnoId).toBe('El turno está inactivo.');
    const before = await putDay(worker.id, '2019-06-20', { tipo: 'libre', motivo: 'x' });
    expect(before.json().error.fields.fecha).toBe('La fecha está fuera del contrato del trabajador.');
  });
});

describe('perfiles and tenancy', () => {
  it('a supervisor plans only the groups they lead; a trabajador reads only their own planning; a fiscalizador nothing', async () => {
    const [sup] = await addWorkers(t.database.db, c.companyId, 1, { perfil: 'supervisor' });
    const led = await addGroup(t.database.db, c.companyId, 'Cajas', [sup!.id]);
    const [member] = await addWorkers(t.database.db, c.companyId, 1, { groupId: led });
    const supHeaders = await signInAs(t.app, sup!.rut);
    expect((await putDay(member!.id, '2026-06-01', { tipo: 'turno', turnoId: office.id }, supHeaders)).statusCode).toBe(200);
    expect((await putDay(workers[0]!.id, '2026-06-20', { tipo: 'libre' }, supHeaders)).statusCode).toBe(404);
    const supGrid = await grid('mes=2026-06', supHeaders);
    expect(supGrid.filas.map((f) => f.usuario.id)).toEqual([member!.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=2026-06&grupoId=${group}`, headers: supHeaders })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/turnos', headers: supHeaders })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers: supHeaders, payload: {} })).statusCode).toBe(403);
    // Their own planning too (their record's tab), though they are in no group they lead; not someone else's outside them.
    const ownSup = await grid(`mes=2026-06&usuarioIds=${sup!.id}`, supHeaders);
    expect(ownSup.filas.map((f) => f.usuario.id)).toEqual([sup!.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=2026-06&usuarioIds=${sup!.id},${workers[0]!.id}`, headers: supHeaders })).statusCode).toBe(404);

    const mine = await signInAs(t.app, member!.rut);
    const own = await grid('mes=2026-06', mine);
    expect(own.filas.map((f) => f.usuario.id)).toEqual([member!.id]);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=2026-06&usuarioIds=${workers[0]!.id}`, headers: mine })).statusCode).toBe(404);
    expect((await putDay(member!.id, '2026-06-02', { tipo: 'libre' }, mine)).statusCode).toBe(403);

    const [inspector] = await addWorkers(t.database.db, c.companyId, 1, { perfil: 'fiscalizador' });
    const insp = await signInAs(t.app, inspector!.rut);
    for (const url of ['/api/v1/planificaciones?mes=2026-06', '/api/v1/planificaciones/cambios', '/api/v1/turnos']) {
      expect((await t.app.inject({ method: 'GET', url, headers: insp })).statusCode).toBe(403);
    }
  });

  it('every new route refuses the wrong perfil (403), no session (401), and another company ids (404)', async () => {
    const other = await companyWithAdmin(t.app);
    const [foreign] = await addWorkers(t.database.db, other.companyId, 1);
    const foreignGroup = await addGroup(t.database.db, other.companyId, 'Ajeno');
    const foreignShift = await createShift(t.app, other.headers, { codigo: 'AJ', inicio: '08:00', fin: '12:00' });
    const [trab] = await addWorkers(t.database.db, c.companyId, 1);
    const trabHeaders = await signInAs(t.app, trab!.rut);
    const pattern = { usuarioIds: [foreign!.id], desde: '2026-06-01', hasta: '2026-06-02', patron: { tipo: 'rotacion', turnoId: office.id, diasTrabajo: 1, diasLibres: 1 }, conflictos: 'reemplazar' };
    const routes: { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; payload?: unknown; trabajador: number }[] = [
      { method: 'GET', url: '/api/v1/turnos', trabajador: 403 },
      { method: 'GET', url: `/api/v1/turnos/${foreignShift.id}`, trabajador: 403 },
      { method: 'POST', url: '/api/v1/turnos', payload: { nombre: 'X', codigo: 'X1', color: '#000000', inicio: '08:00', fin: '09:00', colacion: { tipo: 'minutos', minutos: 0 } }, trabajador: 403 },
      { method: 'PATCH', url: `/api/v1/turnos/${foreignShift.id}`, payload: { nombre: 'Y' }, trabajador: 403 },
      { method: 'GET', url: '/api/v1/planificaciones?mes=2026-06', trabajador: 200 },
      { method: 'PUT', url: `/api/v1/planificaciones/${foreign!.id}/2026-06-01`, payload: { tipo: 'libre' }, trabajador: 403 },
      { method: 'POST', url: '/api/v1/planificaciones/patron/vista-previa', payload: pattern, trabajador: 403 },
      { method: 'POST', url: '/api/v1/planificaciones/patron', payload: pattern, trabajador: 403 },
      { method: 'GET', url: '/api/v1/planificaciones/cambios', trabajador: 200 },
      { method: 'GET', url: '/api/v1/planificaciones/extension-diciembre?anio=2026', trabajador: 403 },
      { method: 'PUT', url: '/api/v1/planificaciones/extension-diciembre', payload: { anio: 2026, dias: [] }, trabajador: 403 },
      { method: 'GET', url: '/api/v1/cargas/turnos/plantilla', trabajador: 403 },
      { method: 'GET', url: '/api/v1/cargas/planificacion/plantilla', trabajador: 403 },
      { method: 'GET', url: '/api/v1/cargas/planificador/plantilla', trabajador: 403 },
      { method: 'POST', url: '/api/v1/cargas/turnos/vista-previa', trabajador: 403 },
      { method: 'POST', url: '/api/v1/cargas/turnos', trabajador: 403 },
      { method: 'POST', url: '/api/v1/cargas/planificacion/vista-previa', trabajador: 403 },
      { method: 'POST', url: '/api/v1/cargas/planificacion', trabajador: 403 },
      { method: 'POST', url: '/api/v1/cargas/planificador/vista-previa', trabajador: 403 },
      { method: 'POST', url: '/api/v1/cargas/planificador', trabajador: 403 },
    ];
    // Every route of these areas in the app's OpenAPI document is in the table above (a new one must be added).
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const registered = Object.entries(doc.paths)
      .filter(([p]) => ['/api/v1/turnos', '/api/v1/planificaciones', '/api/v1/cargas/'].some((prefix) => p.startsWith(prefix)))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`));
    const template = (url: string) =>
      url
        .split('?')[0]!
        .replace(/\/(turnos)\/[0-9a-f-]{36}/, '/$1/:id')
        .replace(/\/planificaciones\/[0-9a-f-]{36}\/\d{4}-\d{2}-\d{2}/, '/planificaciones/:usuarioId/:fecha');
    expect(new Set(registered)).toEqual(new Set(routes.map((r) => `${r.method} ${template(r.url)}`)));
    for (const route of routes) {
      const anonymous = await t.app.inject({ method: route.method, url: route.url, ...(route.payload ? { payload: route.payload as object } : {}) });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      const asWorker = await t.app.inject({ method: route.method, url: route.url, headers: trabHeaders, ...(route.payload ? { payload: route.payload as object } : {}) });
      expect(asWorker.statusCode, `${route.method} ${route.url}`).toBe(route.trabajador);
    }
    // Another company's shift, worker and group are 404 for this company's administrator.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/turnos/${foreignShift.id}`, headers: c.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/turnos/${foreignShift.id}`, headers: c.headers, payload: { nombre: 'Y' } })).statusCode).toBe(404);
    expect((await putDay(foreign!.id, '2026-06-01', { tipo: 'libre' })).statusCode).toBe(404);
    expect((await applyPattern(pattern)).statusCode).toBe(404);
    expect((await applyPattern({ ...pattern, usuarioIds: [], grupoIds: [foreignGroup] }, true)).statusCode).toBe(404);
    expect((await grid(`mes=2026-06`)).filas.some((f) => f.usuario.id === foreign!.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=2026-06&grupoId=${foreignGroup}`, headers: c.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones/cambios?usuarioId=${foreign!.id}`, headers: c.headers })).statusCode).toBe(404);
    // A pattern with another company's shift: the shift does not exist here.
    const foreignShiftPattern = await applyPattern({ ...pattern, usuarioIds: [workers[0]!.id], patron: { tipo: 'rotacion', turnoId: foreignShift.id, diasTrabajo: 1, diasLibres: 1 } });
    expect(foreignShiftPattern.json().error.fields['patron.turnoId']).toBe('El turno no existe.');
  });
});

describe('the contract in the plan', () => {
  it('a 20-hour worker planned 37.5 hours gets the agreed-hours alert in the preview, the grid and a day change', async () => {
    const [partTime] = await addWorkers(t.database.db, c.companyId, 1, { horasSemanales: 20 });
    const [noHours] = await addWorkers(t.database.db, c.companyId, 1, { horasSemanales: null });
    const short = await createShift(t.app, c.headers, { codigo: 'M75', inicio: '09:00', fin: '17:00', colacion: { tipo: 'minutos', minutos: 30 } });
    const week = [short.id, short.id, short.id, short.id, short.id, 'libre', 'libre'];
    const body = { usuarioIds: [partTime!.id, noHours!.id], desde: '2026-11-02', hasta: '2026-11-08', patron: { tipo: 'semana_fija', dias: week } };
    const preview = (await applyPattern(body, true)).json<ResultadoPatron>();
    const previewAlerts = preview.trabajadores.find((w) => w.usuario.id === partTime!.id)!.alertas;
    expect(previewAlerts).toEqual([
      expect.objectContaining({ codigo: 'jornada_semanal_sobre_pactada', fecha: '2026-11-02', valor: 37.5 * 3600, limite: 20 * 3600, mensaje: expect.stringContaining('20 horas semanales pactadas') }),
    ]);
    // Without agreed hours on record, only the legal limits apply (37.5 h is within 42 h).
    expect(preview.trabajadores.find((w) => w.usuario.id === noHours!.id)!.alertas).toEqual([]);
    expect(preview.resumen.trabajadoresConAlertas).toBe(1);

    expect((await applyPattern({ ...body, conflictos: 'conservar' })).statusCode).toBe(200);
    const november = await grid(`mes=2026-11&usuarioIds=${partTime!.id}`);
    const first = november.filas[0]!.semanas.find((s) => s.inicio === '2026-11-02')!;
    expect(first.horasPlanificadas).toBe('37:30');
    expect(first.alertas.map((a) => a.codigo)).toEqual(['jornada_semanal_sobre_pactada']);
    expect(november.filas[0]!.alertas.map((a) => a.codigo)).toEqual(['jornada_semanal_sobre_pactada']);

    // Resting two days brings the week to 22.5 h: still over; three days, 15 h: the alert goes.
    const day = (fecha: string) => putDay(partTime!.id, fecha, { tipo: 'libre', motivo: 'Ajuste al contrato' });
    expect((await day('2026-11-05')).json().semana.alertas.map((a: { codigo: string }) => a.codigo)).toEqual(['jornada_semanal_sobre_pactada']);
    expect((await day('2026-11-06')).json().semana.alertas.map((a: { codigo: string }) => a.codigo)).toEqual(['jornada_semanal_sobre_pactada']);
    const within = (await day('2026-11-04')).json();
    expect(within.semana).toMatchObject({ horasPlanificadas: '15:00', alertas: [] });
  });
});

describe('two Sundays of rest a month (art. 38 inc. 4)', () => {
  it('alerts an art. 38 worker with fewer than two Sundays off in the month, in the grid by month and by week and in a day change; not a 20-hour one', async () => {
    const [full] = await addWorkers(t.database.db, c.companyId, 1, { exceptuadoDescansoDominical: true });
    const [twenty] = await addWorkers(t.database.db, c.companyId, 1, { exceptuadoDescansoDominical: true, horasSemanales: 20 });
    const [twentyOne] = await addWorkers(t.database.db, c.companyId, 1, { exceptuadoDescansoDominical: true, horasSemanales: 21 });
    const [notExcepted] = await addWorkers(t.database.db, c.companyId, 1);
    const ids = [full!.id, twenty!.id, twentyOne!.id, notExcepted!.id];
    // Tuesday to Sunday, Mondays off: the four Sundays of December 2026 (6, 13, 20, 27) planned as work.
    const week = ['libre', office.id, office.id, office.id, office.id, office.id, office.id];
    const body = { usuarioIds: ids, desde: '2026-12-01', hasta: '2026-12-31', patron: { tipo: 'semana_fija', dias: week }, conflictos: 'conservar' };
    expect((await applyPattern(body)).statusCode).toBe(200);
    const sundayAlerts = (alertas: { codigo: string; fecha: string; valor: number; mensaje: string }[]) =>
      alertas.filter((a) => a.codigo === 'domingos_de_descanso_insuficientes').map((a) => [a.fecha, a.valor]);
    const december = await grid(`mes=2026-12&usuarioIds=${ids.join(',')}`);
    const row = (id: string) => december.filas.find((f) => f.usuario.id === id)!;
    expect(sundayAlerts(row(full!.id).alertas)).toEqual([['2026-12-27', 0]]);
    expect(sundayAlerts(row(twentyOne!.id).alertas)).toEqual([['2026-12-27', 0]]);
    expect(sundayAlerts(row(twenty!.id).alertas)).toEqual([]);
    expect(sundayAlerts(row(notExcepted!.id).alertas)).toEqual([]);
    const lastWeek = row(full!.id).semanas.find((s) => s.inicio === '2026-12-21')!;
    expect(lastWeek.alertas.find((a) => a.codigo === 'domingos_de_descanso_insuficientes')!.mensaje).toBe(
      'Diciembre de 2026: 4 domingos de 4 con turno (06-12-2026, 13-12-2026, 20-12-2026, 27-12-2026); quedan 0 domingos de descanso y la ley exige al menos 2 en cada mes calendario (art. 38 inc. 4).',
    );

    // One Sunday off is not enough; a day change answers its week judged on the whole month.
    const rest = (fecha: string) => putDay(full!.id, fecha, { tipo: 'libre', motivo: 'Descanso dominical' });
    expect((await rest('2026-12-06')).statusCode).toBe(200);
    const unchanged = (await putDay(full!.id, '2026-12-27', { tipo: 'turno', turnoId: office.id })).json();
    expect(unchanged.cambiado).toBe(false);
    expect(sundayAlerts(unchanged.semana.alertas)).toEqual([['2026-12-27', 1]]);
    // A grid of one week shows it too.
    const oneWeek = await grid(`desde=2026-12-21&hasta=2026-12-27&usuarioIds=${full!.id}`);
    expect(sundayAlerts(oneWeek.filas[0]!.alertas)).toEqual([['2026-12-27', 1]]);
    // Exactly two Sundays off: no alert.
    expect((await rest('2026-12-13')).statusCode).toBe(200);
    expect(sundayAlerts((await grid(`mes=2026-12&usuarioIds=${full!.id}`)).filas[0]!.alertas)).toEqual([]);
    expect(sundayAlerts((await grid(`desde=2026-12-21&hasta=2026-12-27&usuarioIds=${full!.id}`)).filas[0]!.alertas)).toEqual([]);
  });
});

describe('commerce in December (art. 24)', () => {
  it('alerts a shift past 23:00 from 10 to 23 December and past 20:00 on 24 December, for commerce only', async () => {
    const shop = await companyWithAdmin(t.app);
    await t.database.db.update(companies).set({ rubro: 'Comercio minorista' }).where(eq(companies.id, shop.companyId));
    const ids: string[] = [];
    for (const company of [shop, c]) {
      const [worker] = await addWorkers(t.database.db, company.companyId, 1);
      const lateShift = await createShift(t.app, company.headers, { codigo: 'TAR', inicio: '14:30', fin: '23:30', colacion: { tipo: 'minutos', minutos: 60 } });
      const eveShift = await createShift(t.app, company.headers, { codigo: 'VIS', inicio: '12:00', fin: '21:00', colacion: { tipo: 'minutos', minutos: 60 } });
      for (const [fecha, turnoId] of [['2026-12-09', lateShift.id], ['2026-12-15', lateShift.id], ['2026-12-24', eveShift.id], ['2026-12-22', eveShift.id]] as const) {
        const response = await putDay(worker!.id, fecha, { tipo: 'turno', turnoId }, company.headers);
        expect(response.statusCode, response.body).toBe(200);
      }
      ids.push(worker!.id);
    }
    const december = (company: TestCompany, id: string) => grid(`mes=2026-12&usuarioIds=${id}`, company.headers);
    const alerts = (await december(shop, ids[0]!)).filas[0]!.alertas.filter((a) => a.codigo === 'turno_despues_de_hora_diciembre');
    expect(alerts.map((a) => [a.fecha, a.valor])).toEqual([
      ['2026-12-15', 1800],
      ['2026-12-24', 3600],
    ]);
    expect(alerts[0]!.mensaje).toBe(
      'Turno 14:30–23:30 del 15-12-2026 con 30 min después de las 23:00: en los días previos a Navidad ningún trabajador del comercio puede trabajar más allá de las 23:00 (art. 24).',
    );
    // The same plan outside commerce: no art. 24 alert.
    expect((await december(c, ids[1]!)).filas[0]!.alertas.filter((a) => a.codigo === 'turno_despues_de_hora_diciembre')).toEqual([]);
  });
});

describe('shift starts across the clock changes (America/Santiago)', () => {
  it('a day change: a start the September change skips is refused; one the April change repeats needs the occurrence', async () => {
    const [worker] = await addWorkers(t.database.db, c.companyId, 1);
    const early = await createShift(t.app, c.headers, { codigo: 'MED', inicio: '00:30', fin: '08:30' });
    const late = await createShift(t.app, c.headers, { codigo: 'TRD', inicio: '23:30', fin: '07:30' });

    // Sunday 2026-09-06: 00:00–00:59 does not exist.
    const gap = await putDay(worker!.id, '2026-09-06', { tipo: 'turno', turnoId: early.id });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().error.fields).toEqual({
      turnoId:
        'El turno MED empieza a las 00:30 del 06-09-2026, hora que no existe en America/Santiago: ese día el reloj salta de las 00:00 a las 01:00 por el cambio de horario. Elige otro turno para ese día.',
    });
    expect((await putDay(worker!.id, '2026-09-07', { tipo: 'turno', turnoId: early.id })).statusCode).toBe(200);

    // Saturday 2027-04-03: 23:00–23:59 happens twice.
    const twice = await putDay(worker!.id, '2027-04-03', { tipo: 'turno', turnoId: late.id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.fields).toEqual({
      ocurrencia:
        'El turno TRD empieza a las 23:30 del 03-04-2027, hora que ocurre dos veces en America/Santiago por el cambio de horario (primero en UTC-3 y luego en UTC-4): indica la ocurrencia «primera» (la planificación ubica el turno la primera vez, en UTC-3).',
    });
    const second = await putDay(worker!.id, '2027-04-03', { tipo: 'turno', turnoId: late.id, ocurrencia: 'segunda' });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.fields.ocurrencia).toMatch(/no puede empezar la segunda/);
    const first = await putDay(worker!.id, '2027-04-03', { tipo: 'turno', turnoId: late.id, ocurrencia: 'primera' });
    expect(first.statusCode, first.body).toBe(200);
    // 23:30 in UTC-3 to 07:30 in UTC-4: nine real hours.
    expect(first.json().dia).toMatchObject({ turnoId: late.id, segundosPlanificados: 9 * 3600 });
    const planned = (await grid(`desde=2027-04-03&hasta=2027-04-03&usuarioIds=${worker!.id}`)).filas[0]!.dias[0]!;
    expect(planned).toMatchObject({ tipo: 'turno', turnoId: late.id });
    // Nothing was written for the refused ones.
    expect((await grid(`desde=2026-09-06&hasta=2026-09-06&usuarioIds=${worker!.id}`)).filas[0]!.dias[0]!.tipo).toBe('sin_planificar');
  });

  it('a pattern: the first day whose start does not exist or repeats names the worker and the date; the occurrence applies', async () => {
    const [worker] = await addWorkers(t.database.db, c.companyId, 1);
    const shifts = (await t.app.inject({ method: 'GET', url: '/api/v1/turnos?pageSize=100', headers: c.headers })).json().items as { id: string; codigo: string }[];
    const early = shifts.find((s) => s.codigo === 'MED')!;
    const late = shifts.find((s) => s.codigo === 'TRD')!;
    const rotation = (turnoId: string, desde: string, hasta: string) => ({ usuarioIds: [worker!.id], desde, hasta, patron: { tipo: 'rotacion', turnoId, diasTrabajo: 7, diasLibres: 0 } });

    const gap = await applyPattern({ ...rotation(early.id, '2026-09-05', '2026-09-07'), conflictos: 'conservar' });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().error.fields.patron).toMatch(/^Persona \d+ Apellido \d+: El turno MED empieza a las 00:30 del 06-09-2026, hora que no existe/);

    const preview = await applyPattern(rotation(late.id, '2027-04-01', '2027-04-05'), true);
    expect(preview.statusCode).toBe(400);
    expect(preview.json().error.fields.ocurrencia).toMatch(/El turno TRD empieza a las 23:30 del 03-04-2027, hora que ocurre dos veces/);
    const applied = await applyPattern({ ...rotation(late.id, '2027-04-01', '2027-04-05'), conflictos: 'conservar', ocurrencia: 'primera' });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ResultadoPatron>().resumen).toMatchObject({ crear: 5 });
  });
});

describe('a closed payroll month', () => {
  const CLOSED = 'El mes de marzo de 2026 está cerrado para remuneraciones: no admite cambios. Un administrador puede reabrirlo indicando el motivo.';

  it('refuses grid edits and patterns touching it as a whole; April stays open', async () => {
    const [worker] = await addWorkers(t.database.db, c.companyId, 1, { groupId: group, inicioContrato: '2026-01-01' });
    const closed = await t.app.inject({ method: 'POST', url: '/api/v1/remuneraciones/202603/cierre', headers: c.headers });
    expect(closed.statusCode, closed.body).toBe(200);
    const days = async () => (await grid(`desde=2026-03-30&hasta=2026-04-02&usuarioIds=${worker!.id}`)).filas[0]!.dias.map((d) => d.tipo);

    const edit = await putDay(worker!.id, '2026-03-31', { tipo: 'turno', turnoId: office.id, motivo: 'Regularización' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(CLOSED);
    // A pattern reaching into March writes none of its April days either.
    const pattern = await applyPattern({ usuarioIds: [worker!.id], desde: '2026-03-30', hasta: '2026-04-02', patron: { tipo: 'rotacion', turnoId: office.id, diasTrabajo: 4, diasLibres: 0 }, conflictos: 'reemplazar', motivo: 'Regularización' });
    expect(pattern.statusCode).toBe(409);
    expect(pattern.json().error.message).toBe(CLOSED);
    expect(await days()).toEqual(['sin_planificar', 'sin_planificar', 'sin_planificar', 'sin_planificar']);

    const april = await putDay(worker!.id, '2026-04-01', { tipo: 'turno', turnoId: office.id, motivo: 'Regularización' });
    expect(april.statusCode, april.body).toBe(200);
    expect(await days()).toEqual(['sin_planificar', 'sin_planificar', 'turno', 'sin_planificar']);

    const reopened = await t.app.inject({ method: 'POST', url: '/api/v1/remuneraciones/202603/reapertura', headers: c.headers, payload: { motivo: 'Faltaba un turno' } });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await putDay(worker!.id, '2026-03-31', { tipo: 'turno', turnoId: office.id, motivo: 'Regularización' })).statusCode).toBe(200);
  });
});
