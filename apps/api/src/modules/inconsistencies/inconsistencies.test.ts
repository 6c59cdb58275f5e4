/**
 * `/api/v1/inconsistencias`: the engine's stored inconsistencies listed, filtered and counted by
 * scope; dismissed and reopened (logged); resolved through the corrections flow, including a changed
 * time of an existing mark that supersedes it after 48 hours without objection (America/Santiago, RM;
 * March 2026 is UTC-3). Shift D: 08:00–17:00, fixed colación 13:00–14:00.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatRut } from '@jornada/domain';
import type { DiaInconsistenciaResponse, InconsistenciasResponse, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLeaders, groups, marks, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, signIn } from '../../test/factories';
import { addPerson, companyWithAdmin, PERSON_PASSWORD, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let adminPerson: Person;
let supervisor: Person;
let groupA: string;
let groupB: string;
/** Group A: a missing exit (2026-03-02) and a colación end marked after the exit (2026-03-04). */
let ana: Person;
/** Group B: marks on a day without planning (2026-03-03), out of the supervisor's reach. */
let diego: Person;
let otherAdmin: Person;

const NOW = '2026-03-20T15:00:00.000Z';
const PERIOD = 'desde=2026-03-01&hasta=2026-03-31';

const headersOf = async (p: Person) => bearer((await signIn(t.app, formatRut(p.rut)!, PERSON_PASSWORD)).tokenSesion);
const get = async (url: string, p: Person) => t.app.inject({ method: 'GET', url, headers: await headersOf(p) });
const post = async (url: string, p: Person, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: await headersOf(p), payload });

async function list(p: Person, query = ''): Promise<InconsistenciasResponse> {
  const response = await get(`/api/v1/inconsistencias?${query.includes('desde=') ? query.slice(1) : `${PERIOD}${query}`}`, p);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function day(p: Person, userId: string, fecha: string): Promise<DiaInconsistenciaResponse> {
  const response = await get(`/api/v1/inconsistencias/dia?usuarioId=${userId}&fecha=${fecha}`, p);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const keys = (r: InconsistenciasResponse) => r.items.map((i) => `${i.nombre} ${i.fecha} ${i.codigo} ${i.estado}`);

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() =>
    t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }),
  );
  expect(result.status, JSON.stringify(result)).toBe('recorded');
  return (result as { marca: { id: string } }).marca.id;
}

async function plan(userId: string, date: string, shift: { id: string; version: number }) {
  const at = new Date('2026-01-01T00:00:00Z');
  await t.database.db
    .insert(planningDays)
    .values({ companyId, userId, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: at, assignedAt: at, origin: 'manual' });
}

let lateColacionEnd: string;
let shiftD: { id: string; version: number };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  adminPerson = await addPerson(t.app, t.database.db, companyId, 'administrador', { nombre: 'Adela', apellidos: 'Administradora' });
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  const [ga, gb] = await t.database.db
    .insert(groups)
    .values([
      { companyId, nombre: 'Ventas' },
      { companyId, nombre: 'Bodega' },
    ])
    .returning({ id: groups.id });
  groupA = ga!.id;
  groupB = gb!.id;
  supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor', { siteId: site!.id, nombre: 'Sofía', apellidos: 'Supervisora' });
  await t.database.db.insert(groupLeaders).values({ companyId, groupId: groupA, userId: supervisor.id });
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId: groupA, nombre: 'Ana', apellidos: 'Arancibia' });
  diego = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId: groupB, nombre: 'Diego', apellidos: 'Díaz' });
  const shiftResponse = await t.app.inject({
    method: 'POST',
    url: '/api/v1/turnos',
    headers: company.admin.headers,
    payload: { nombre: 'Turno D', codigo: 'D', color: '#228be6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 },
  });
  expect(shiftResponse.statusCode, shiftResponse.body).toBe(201);
  shiftD = shiftResponse.json<{ id: string; version: number }>();
  const other = await companyWithAdmin(t.app);
  otherAdmin = await addPerson(t.app, t.database.db, other.companyId, 'administrador');

  for (const date of ['2026-03-02', '2026-03-03', '2026-03-04']) await plan(ana.id, date, shiftD);
  await markAt(ana, 'entrada', '2026-03-02T11:00:00Z'); // 08:00, never marked out
  await markAt(ana, 'entrada', '2026-03-03T11:00:00Z'); // a whole day
  await markAt(ana, 'salida', '2026-03-03T20:00:00Z');
  await markAt(ana, 'entrada', '2026-03-04T11:00:00Z'); // 08:00
  await markAt(ana, 'inicio_colacion', '2026-03-04T16:00:00Z'); // 13:00
  await markAt(ana, 'salida', '2026-03-04T20:00:00Z'); // 17:00
  lateColacionEnd = await markAt(ana, 'fin_colacion', '2026-03-04T20:30:00Z'); // 17:30: pressed after leaving, meant 14:00
  await markAt(diego, 'entrada', '2026-03-03T12:00:00Z'); // nothing planned
  await markAt(diego, 'salida', '2026-03-03T13:00:00Z');
}, 120_000);
afterAll(() => t.close());

