/**
 * The home's reads (`/api/v1/asistencia/tendencia`, `/api/v1/inicio`), the bell
 * (`/api/v1/notificaciones`) and approved permissions on the planning grid, on a company worked out
 * by hand. Shift D 08:00–17:00 (5 min tolerance), Monday 2026-03-09 to Friday 03-13, Santiago.
 * The clock stands at Tuesday 2026-03-10 11:00 in Santiago (14:00 UTC):
 *   Ana (group Ventas)    Monday: entrada 08:00, no salida (inconsistency); Tuesday entrada 08:00 → presente
 *   Bruno (Ventas)        Monday absent; Tuesday entrada 08:30 → atrasado
 *   Carla (Ventas)        Monday absent; Tuesday nothing yet → sin marcar aún; requests vacation (pending)
 *   Diego (Bodega)        Monday absent; Tuesday approved vacation → con permiso
 * Overtime pacts from 2026-03-01, ending: Diego 03-12 and Ana 03-20 (within 14 days), Carla 03-24
 * (exactly 14 days: still counted), Bruno 03-25 (15 days: not yet).
 */
import { randomUUID } from 'node:crypto';
import type { Inicio, Notificaciones, PlanificacionGrilla, TendenciaAsistencia, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLeaders, groups, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { formatRut } from '@jornada/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, signIn } from '../../test/factories';
import { addPerson, companyWithAdmin, PERSON_PASSWORD, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: Person;
let supervisor: Person;
let bodegaLeader: Person;
let ana: Person;
let bruno: Person;
let carla: Person;
let diego: Person;
let fiscal: Person;
let carlaRequestId: string;
let diegoPermissionId: string;
let other: { admin: { headers: Record<string, string> } };

const NOW = '2026-03-10T14:00:00Z';
const WEEK = ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'];

const api = (method: 'GET' | 'POST', url: string, who: { headers: Record<string, string> }, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = await addPerson(t.app, t.database.db, companyId, 'administrador', { nombre: 'Adela', apellidos: 'Administradora' });
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  const [ventas, bodega] = await t.database.db
    .insert(groups)
    .values([
      { companyId, nombre: 'Ventas' },
      { companyId, nombre: 'Bodega' },
    ])
    .returning({ id: groups.id });
  const siteId = site!.id;
  supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor', { nombre: 'Sofía', apellidos: 'Supervisora' });
  bodegaLeader = await addPerson(t.app, t.database.db, companyId, 'supervisor', { nombre: 'Bruno', apellidos: 'Bodeguero' });
  await t.database.db.insert(groupLeaders).values([
    { companyId, groupId: ventas!.id, userId: supervisor.id },
    { companyId, groupId: bodega!.id, userId: bodegaLeader.id },
  ]);
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: ventas!.id, nombre: 'Ana', apellidos: 'Arancibia' });
  bruno = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: ventas!.id, nombre: 'Bruno', apellidos: 'Bravo' });
  carla = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: ventas!.id, nombre: 'Carla', apellidos: 'Cáceres' });
  diego = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: bodega!.id, nombre: 'Diego', apellidos: 'Díaz' });
  fiscal = await addPerson(t.app, t.database.db, companyId, 'fiscalizador');
  const shift = await api('POST', '/api/v1/turnos', company.admin, {
    nombre: 'Diurno',
    codigo: 'D',
    color: '#228be6',
    inicio: '08:00',
    fin: '17:00',
    colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
    toleranciaAtrasoMin: 5,
    toleranciaSalidaMin: 5,
  });
  expect(shift.statusCode, shift.body).toBe(201);
  const { id: shiftId, version } = shift.json<{ id: string; version: number }>();
  const at = new Date('2026-01-01T00:00:00Z');
  await t.database.db.insert(planningDays).values(
    [ana, bruno, carla, diego].flatMap((person) =>
      WEEK.map((date) => ({ companyId, userId: person.id, date, kind: 'turno' as const, shiftId, shiftVersion: version, firstPlannedAt: at, assignedAt: at, origin: 'manual' as const })),
    ),
  );
  await markAt(ana, 'entrada', '2026-03-09T11:00:00Z');
  await markAt(ana, 'entrada', '2026-03-10T11:00:00Z');
  await markAt(bruno, 'entrada', '2026-03-10T11:30:00Z');
  const types = (await api('GET', '/api/v1/tipos-permiso', admin)).json<{ items: { id: string; codigo: string }[] }>().items;
  const vac = types.find((type) => type.codigo === 'VAC.')!.id;
  // Diego's vacation today, requested earlier and approved by his leader.
  t.clock.set('2026-03-02T12:00:00Z');
  const diegoHeaders = { headers: (await sessionOf(diego)).headers };
  const asked = await api('POST', '/api/v1/permisos/solicitudes', diegoHeaders, { tipoId: vac, desde: '2026-03-10', hasta: '2026-03-10' });
  expect(asked.statusCode, asked.body).toBe(201);
  diegoPermissionId = asked.json<{ id: string }>().id;
  const approved = await api('POST', `/api/v1/permisos/${diegoPermissionId}/aprobar`, { headers: (await sessionOf(bodegaLeader)).headers }, {});
  expect(approved.statusCode, approved.body).toBe(200);
  t.clock.set(NOW);
  // Carla's request for the next week waits for her leader.
  const pending = await api('POST', '/api/v1/permisos/solicitudes', await sessionOf(carla), { tipoId: vac, desde: '2026-03-16', hasta: '2026-03-17' });
  expect(pending.statusCode, pending.body).toBe(201);
  carlaRequestId = pending.json<{ id: string }>().id;
  for (const [person, hasta] of [
    [diego, '2026-03-12'],
    [ana, '2026-03-20'],
    [carla, '2026-03-24'],
    [bruno, '2026-03-25'],
  ] as const) {
    const pact = await api('POST', '/api/v1/pactos-horas-extra', await sessionOf(admin), { usuarioId: person.id, desde: '2026-03-01', hasta, maxMinutosDia: 60 });
    expect(pact.statusCode, pact.body).toBe(201);
  }
  other = await companyWithAdmin(t.app);
});
afterAll(() => t.close());

/** A fresh session at the clock's time (sessions last 2 hours and the setup moves the clock). */
async function sessionOf(person: Person): Promise<{ headers: Record<string, string> }> {
  return { headers: bearer((await signIn(t.app, formatRut(person.rut)!, PERSON_PASSWORD)).tokenSesion) };
}

describe('GET /api/v1/asistencia/tendencia', () => {
  it('counts each day by board status for the administrador; today matches the day board', async () => {
    const response = await api('GET', '/api/v1/asistencia/tendencia?dias=2', await sessionOf(admin));
    expect(response.statusCode, response.body).toBe(200);
    const trend = response.json<TendenciaAsistencia>();
    expect(trend).toMatchObject({ desde: '2026-03-09', hasta: '2026-03-10', inconsistencias: 1 });
    const [monday, tuesday] = trend.dias;
    // The four planned workers, and the four people of the company without a plan (administrators, leaders).
    expect(monday).toMatchObject({ fecha: '2026-03-09', trabajadores: 8, inconsistencias: 1 });
    expect(monday!.conteos).toMatchObject({ incompleto: 1, ausente: 3 });
    expect(tuesday).toMatchObject({ fecha: '2026-03-10', trabajadores: 8, inconsistencias: 0 });
    expect(tuesday!.conteos).toMatchObject({ presente: 1, atrasado: 1, sin_marcar: 1, con_permiso: 1, ausente: 0 });
    const board = (await api('GET', '/api/v1/asistencia/dia?fecha=2026-03-10', await sessionOf(admin))).json<{ conteos: Record<string, number> }>();
    expect(tuesday!.conteos).toEqual(board.conteos);
  });

  it('a supervisor counts the groups they lead; a trabajador only themselves', async () => {
    const mine = (await api('GET', '/api/v1/asistencia/tendencia?dias=2', await sessionOf(supervisor))).json<TendenciaAsistencia>();
    expect(mine.dias.map((d) => d.trabajadores)).toEqual([3, 3]);
    expect(mine.dias[1]!.conteos.con_permiso).toBe(0);
    const own = (await api('GET', '/api/v1/asistencia/tendencia?dias=7', await sessionOf(bruno))).json<TendenciaAsistencia>();
    expect(own.dias).toHaveLength(7);
    expect(own.dias.at(-1)).toMatchObject({ fecha: '2026-03-10', trabajadores: 1 });
    expect(own.dias.at(-1)!.conteos.atrasado).toBe(1);
  });

  it('another company sees none of these workers', async () => {
    const theirs = (await api('GET', '/api/v1/asistencia/tendencia?dias=2', other.admin)).json<TendenciaAsistencia>();
    // Only their own administrator, without a plan.
    expect(theirs.dias.map((d) => d.trabajadores)).toEqual([1, 1]);
    expect(theirs.dias.map((d) => d.conteos.presente + d.conteos.atrasado + d.conteos.ausente + d.conteos.incompleto + d.conteos.con_permiso)).toEqual([0, 0]);
    expect(theirs.inconsistencias).toBe(0);
  });

  it('refuses bad input with a Spanish 400 and a fiscalizador with 403', async () => {
    for (const query of ['dias=0', 'dias=32', 'dias=abc', 'hasta=2026-13-01', 'hasta=%00']) {
      const response = await api('GET', `/api/v1/asistencia/tendencia?${query}`, await sessionOf(admin));
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toMatch(/[a-záéíóú]/i);
    }
    expect((await api('GET', '/api/v1/asistencia/tendencia', fiscal)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/inicio', () => {
  it('the administrador sees today, the week and the requests waiting for a decision', async () => {
    const response = await api('GET', '/api/v1/inicio', await sessionOf(admin));
    expect(response.statusCode, response.body).toBe(200);
    const home = response.json<Inicio>();
    if (home.vista !== 'equipo') throw new Error('vista equipo expected');
    expect(home.fecha).toBe('2026-03-10');
    expect(home.hoy.trabajadores).toBe(8);
    expect(home.hoy.conteos).toMatchObject({ presente: 1, atrasado: 1, ausente: 0, con_permiso: 1, sin_marcar: 1 });
    expect(home.tendencia.dias).toHaveLength(7);
    expect(home.tendencia.inconsistencias).toBe(1);
    expect(home.aprobacionesPendientes).toBe(1);
    expect(home.pactosPorVencer).toEqual({ total: 3, dias: 14 });
    // The same pacts the pacts page lists with the filter the card links to.
    const listed = await api('GET', '/api/v1/pactos-horas-extra?venceEnDias=14', await sessionOf(admin));
    expect(listed.json<{ total: number }>().total).toBe(3);
  });

  it('a supervisor sees their groups: the other leader has nothing to approve', async () => {
    const ventas = (await api('GET', '/api/v1/inicio', await sessionOf(supervisor))).json<Inicio>();
    if (ventas.vista !== 'equipo') throw new Error('vista equipo expected');
    expect(ventas.hoy.trabajadores).toBe(3);
    expect(ventas.aprobacionesPendientes).toBe(1);
    expect(ventas.pactosPorVencer.total).toBe(2);
    const bodega = (await api('GET', '/api/v1/inicio', await sessionOf(bodegaLeader))).json<Inicio>();
    if (bodega.vista !== 'equipo') throw new Error('vista equipo expected');
    expect(bodega.hoy).toMatchObject({ trabajadores: 1 });
    expect(bodega.hoy.conteos.con_permiso).toBe(1);
    expect(bodega.aprobacionesPendientes).toBe(0);
    expect(bodega.pactosPorVencer.total).toBe(1);
  });

  it('a trabajador sees their own day with its marks, their next shift and their pending requests', async () => {
    const anaHome = (await api('GET', '/api/v1/inicio', await sessionOf(ana))).json<Inicio>();
    if (anaHome.vista !== 'personal') throw new Error('vista personal expected');
    expect(anaHome.dia).toMatchObject({ fecha: '2026-03-10', estado: 'presente' });
    expect(anaHome.dia!.marcas.map((m) => [m.tipo, m.hora])).toEqual([['entrada', '08:00:00']]);
    // Today's shift has started: the next one is tomorrow's.
    expect(anaHome.proximoTurno).toMatchObject({ fecha: '2026-03-11', turno: { codigo: 'D', inicio: '08:00', fin: '17:00' } });
    expect(anaHome.solicitudesPendientes.total).toBe(0);
    const carlaHome = (await api('GET', '/api/v1/inicio', await sessionOf(carla))).json<Inicio>();
    if (carlaHome.vista !== 'personal') throw new Error('vista personal expected');
    expect(carlaHome.dia!.estado).toBe('sin_marcar');
    expect(carlaHome.solicitudesPendientes.total).toBe(1);
    expect(carlaHome.solicitudesPendientes.items[0]).toMatchObject({ id: carlaRequestId, estado: 'pendiente', tipo: { codigo: 'VAC.' } });
    expect(carlaHome.permiso).toBeNull();
  });

  it('a worker on an approved whole-day permission is told so, and the next shift skips the days it covers', async () => {
    // Diego is on vacation today: his next shift is tomorrow's.
    const diegoHome = (await api('GET', '/api/v1/inicio', await sessionOf(diego))).json<Inicio>();
    if (diegoHome.vista !== 'personal') throw new Error('vista personal expected');
    expect(diegoHome.permiso).toEqual({ codigo: 'VAC.', nombre: 'Vacaciones', conGoce: true, desde: '2026-03-10', hasta: '2026-03-10', hoy: true });
    expect(diegoHome.proximoTurno?.fecha).toBe('2026-03-11');
    // Bruno gets a paid permission for Wednesday and Thursday: his next shift is Friday's, and the
    // permission is the one his next planned shift fell in. An hour permission on Friday skips nothing.
    const types = (await api('GET', '/api/v1/tipos-permiso', admin)).json<{ items: { id: string; codigo: string }[] }>().items;
    const typeId = (codigo: string) => types.find((type) => type.codigo === codigo)!.id;
    const headers = await sessionOf(admin);
    const days = await api('POST', '/api/v1/permisos', headers, { usuarioId: bruno.id, tipoId: typeId('P.G.R.'), desde: '2026-03-11', hasta: '2026-03-12' });
    expect(days.statusCode, days.body).toBe(201);
    const hours = await api('POST', '/api/v1/permisos', headers, { usuarioId: bruno.id, tipoId: typeId('P.H.'), desde: '2026-03-13', hasta: '2026-03-13', horaInicio: '08:00', horaFin: '10:00' });
    expect(hours.statusCode, hours.body).toBe(201);
    const brunoHome = (await api('GET', '/api/v1/inicio', await sessionOf(bruno))).json<Inicio>();
    if (brunoHome.vista !== 'personal') throw new Error('vista personal expected');
    expect(brunoHome.proximoTurno?.fecha).toBe('2026-03-13');
    expect(brunoHome.permiso).toMatchObject({ codigo: 'P.G.R.', desde: '2026-03-11', hasta: '2026-03-12', hoy: false });
  });

  it('another company’s administrador sees an empty company; a fiscalizador is refused', async () => {
    const theirs = (await api('GET', '/api/v1/inicio', other.admin)).json<Inicio>();
    if (theirs.vista !== 'equipo') throw new Error('vista equipo expected');
    expect(theirs.hoy.trabajadores).toBe(1);
    expect(theirs.hoy.conteos).toMatchObject({ presente: 0, atrasado: 0, ausente: 0, con_permiso: 0, sin_marcar: 0 });
    expect(theirs.tendencia.inconsistencias).toBe(0);
    expect(theirs.aprobacionesPendientes).toBe(0);
    expect(theirs.pactosPorVencer).toEqual({ total: 0, dias: 14 });
    expect((await api('GET', '/api/v1/inicio', fiscal)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/inicio' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/notificaciones', () => {
  it('the leader sees the request to approve as new until they open the bell', async () => {
    const headers = await sessionOf(supervisor);
    const before = (await api('GET', '/api/v1/notificaciones', headers)).json<Notificaciones>();
    expect(before.vistoEn).toBeNull();
    expect(before.items).toEqual([
      expect.objectContaining({ tipo: 'permiso_por_aprobar', referenciaId: carlaRequestId, nueva: true, titulo: 'Carla Cáceres solicita vacaciones', detalle: 'VAC. del 16-03-2026 al 17-03-2026' }),
    ]);
    expect(before).toMatchObject({ noVistas: 1, total: 1 });
    const seen = await api('POST', '/api/v1/notificaciones/vistas', headers);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ vistoEn: '2026-03-10T14:00:00.000Z' });
    const after = (await api('GET', '/api/v1/notificaciones', headers)).json<Notificaciones>();
    expect(after).toMatchObject({ noVistas: 0, total: 1, vistoEn: '2026-03-10T14:00:00.000Z' });
    expect(after.items[0]!.nueva).toBe(false);
  });

  it('the other group’s leader, the worker and another company do not see it', async () => {
    const bodega = (await api('GET', '/api/v1/notificaciones', await sessionOf(bodegaLeader))).json<Notificaciones>();
    expect(bodega.items.filter((item) => item.tipo === 'permiso_por_aprobar')).toEqual([]);
    const own = (await api('GET', '/api/v1/notificaciones', await sessionOf(carla))).json<Notificaciones>();
    expect(own.items).toEqual([]);
    const theirs = (await api('GET', '/api/v1/notificaciones', other.admin)).json<Notificaciones>();
    expect(theirs).toMatchObject({ items: [], noVistas: 0, total: 0 });
    expect((await api('GET', '/api/v1/notificaciones', fiscal)).statusCode).toBe(403);
    expect((await api('POST', '/api/v1/notificaciones/vistas', fiscal)).statusCode).toBe(403);
  });

  it('a worker is told of their answered request and of a correction to review within 48 hours', async () => {
    const diegoBell = (await api('GET', '/api/v1/notificaciones', await sessionOf(diego))).json<Notificaciones>();
    expect(diegoBell.items).toEqual([
      expect.objectContaining({ tipo: 'permiso_aprobado', referenciaId: diegoPermissionId, titulo: 'Tu solicitud de vacaciones fue aprobada', nueva: true }),
    ]);
    const proposed = await api('POST', '/api/v1/correcciones', await sessionOf(admin), {
      usuarioId: ana.id,
      tipo: 'salida',
      fecha: '2026-03-09',
      hora: '17:00',
      motivo: 'Olvidó marcar la salida.',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const anaBell = (await api('GET', '/api/v1/notificaciones', await sessionOf(ana))).json<Notificaciones>();
    expect(anaBell.items).toEqual([expect.objectContaining({ tipo: 'correccion_por_revisar', referenciaId: proposed.json().id, plazo: '2026-03-12T14:00:00.000Z', nueva: true })]);
    expect(anaBell.items[0]!.detalle).toBe('Salida el 09-03-2026 a las 17:00, propuesta por Adela Administradora');
    // Past its deadline it is no longer the worker's to review.
    t.clock.set('2026-03-12T15:00:00Z');
    const later = (await api('GET', '/api/v1/notificaciones', await sessionOf(ana))).json<Notificaciones>();
    expect(later.items.filter((item) => item.tipo === 'correccion_por_revisar')).toEqual([]);
    // Two weeks after the decision, the answered request leaves the bell.
    t.clock.set('2026-03-17T12:00:01Z');
    const gone = (await api('GET', '/api/v1/notificaciones', await sessionOf(diego))).json<Notificaciones>();
    expect(gone.items).toEqual([]);
    t.clock.set(NOW);
  });
});

describe('approved permissions on the planning grid', () => {
  it('the grid shows the permission’s code on the days it covers, not on pending requests', async () => {
    const response = await api('GET', '/api/v1/planificaciones?desde=2026-03-09&hasta=2026-03-17', await sessionOf(admin));
    expect(response.statusCode, response.body).toBe(200);
    const grid = response.json<PlanificacionGrilla>();
    const row = (id: string) => grid.filas.find((fila) => fila.usuario.id === id)!;
    const permits = (id: string) => row(id).dias.filter((dia) => dia.permiso).map((dia) => [dia.fecha, dia.permiso!.codigo, dia.permiso!.porHoras]);
    expect(permits(diego.id)).toEqual([['2026-03-10', 'VAC.', false]]);
    expect(row(diego.id).dias.find((dia) => dia.fecha === '2026-03-10')).toMatchObject({ tipo: 'turno', turno: { codigo: 'D' } });
    expect(permits(carla.id)).toEqual([]);
    const own = (await api('GET', '/api/v1/planificaciones?mes=2026-03', await sessionOf(diego))).json<PlanificacionGrilla>();
    expect(own.filas.map((fila) => fila.usuario.id)).toEqual([diego.id]);
    expect(own.filas[0]!.dias.filter((dia) => dia.permiso).map((dia) => dia.fecha)).toEqual(['2026-03-10']);
  });
});