describe('the list', () => {
  it('shows every inconsistency of closed days by worker, date and kind, with the plan, the marks and the counts', async () => {
    t.clock.set(NOW);
    const all = await list(adminPerson);
    expect(keys(all)).toEqual(
      expect.arrayContaining(['Ana 2026-03-02 entrada_sin_salida abierta', 'Diego 2026-03-03 marca_en_dia_libre abierta']),
    );
    const missingExit = all.items.find((i) => i.fecha === '2026-03-02')!;
    expect(missingExit).toMatchObject({
      usuarioId: ana.id,
      grupo: { id: groupA, nombre: 'Ventas' },
      sede: { nombre: 'Casa Matriz' },
      etiqueta: 'Entrada sin salida',
      plan: 'Turno 08:00–17:00',
      estadoDia: 'incompleto',
      marcas: [{ tipo: 'entrada', hora: '08:00:00' }],
      descarte: null,
    });
    expect(all.items.some((i) => i.nombre === 'Ana' && i.fecha === '2026-03-04')).toBe(true);
    expect(all.total).toBe(all.items.length);
    expect(all.conteos.entrada_sin_salida).toBe(1);
    expect(all.conteos.marca_en_dia_libre).toBe(1);
    expect(all.conteosEstado).toEqual({ abierta: all.total, en_correccion: 0, descartada: 0 });
    // Newest day first.
    expect(all.items.map((i) => i.fecha)).toEqual([...all.items.map((i) => i.fecha)].sort().reverse());

    const byKind = await list(adminPerson, '&codigo=marca_en_dia_libre');
    expect(keys(byKind)).toEqual(['Diego 2026-03-03 marca_en_dia_libre abierta']);
    // The counts by kind ignore the kind filter (the chips keep every number).
    expect(byKind.conteos).toEqual(all.conteos);
    expect(keys(await list(adminPerson, `&grupoId=${groupB}`))).toEqual(['Diego 2026-03-03 marca_en_dia_libre abierta']);
    expect((await list(adminPerson, `&usuarioId=${ana.id}`)).items.every((i) => i.usuarioId === ana.id)).toBe(true);
    expect(keys(await list(adminPerson, '&q=d%C3%ADaz'))).toEqual(['Diego 2026-03-03 marca_en_dia_libre abierta']);
    const page = await list(adminPerson, '&pageSize=1&page=2');
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(all.total);
    expect(page.items[0]).toEqual(all.items[1]);
  });

  it('lists a day only once it is closed: a shift still running today has no missing exit yet', async () => {
    t.clock.set('2026-03-09T14:00:00Z'); // Monday 11:00
    await plan(ana.id, '2026-03-09', shiftD);
    await markAt(ana, 'entrada', '2026-03-09T11:00:00Z');
    expect((await list(adminPerson, '&desde=2026-03-09&hasta=2026-03-09')).total).toBe(0);
    t.clock.set('2026-03-09T21:00:00Z'); // 18:00: the shift ended without an exit
    expect(keys(await list(adminPerson, '&desde=2026-03-09&hasta=2026-03-09'))).toEqual(['Ana 2026-03-09 entrada_sin_salida abierta']);
  });

  it('gives a supervisor the groups they lead only, and nothing to a trabajador or another company', async () => {
    t.clock.set(NOW);
    const own = await list(supervisor);
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((i) => i.usuarioId === ana.id)).toBe(true);
    expect((await get(`/api/v1/inconsistencias?${PERIOD}&grupoId=${groupB}`, supervisor)).statusCode).toBe(404);
    expect((await get(`/api/v1/inconsistencias?${PERIOD}&usuarioId=${diego.id}`, supervisor)).statusCode).toBe(404);
    expect((await get(`/api/v1/inconsistencias/dia?usuarioId=${diego.id}&fecha=2026-03-03`, supervisor)).statusCode).toBe(404);
    expect((await get(`/api/v1/inconsistencias?${PERIOD}`, ana)).statusCode).toBe(403);
    // Another company's ids are unknown.
    expect((await get(`/api/v1/inconsistencias?${PERIOD}&usuarioId=${ana.id}`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/inconsistencias/dia?usuarioId=${ana.id}&fecha=2026-03-02`, otherAdmin)).statusCode).toBe(404);
    expect((await get(`/api/v1/inconsistencias?${PERIOD}&grupoId=${groupA}`, otherAdmin)).statusCode).toBe(404);
    expect((await get('/api/v1/inconsistencias', otherAdmin)).json<InconsistenciasResponse>().total).toBe(0);
  });

  it('refuses bad input in Spanish', async () => {
    t.clock.set(NOW);
    for (const query of ['desde=2026-02-30', 'codigo=olvido', 'estado=cerrada', 'pageSize=100000', 'page=abc', 'desde=2026-03-10&hasta=2026-03-01', 'desde=2024-01-01&hasta=2026-01-01']) {
      const response = await get(`/api/v1/inconsistencias?${query}`, adminPerson);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toMatch(/[a-záéíóúñ]/);
    }
    expect((await get(`/api/v1/inconsistencias?usuarioId=no-es-un-id`, adminPerson)).statusCode).toBe(404);
    expect((await get(`/api/v1/inconsistencias/dia?usuarioId=${ana.id}&fecha=2026-13-01`, adminPerson)).statusCode).toBe(400);
    const nul = await post('/api/v1/inconsistencias/descartes', adminPerson, { usuarioId: ana.id, fecha: '2026-03-02', codigo: 'entrada_sin_salida', motivo: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    const huge = await post('/api/v1/inconsistencias/descartes', adminPerson, { usuarioId: ana.id, fecha: '2026-03-02', codigo: 'entrada_sin_salida', motivo: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(400);
    const wrongType = await post('/api/v1/inconsistencias/descartes', adminPerson, { usuarioId: 42, fecha: true, codigo: [], motivo: {} });
    expect(wrongType.statusCode).toBe(400);
  });

  it('exports the filter as Excel and CSV, text guarded against formulas', async () => {
    t.clock.set(NOW);
    const xlsx = await get(`/api/v1/inconsistencias/exportar?${PERIOD}`, adminPerson);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('inconsistencias_2026-03-01_2026-03-31.xlsx');
    const csv = await get(`/api/v1/inconsistencias/exportar?${PERIOD}&formato=csv&codigo=entrada_sin_salida`, adminPerson);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Fecha;Trabajador;RUT;Grupo;Sede;Tipo;Estado;Planificación;Marcas;Motivo del descarte');
    expect(lines.slice(1).some((l) => l.startsWith('02-03-2026;Ana Arancibia;') && l.includes('Entrada sin salida;Abierta'))).toBe(true);
    expect((await get(`/api/v1/inconsistencias/exportar?${PERIOD}`, ana)).statusCode).toBe(403);
  });
});

describe('the day', () => {
  it("shows the day's plan, marks and the engine's explanation", async () => {
    t.clock.set(NOW);
    const d = await day(adminPerson, ana.id, '2026-03-02');
    expect(d.trabajador).toMatchObject({ id: ana.id, nombre: 'Ana', grupo: { nombre: 'Ventas' } });
    expect(d.dia.plan).toBe('turno');
    expect(d.dia.marcas.map((m) => `${m.tipo} ${m.hora}`)).toEqual(['entrada 08:00:00']);
    expect(d.dia.explicacion.join('\n')).toContain('Inconsistencia: Entrada sin salida.');
    expect(d.inconsistencias).toEqual([expect.objectContaining({ codigo: 'entrada_sin_salida', estado: 'abierta', descartes: [] })]);
  });
});

describe('dismissing', () => {
  it('dismisses with a reason (who and when), counts it apart, and reopens it keeping the log', async () => {
    t.clock.set(NOW);
    const dismissed = await post('/api/v1/inconsistencias/descartes', supervisor, { usuarioId: ana.id, fecha: '2026-03-03', codigo: 'entrada_sin_salida', motivo: 'x' });
    // Ana's Tuesday has no inconsistency: nothing to dismiss.
    expect(dismissed.statusCode).toBe(400);

    const ok = await post('/api/v1/inconsistencias/descartes', adminPerson, { usuarioId: diego.id, fecha: '2026-03-03', codigo: 'marca_en_dia_libre', motivo: 'Cubrió un turno acordado por teléfono.' });
    expect(ok.statusCode, ok.body).toBe(201);
    const after = ok.json<DiaInconsistenciaResponse>();
    const [entry] = after.inconsistencias;
    expect(entry).toMatchObject({ codigo: 'marca_en_dia_libre', estado: 'descartada' });
    expect(entry!.descartes).toEqual([
      { id: expect.any(String), motivo: 'Cubrió un turno acordado por teléfono.', por: { id: adminPerson.id, nombre: 'Adela Administradora' }, en: NOW, reabiertoPor: null, reabiertoEn: null },
    ]);
    const again = await post('/api/v1/inconsistencias/descartes', adminPerson, { usuarioId: diego.id, fecha: '2026-03-03', codigo: 'marca_en_dia_libre', motivo: 'otra vez' });
    expect(again.statusCode).toBe(409);

    const open = await list(adminPerson, '&estado=abierta');
    expect(keys(open)).not.toContain('Diego 2026-03-03 marca_en_dia_libre abierta');
    const gone = await list(adminPerson, '&estado=descartada');
    expect(keys(gone)).toEqual(['Diego 2026-03-03 marca_en_dia_libre descartada']);
    expect(gone.items[0]!.descarte).toMatchObject({ motivo: 'Cubrió un turno acordado por teléfono.' });
    expect(gone.conteosEstado.descartada).toBe(1);

    // The supervisor does not lead Diego's group: the dismissal does not exist for them.
    const id = entry!.descartes[0]!.id;
    expect((await post(`/api/v1/inconsistencias/descartes/${id}/reabrir`, supervisor, {})).statusCode).toBe(404);
    expect((await post(`/api/v1/inconsistencias/descartes/${id}/reabrir`, otherAdmin, {})).statusCode).toBe(404);
    t.clock.set('2026-03-20T16:00:00.000Z');
    const reopened = await post(`/api/v1/inconsistencias/descartes/${id}/reabrir`, adminPerson, {});
    expect(reopened.statusCode, reopened.body).toBe(200);
    const log = reopened.json<DiaInconsistenciaResponse>().inconsistencias[0]!;
    expect(log.estado).toBe('abierta');
    expect(log.descartes[0]).toMatchObject({ reabiertoPor: { id: adminPerson.id }, reabiertoEn: '2026-03-20T16:00:00.000Z' });
    expect((await post(`/api/v1/inconsistencias/descartes/${id}/reabrir`, adminPerson, {})).statusCode).toBe(409);
    expect(keys(await list(adminPerson, '&codigo=marca_en_dia_libre'))).toEqual(['Diego 2026-03-03 marca_en_dia_libre abierta']);
  });
});

describe('resolving through the corrections flow', () => {
  it('a missing exit proposed from the row is in correction until the worker objects; then the original stands', async () => {
    t.clock.set(NOW);
    const proposed = await post('/api/v1/correcciones', supervisor, { usuarioId: ana.id, tipo: 'salida', fecha: '2026-03-02', hora: '17:00', motivo: 'Olvidó marcar la salida.' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const correction = proposed.json();
    expect(correction.original).toMatchObject({ descripcion: 'Sin marca', marca: null });
    expect(keys(await list(adminPerson, `&usuarioId=${ana.id}&desde=2026-03-02&hasta=2026-03-02`))).toEqual(['Ana 2026-03-02 entrada_sin_salida en_correccion']);
    expect((await day(adminPerson, ana.id, '2026-03-02')).correccionesPendientes).toEqual([correction.id]);

    const objected = await post(`/api/v1/correcciones/${correction.id}/objetar`, ana, { objecion: 'Salí a las 18:00.' });
    expect(objected.statusCode, objected.body).toBe(200);
    t.clock.set('2026-03-23T15:00:00.000Z');
    await t.app.jobs.drain();
    expect(keys(await list(adminPerson, `&usuarioId=${ana.id}&desde=2026-03-02&hasta=2026-03-02`))).toEqual(['Ana 2026-03-02 entrada_sin_salida abierta']);
    const stored = await t.database.db.select().from(marks).where(and(eq(marks.userId, ana.id), eq(marks.method, 'correccion')));
    expect(stored).toHaveLength(0);
  });

  it("changes an existing mark's time: refused when it would harm the worker; after 48 hours the new mark supersedes the old one and the day is re-evaluated", async () => {
    t.clock.set(NOW);
    const before = await day(adminPerson, ana.id, '2026-03-04');
    expect(before.inconsistencias.length).toBeGreaterThan(0);
    expect(before.dia.marcas.map((m) => m.id)).toContain(lateColacionEnd);

    // Ending the colación later would take worked time away: refused.
    const salidaId = before.dia.marcas.find((m) => m.tipo === 'salida')!.id;
    const harmful = await post('/api/v1/correcciones', adminPerson, { marcaId: salidaId, fecha: '2026-03-04', hora: '16:00', motivo: 'Se fue antes.' });
    expect(harmful.statusCode).toBe(400);
    expect(harmful.json().error.fields.hora).toContain('no puede perjudicar al trabajador');
    const otherKind = await post('/api/v1/correcciones', adminPerson, { marcaId: lateColacionEnd, tipo: 'salida', fecha: '2026-03-04', hora: '14:00', motivo: 'x' });
    expect(otherKind.statusCode).toBe(400);
    const foreign = await post('/api/v1/correcciones', otherAdmin, { marcaId: lateColacionEnd, fecha: '2026-03-04', hora: '14:00', motivo: 'x' });
    expect(foreign.statusCode).toBe(404);
    const missingTime = await post('/api/v1/correcciones', adminPerson, { marcaId: lateColacionEnd, motivo: 'x' });
    expect(missingTime.statusCode).toBe(400);

    const proposed = await post('/api/v1/correcciones', adminPerson, { marcaId: lateColacionEnd, fecha: '2026-03-04', hora: '14:00', motivo: 'Marcó el fin de colación al salir; volvió a las 14:00.' });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const correction = proposed.json();
    expect(correction).toMatchObject({ tipo: 'fin_colacion', fecha: '2026-03-04', hora: '14:00:00', original: { marca: { id: lateColacionEnd, tipo: 'fin_colacion' } } });
    expect(correction.original.descripcion).toBe('Marca registrada: Fin de colación el 04-03-2026 a las 17:30:00');
    const twice = await post('/api/v1/correcciones', adminPerson, { marcaId: lateColacionEnd, fecha: '2026-03-04', hora: '13:59', motivo: 'otra' });
    expect(twice.statusCode).toBe(409);
    await t.app.jobs.drain();
    const mail = t.mailer.sent.find((m) => m.text.includes('volvió a las 14:00'));
    expect(mail?.text).toContain('Valor original: Marca registrada: Fin de colación el 04-03-2026 a las 17:30:00');
    expect(mail?.text).toContain('Valor nuevo: Fin de colación el 04-03-2026 a las 14:00:00');
    expect((await day(adminPerson, ana.id, '2026-03-04')).inconsistencias.every((i) => i.estado === 'en_correccion')).toBe(true);

    // 48 hours later without objection: consolidated.
    t.clock.set('2026-03-22T15:00:01.000Z');
    await t.app.jobs.drain();
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/correcciones/${correction.id}`, headers: await headersOf(adminPerson) });
    expect(after.json()).toMatchObject({ estado: 'consolidada', marcaId: expect.any(String) });
    const [consolidated] = await t.database.db.select().from(marks).where(and(eq(marks.userId, ana.id), eq(marks.method, 'correccion')));
    expect(consolidated).toMatchObject({ kind: 'fin_colacion', correctsMarkId: lateColacionEnd });
    // The original is never deleted, only superseded: the day now reads 08:00, 13:00–14:00, 17:00.
    expect(await t.database.db.select({ id: marks.id }).from(marks).where(eq(marks.id, lateColacionEnd))).toHaveLength(1);
    const reevaluated = await day(adminPerson, ana.id, '2026-03-04');
    expect(reevaluated.dia.marcas.map((m) => `${m.tipo} ${m.hora}`)).toEqual(['entrada 08:00:00', 'inicio_colacion 13:00:00', 'fin_colacion 14:00:00', 'salida 17:00:00']);
    expect(reevaluated.inconsistencias).toEqual([]);
    expect(reevaluated.dia.segundos.trabajado).toBe(8 * 3600);
    expect(keys(await list(adminPerson, `&usuarioId=${ana.id}&desde=2026-03-04&hasta=2026-03-04`))).toEqual([]);
    // A superseded mark cannot be corrected again.
    const superseded = await post('/api/v1/correcciones', adminPerson, { marcaId: lateColacionEnd, fecha: '2026-03-04', hora: '13:50', motivo: 'otra' });
    expect(superseded.statusCode).toBe(409);
  });
});
