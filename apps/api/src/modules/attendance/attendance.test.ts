/**
 * The attendance reads on workers whose days were worked out by hand (America/Santiago, RM):
 * shift D 08:00–17:00 with a fixed colación 13:00–14:00 and 5 minutes of tolerance (8 h planned);
 * shift N 22:00–06:00 without colación (8 h on the clock, 9 h or 7 h on the DST nights).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatRut } from '@jornada/domain';
import type { TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDays, groupLeaders, groups, markChainHeads, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, signIn } from '../../test/factories';
import { addPerson, companyWithAdmin, PERSON_PASSWORD, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let siteId: string;
let adminPerson: Person;
let groupA: string;
let groupB: string;
let supervisor: Person;
/** Punctual, late made up, absent, overtime (week of 2026-03-02). */
let ana: Person;
/** Night shifts: across midnight (2026-03-02) and across the September DST change (2026-09-05). */
let bruno: Person;
/** A holiday (2026-05-01) and the day board (2026-03-10). */
let carla: Person;
/** Another group: out of the supervisor's reach. */
let diego: Person;
let shiftD: { id: string; version: number };
let shiftN: { id: string; version: number };
let otherAdmin: Person;

const HOUR = 3600;

async function headersOf(rut: string): Promise<Record<string, string>> {
  return bearer((await signIn(t.app, formatRut(rut)!, PERSON_PASSWORD)).tokenSesion);
}
const admin = () => headersOf(adminPerson.rut);

async function createShift(headers: Record<string, string>, body: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/turnos', headers, payload: { nombre: `Turno ${String(body.codigo)}`, color: '#228be6', confirmarAdvertencias: true, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; version: number }>();
}

async function plan(userId: string, date: string, shift: { id: string; version: number } | null) {
  const now = new Date('2026-01-01T00:00:00Z');
  await t.database.db
    .insert(planningDays)
    .values({
      companyId,
      userId,
      date,
      kind: shift ? 'turno' : 'libre',
      shiftId: shift?.id ?? null,
      shiftVersion: shift?.version ?? null,
      firstPlannedAt: now,
      assignedAt: now,
      origin: 'manual',
    })
    .onConflictDoUpdate({
      target: [planningDays.companyId, planningDays.userId, planningDays.date],
      set: { kind: shift ? 'turno' : 'libre', shiftId: shift?.id ?? null, shiftVersion: shift?.version ?? null },
    });
}

/** A web mark taken at `at` (UTC ISO), through the marks module as the marking page does. */
async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() =>
    t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }),
  );
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}

beforeAll(async () => {
  t = await createTestApp();
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  adminPerson = await addPerson(t.app, t.database.db, companyId, 'administrador', { nombre: 'Adela', apellidos: 'Administradora' });
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  siteId = site!.id;
  const [ga, gb] = await t.database.db
    .insert(groups)
    .values([
      { companyId, nombre: 'Ventas' },
      { companyId, nombre: 'Bodega' },
    ])
    .returning({ id: groups.id });
  groupA = ga!.id;
  groupB = gb!.id;
  supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor', { siteId, nombre: 'Sofía', apellidos: 'Supervisora' });
  await t.database.db.insert(groupLeaders).values({ companyId, groupId: groupA, userId: supervisor.id });
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: groupA, nombre: 'Ana', apellidos: 'Arancibia', cargo: 'Vendedora' });
  bruno = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: groupA, nombre: 'Bruno', apellidos: 'Bravo', cargo: 'Guardia' });
  carla = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: groupA, nombre: 'Carla', apellidos: 'Cáceres', cargo: 'Vendedora' });
  diego = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: groupB, nombre: 'Diego', apellidos: 'Díaz', cargo: 'Bodeguero' });
  shiftD = await createShift(company.admin.headers, {
    codigo: 'D',
    inicio: '08:00',
    fin: '17:00',
    colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
    toleranciaAtrasoMin: 5,
    toleranciaSalidaMin: 5,
  });
  shiftN = await createShift(company.admin.headers, { codigo: 'N', inicio: '22:00', fin: '06:00', colacion: { tipo: 'minutos', minutos: 0 } });
  const otherCompany = await companyWithAdmin(t.app);
  otherAdmin = await addPerson(t.app, t.database.db, otherCompany.companyId, 'administrador');

  // Ana, week of Monday 2026-03-02 (UTC-3): Mon–Fri shift D, weekend rest.
  for (const date of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']) await plan(ana.id, date, shiftD);
  for (const date of ['2026-03-07', '2026-03-08']) await plan(ana.id, date, null);
  await markAt(ana, 'entrada', '2026-03-02T10:55:00Z'); // 07:55, early: work counts from 08:00
  await markAt(ana, 'salida', '2026-03-02T20:00:00Z'); // 17:00
  await markAt(ana, 'entrada', '2026-03-03T11:20:00Z'); // 08:20: 20 min late
  await markAt(ana, 'salida', '2026-03-03T20:00:00Z'); // 17:00
  await markAt(ana, 'entrada', '2026-03-04T11:00:00Z'); // 08:00
  await markAt(ana, 'salida', '2026-03-04T20:20:00Z'); // 17:20: makes up Tuesday's 20 min
  // Thursday 2026-03-05: absent.
  await markAt(ana, 'entrada', '2026-03-06T11:00:00Z'); // 08:00
  await markAt(ana, 'salida', '2026-03-06T22:00:00Z'); // 19:00: 2 h overtime

  // Bruno: night shift Monday 2026-03-02 22:00 → Tuesday 06:00; Saturday 2026-09-05 22:00 → Sunday 06:00 (clocks jump 00:00 → 01:00).
  await plan(bruno.id, '2026-03-02', shiftN);
  await plan(bruno.id, '2026-03-03', null);
  await markAt(bruno, 'entrada', '2026-03-03T01:00:00Z'); // Monday 22:00
  await markAt(bruno, 'salida', '2026-03-03T09:00:00Z'); // Tuesday 06:00
  await plan(bruno.id, '2026-09-05', shiftN);
  await markAt(bruno, 'entrada', '2026-09-06T02:00:00Z'); // Saturday 22:00 (UTC-4)
  await markAt(bruno, 'salida', '2026-09-06T09:00:00Z'); // Sunday 06:00 (UTC-3)

  // Carla: shift D on Friday 2026-05-01 (Día del Trabajo), no marks.
  await plan(carla.id, '2026-05-01', shiftD);
  // The day board of Tuesday 2026-03-10: Ana on time, Carla late, Diego not yet marked, Bruno resting.
  await plan(ana.id, '2026-03-10', shiftD);
  await plan(carla.id, '2026-03-10', shiftD);
  await plan(diego.id, '2026-03-10', shiftD);
  await plan(bruno.id, '2026-03-10', null);
  await markAt(ana, 'entrada', '2026-03-10T10:58:00Z'); // 07:58
  await markAt(carla, 'entrada', '2026-03-10T11:30:00Z'); // 08:30
}, 120_000);
afterAll(() => t.close());

describe("a worker's period", () => {
  it('gives each day and the week exactly as worked out by hand', async () => {
    t.clock.set('2026-03-20T15:00:00Z');
    const response = await get(`/api/v1/asistencia/trabajadores/${ana.id}?desde=2026-03-02&hasta=2026-03-08`, await admin());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const day = (fecha: string) => body.dias.find((d: { fecha: string }) => d.fecha === fecha);
    expect(body.dias).toHaveLength(7);
    expect(body.hastaCerrado).toBe('2026-03-08');

    // Monday: early arrival does not count; 9 h on site less the 1 h colación = 8 h.
    expect(day('2026-03-02')).toMatchObject({ estadoDia: 'presente', estado: 'presente', horaEntrada: '07:55', horaSalida: '17:00' });
    expect(day('2026-03-02').segundos).toMatchObject({ planificado: 8 * HOUR, trabajado: 8 * HOUR, atraso: 0, extra: 0, faltante: 0, colacion: HOUR });
    // Tuesday: 20 min late (past the 5-min tolerance, counted whole), 7 h 40 min worked.
    expect(day('2026-03-03')).toMatchObject({ estadoDia: 'presente', estado: 'atrasado' });
    expect(day('2026-03-03').segundos).toMatchObject({ trabajado: 8 * HOUR - 1200, atraso: 1200, faltante: 1200, extra: 0 });
    expect(day('2026-03-03').explicacion).toContain('Atraso de 20 min, pasada la tolerancia del turno.');
    // Wednesday: 20 min more.
    expect(day('2026-03-04').segundos).toMatchObject({ trabajado: 8 * HOUR + 1200, extra: 1200, extraDentroLimite: 1200 });
    // Thursday: absent.
    expect(day('2026-03-05')).toMatchObject({ estadoDia: 'ausente', estado: 'ausente', marcas: [] });
    expect(day('2026-03-05').segundos).toMatchObject({ planificado: 8 * HOUR, trabajado: 0, faltante: 8 * HOUR });
    // Friday: 2 h overtime, within the daily limit.
    expect(day('2026-03-06').segundos).toMatchObject({ trabajado: 10 * HOUR, extra: 2 * HOUR, extraDentroLimite: 2 * HOUR, extraSobreLimite: 0 });
    expect(day('2026-03-07')).toMatchObject({ estadoDia: 'libre', plan: 'libre', estado: 'descanso' });
    expect(day('2026-03-02').marcas.map((m: { tipo: string; estado: string }) => `${m.tipo}:${m.estado}`)).toEqual(['entrada:atribuida', 'salida:atribuida']);

    // The week: Tuesday's 20 min made up by Wednesday's; Friday's 2 h stay overtime.
    expect(body.semanas).toHaveLength(1);
    expect(body.semanas[0]).toMatchObject({
      lunes: '2026-03-02',
      domingo: '2026-03-08',
      liquidadaEnPeriodo: true,
      faltanteSegundos: 1200,
      compensadoSegundos: 1200,
      descontableSegundos: 0,
      atrasoDescontableSegundos: 0,
      extraNetaSegundos: 2 * HOUR,
      extraNetaDentroLimiteSegundos: 2 * HOUR,
    });
    expect(body.totales).toMatchObject({
      planificadoSegundos: 5 * 8 * HOUR,
      trabajadoSegundos: 8 * HOUR + (8 * HOUR - 1200) + (8 * HOUR + 1200) + 10 * HOUR,
      atrasoSegundos: 1200,
      extraSegundos: 1200 + 2 * HOUR,
      compensadoSegundos: 1200,
      descontableSegundos: 0,
      extraNetaSegundos: 2 * HOUR,
      ausencias: 1,
      diasTrabajados: 4,
      diasConAtraso: 1,
      diasPorEstado: { presente: 4, ausente: 1, libre: 2, justificado: 0, feriado: 0, incompleto: 0 },
    });
  });

  it('keeps a night shift whole on the day it starts, also across the DST change', async () => {
    t.clock.set('2026-09-20T15:00:00Z');
    const march = (await get(`/api/v1/asistencia/trabajadores/${bruno.id}?desde=2026-03-02&hasta=2026-03-03`, await admin())).json();
    expect(march.dias[0]).toMatchObject({ fecha: '2026-03-02', estadoDia: 'presente', horaEntrada: '22:00', horaSalida: '06:00' });
    expect(march.dias[0].segundos).toMatchObject({ planificado: 8 * HOUR, trabajado: 8 * HOUR, extra: 0, domingo: 0 });
    expect(march.dias[1]).toMatchObject({ fecha: '2026-03-03', estadoDia: 'libre', marcas: [] });

    // 22:00 Saturday to 06:00 Sunday lasts 7 real hours on 2026-09-05; 5 of them on Sunday (from 01:00).
    const september = (await get(`/api/v1/asistencia/trabajadores/${bruno.id}?desde=2026-09-05&hasta=2026-09-06`, await admin())).json();
    expect(september.dias[0]).toMatchObject({ fecha: '2026-09-05', estadoDia: 'presente', horaEntrada: '22:00', horaSalida: '06:00' });
    expect(september.dias[0].turno).toMatchObject({ inicioInstante: '2026-09-06T02:00:00.000Z', finInstante: '2026-09-06T09:00:00.000Z' });
    expect(september.dias[0].segundos).toMatchObject({ planificado: 7 * HOUR, trabajado: 7 * HOUR, extra: 0, faltante: 0, domingo: 5 * HOUR });
    expect(september.dias[1]).toMatchObject({ fecha: '2026-09-06', estadoDia: 'libre', plan: 'sin_planificacion' });
  });

  it('lifts a shift planned on a holiday', async () => {
    t.clock.set('2026-05-10T15:00:00Z');
    const body = (await get(`/api/v1/asistencia/trabajadores/${carla.id}?desde=2026-05-01&hasta=2026-05-01`, await admin())).json();
    expect(body.dias[0]).toMatchObject({ estadoDia: 'feriado', estado: 'feriado', feriado: 'Día Nacional del Trabajo' });
    expect(body.dias[0].segundos).toMatchObject({ planificado: 0, faltante: 0 });
    expect(body.totales.ausencias).toBe(0);
  });

  it('does not total a day that has not closed yet', async () => {
    t.clock.set('2026-03-05T12:00:00Z');
    const body = (await get(`/api/v1/asistencia/trabajadores/${ana.id}?desde=2026-03-02&hasta=2026-03-08`, await admin())).json();
    expect(body.hastaCerrado).toBe('2026-03-04');
    expect(body.totales.ausencias).toBe(0);
    expect(body.dias.find((d: { fecha: string }) => d.fecha === '2026-03-05').estado).toBe('sin_marcar');
    expect(body.semanas[0].liquidadaEnPeriodo).toBe(false);
  });
});

describe('the day board', () => {
  it('says who is present, late, not yet marked and resting, with counts and arrivals by hour', async () => {
    t.clock.set('2026-03-10T14:00:00Z'); // 11:00 in Santiago
    const response = await get('/api/v1/asistencia/dia?fecha=2026-03-10', await admin());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const row = (id: string) => body.items.find((r: { usuarioId: string }) => r.usuarioId === id);
    expect(row(ana.id)).toMatchObject({ estado: 'presente', enJornada: true, horaEntrada: '07:58', atrasoSegundos: 0 });
    expect(row(carla.id)).toMatchObject({ estado: 'atrasado', enJornada: true, horaEntrada: '08:30', atrasoSegundos: 1800 });
    expect(row(diego.id)).toMatchObject({ estado: 'sin_marcar', primeraEntrada: null, turno: { etiqueta: '08:00–17:00' } });
    expect(row(bruno.id)).toMatchObject({ estado: 'descanso' });
    expect(body.conteos).toMatchObject({ presente: 1, atrasado: 1, sin_marcar: 1, descanso: 4, ausente: 0 });
    expect(body.trabajadores).toBe(7); // the supervisor and both administradores have nothing planned: descanso
    expect(body.llegadasPorHora[7]).toEqual({ hora: 7, cantidad: 1 });
    expect(body.llegadasPorHora[8]).toEqual({ hora: 8, cantidad: 1 });

    const late = (await get('/api/v1/asistencia/dia?fecha=2026-03-10&estado=atrasado', await admin())).json();
    expect(late.items.map((r: { usuarioId: string }) => r.usuarioId)).toEqual([carla.id]);
    expect(late.total).toBe(1);
    const byCargo = (await get('/api/v1/asistencia/dia?fecha=2026-03-10&cargo=vendedora', await admin())).json();
    expect(byCargo.items.map((r: { usuarioId: string }) => r.usuarioId).sort()).toEqual([ana.id, carla.id].sort());

    // After the shift, without any mark, Diego is absent.
    t.clock.set('2026-03-11T03:00:00Z');
    const night = (await get('/api/v1/asistencia/dia?fecha=2026-03-10', await admin())).json();
    expect(night.items.find((r: { usuarioId: string }) => r.usuarioId === diego.id).estado).toBe('ausente');
  });
});

describe('the period summary', () => {
  it('totals each worker of the page and the whole filter from the stored days', async () => {
    t.clock.set('2026-03-20T15:00:00Z');
    const response = await get(`/api/v1/asistencia/resumen?desde=2026-03-02&hasta=2026-03-08&grupoId=${groupA}&pageSize=1`, await admin());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(body.items).toHaveLength(1);
    expect(body.items[0].usuarioId).toBe(ana.id);
    expect(body.items[0].totales).toMatchObject({ trabajadoSegundos: 34 * HOUR, atrasoSegundos: 1200, extraNetaSegundos: 2 * HOUR, ausencias: 1 });
    // Ana's 34 h plus Bruno's 8 h night.
    expect(body.totalGeneral).toMatchObject({ trabajadoSegundos: 42 * HOUR, ausencias: 1, diasTrabajados: 5 });
  });
});

describe('stored days follow the marks', () => {
  it('a new mark makes the day stale; the job (or the next read) evaluates it again', async () => {
    t.clock.set('2026-03-20T15:00:00Z');
    const stored = () =>
      t.database.db
        .select({ status: attendanceDays.status, stale: attendanceDays.stale, worked: attendanceDays.workedSeconds })
        .from(attendanceDays)
        .where(and(eq(attendanceDays.companyId, companyId), eq(attendanceDays.userId, ana.id), eq(attendanceDays.fecha, '2026-03-05')));
    expect(await stored()).toEqual([{ status: 'ausente', stale: false, worked: 0 }]);
    await markAt(ana, 'entrada', '2026-03-05T11:00:00Z');
    await markAt(ana, 'salida', '2026-03-05T20:00:00Z');
    expect((await stored())[0]!.stale).toBe(true);
    await t.app.jobs.drain();
    expect(await stored()).toEqual([{ status: 'presente', stale: false, worked: 8 * HOUR }]);
    // The Sunday row carries the week again: nothing missing, 2 h net overtime.
    const week = (await get(`/api/v1/asistencia/trabajadores/${ana.id}?desde=2026-03-02&hasta=2026-03-08`, await admin())).json();
    expect(week.totales).toMatchObject({ ausencias: 0, trabajadoSegundos: 42 * HOUR, extraNetaSegundos: 2 * HOUR });
  });

  it('a day marked stale by hand (the rebuild command, a benchmark) is evaluated again by recomputeStale', async () => {
    const stale = () =>
      t.database.db
        .select({ stale: attendanceDays.stale })
        .from(attendanceDays)
        .where(and(eq(attendanceDays.companyId, companyId), eq(attendanceDays.userId, ana.id), eq(attendanceDays.fecha, '2026-03-05')));
    await runAsSystem(() => t.app.attendance.invalidate(t.database.db, companyId, [ana.id], '2026-03-05', '2026-03-05'));
    expect(await stale()).toEqual([{ stale: true }]);
    expect(await runAsSystem(() => t.app.attendance.recomputeStale(companyId, new Date('2026-03-20T15:00:00Z')))).toBeGreaterThan(0);
    expect(await stale()).toEqual([{ stale: false }]);
  });

  // PGlite has one connection: a mark in flight during an evaluation exists only on PostgreSQL.
  it.runIf(Boolean(process.env.DATABASE_URL))('a mark being written while the week is evaluated leaves its day stale, never fresh without the mark', async () => {
    const day = () =>
      t.database.db
        .select({ stale: attendanceDays.stale })
        .from(attendanceDays)
        .where(and(eq(attendanceDays.companyId, companyId), eq(attendanceDays.userId, ana.id), eq(attendanceDays.fecha, '2026-03-05')));
    const head = and(eq(markChainHeads.companyId, companyId), eq(markChainHeads.userId, ana.id));
    expect(await day()).toEqual([{ stale: false }]);
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const inFlight = new Promise<void>((resolve) => (written = resolve));
    // What a mark's transaction has done before it commits: the chain head locked and one longer, the
    // day made stale by the trigger (at a time before the evaluation reads its inputs).
    const writer = t.database.db.transaction(async (tx) => {
      await tx.update(markChainHeads).set({ seq: sql`${markChainHeads.seq} + 1` }).where(head);
      await tx
        .update(attendanceDays)
        .set({ stale: true, invalidatedAt: sql`clock_timestamp()` })
        .where(and(eq(attendanceDays.companyId, companyId), eq(attendanceDays.userId, ana.id), eq(attendanceDays.fecha, '2026-03-05')));
      written();
      await gate;
    });
    await inFlight;
    let finished = false;
    const evaluation = runAsSystem(() => t.app.attendance.evaluateWeeks(companyId, [{ userId: ana.id, monday: '2026-03-02' }], new Date('2026-03-20T15:00:00Z'))).then(() => (finished = true));
    // It reads its inputs without the mark, then waits for the chain before storing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(finished).toBe(false);
    commit();
    await writer;
    await evaluation;
    expect(await day()).toEqual([{ stale: true }]);
    // The chain back to its real length, and the day evaluated again.
    await t.database.db.update(markChainHeads).set({ seq: sql`${markChainHeads.seq} - 1` }).where(head);
    await runAsSystem(() => t.app.attendance.recomputeStale(companyId, new Date('2026-03-20T15:00:00Z')));
    expect(await day()).toEqual([{ stale: false }]);
  });

  it('a consolidated correction changes the stored day', async () => {
    // Ana forgot her exit on Wednesday 2026-03-11; the employer proposes 17:00, the 48 hours pass.
    await plan(ana.id, '2026-03-11', shiftD);
    await markAt(ana, 'entrada', '2026-03-11T11:00:00Z');
    t.clock.set('2026-03-12T15:00:00Z');
    const before = (await get(`/api/v1/asistencia/trabajadores/${ana.id}?desde=2026-03-11&hasta=2026-03-11`, await admin())).json();
    expect(before.dias[0]).toMatchObject({ estadoDia: 'incompleto', estado: 'incompleto' });
    expect(before.dias[0].inconsistencias.map((i: { codigo: string }) => i.codigo)).toEqual(['entrada_sin_salida']);
    const proposed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/correcciones',
      headers: await admin(),
      payload: { usuarioId: ana.id, tipo: 'salida', fecha: '2026-03-11', hora: '17:00', motivo: 'Olvidó marcar la salida al terminar su turno.' },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    t.clock.set('2026-03-14T16:00:00Z');
    await t.app.jobs.drain();
    const after = (await get(`/api/v1/asistencia/trabajadores/${ana.id}?desde=2026-03-11&hasta=2026-03-11`, await admin())).json();
    expect(after.dias[0]).toMatchObject({ estadoDia: 'presente', horaSalida: '17:00', inconsistencias: [] });
    expect(after.dias[0].segundos.trabajado).toBe(8 * HOUR);
  });

  it('a rebuild from scratch finds exactly the stored results', async () => {
    t.clock.set('2026-03-20T15:00:00Z');
    const snapshot = async () =>
      (await t.database.db.select().from(attendanceDays).where(eq(attendanceDays.companyId, companyId)).orderBy(attendanceDays.userId, attendanceDays.fecha)).map(
        ({ computedAt: _c, invalidatedAt: _i, ...rest }) => rest,
      );
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    await t.database.db.delete(attendanceDays).where(eq(attendanceDays.companyId, companyId));
    const service = (await import('./index')).createAttendanceService({ db: t.database.appDatabase.db, plan: (await import('../planning/index')).createPlanReader(t.database.appDatabase.db, t.app.companyHolidays, t.app.shiftReads.get()), ledGroups: t.app.ledGroups, permissions: t.app.permissionReads });
    const weeks = [...new Set(before.map((r) => `${r.userId} ${r.fecha}`))];
    const { rebuild } = service;
    await runAsSystem(async () => {
      for (const [from, to] of [
        ['2026-03-02', '2026-03-15'],
        ['2026-04-27', '2026-05-03'],
        ['2026-08-31', '2026-09-06'],
      ] as const)
        await rebuild(companyId, from, to, new Date('2026-03-20T15:00:00Z'));
    });
    const after = (await snapshot()).filter((r) => weeks.includes(`${r.userId} ${r.fecha}`));
    expect(after).toEqual(before);
  });
});

describe('permissions are engine input', () => {
  it('an approved permission justifies the absence it covers, and the stored day follows the decision', async () => {
    t.clock.set('2026-03-20T15:00:00Z');
    await plan(carla.id, '2026-03-12', shiftD);
    const day = async () =>
      (await get(`/api/v1/asistencia/trabajadores/${carla.id}?desde=2026-03-12&hasta=2026-03-12`, await admin())).json().dias[0];
    expect(await day()).toMatchObject({ estadoDia: 'ausente', estado: 'ausente', permiso: null });

    const headers = await admin();
    const types = (await get('/api/v1/tipos-permiso', headers)).json().items as { id: string; codigo: string }[];
    const pgr = types.find((type) => type.codigo === 'P.G.R.')!;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/permisos',
      headers,
      payload: { usuarioId: carla.id, tipoId: pgr.id, desde: '2026-03-12', hasta: '2026-03-12' },
    });
    expect(created.statusCode, created.body).toBe(201);
    if (created.json().estado !== 'aprobado') {
      const approved = await t.app.inject({ method: 'POST', url: `/api/v1/permisos/${created.json().id}/aprobar`, headers, payload: {} });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    await t.app.jobs.drain();
    const justified = await day();
    expect(justified).toMatchObject({ estadoDia: 'justificado', estado: 'con_permiso' });
    expect(justified.permiso).toMatchObject({ tipo: 'P.G.R.' });
    expect(justified.segundos).toMatchObject({ planificado: 8 * HOUR, trabajado: 0, faltante: 0 });

    // Annulled, the day is an absence again.
    const annulled = await t.app.inject({ method: 'POST', url: `/api/v1/permisos/${created.json().id}/anular`, headers, payload: { comentario: 'Asignado por error.' } });
    expect(annulled.statusCode, annulled.body).toBe(200);
    await t.app.jobs.drain();
    expect(await day()).toMatchObject({ estadoDia: 'ausente', estado: 'ausente', permiso: null });
  });
});

describe('who sees what', () => {
  it('a supervisor sees only the groups they lead', async () => {
    t.clock.set('2026-03-10T14:00:00Z');
    const headers = await headersOf(supervisor.rut);
    const board = (await get('/api/v1/asistencia/dia?fecha=2026-03-10', headers)).json();
    expect(board.items.map((r: { usuarioId: string }) => r.usuarioId).sort()).toEqual([ana.id, bruno.id, carla.id].sort());
    expect((await get(`/api/v1/asistencia/trabajadores/${diego.id}`, headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/asistencia/trabajadores/${ana.id}`, headers)).statusCode).toBe(200);
    expect((await get(`/api/v1/asistencia/dia?grupoId=${groupB}`, headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/asistencia/resumen?grupoId=${groupB}`, headers)).statusCode).toBe(404);
  });

  it('a supervisor reads their own month though they are in no group they lead, and still only those groups on the board', async () => {
    t.clock.set('2026-03-10T14:00:00Z');
    const headers = await headersOf(supervisor.rut);
    const own = await get(`/api/v1/asistencia/trabajadores/${supervisor.id}?desde=2026-03-02&hasta=2026-03-08`, headers);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().trabajador).toMatchObject({ id: supervisor.id, nombre: 'Sofía' });
    const board = (await get('/api/v1/asistencia/dia?fecha=2026-03-10', headers)).json();
    expect(board.items.map((r: { usuarioId: string }) => r.usuarioId)).not.toContain(supervisor.id);
    expect((await get(`/api/v1/asistencia/trabajadores/${diego.id}`, headers)).statusCode).toBe(404);
  });

  it('a trabajador sees only themselves', async () => {
    t.clock.set('2026-03-10T14:00:00Z');
    const headers = await headersOf(ana.rut);
    const board = (await get('/api/v1/asistencia/dia?fecha=2026-03-10', headers)).json();
    expect(board.items.map((r: { usuarioId: string }) => r.usuarioId)).toEqual([ana.id]);
    expect((await get(`/api/v1/asistencia/trabajadores/${ana.id}?desde=2026-03-02&hasta=2026-03-08`, headers)).statusCode).toBe(200);
    expect((await get(`/api/v1/asistencia/trabajadores/${carla.id}`, headers)).statusCode).toBe(404);
    const summary = (await get('/api/v1/asistencia/resumen?desde=2026-03-02&hasta=2026-03-08', headers)).json();
    expect(summary.items.map((r: { usuarioId: string }) => r.usuarioId)).toEqual([ana.id]);
  });

  it('another company gets 404 for these workers and groups; a fiscalizador gets 403', async () => {
    t.clock.set('2026-03-10T14:00:00Z');
    const headers = await headersOf(otherAdmin.rut);
    expect((await get(`/api/v1/asistencia/trabajadores/${ana.id}`, headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/asistencia/dia?grupoId=${groupA}`, headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/asistencia/resumen?sedeId=${siteId}`, headers)).statusCode).toBe(404);
    const otherBoard = (await get('/api/v1/asistencia/dia?fecha=2026-03-10', headers)).json();
    expect(otherBoard.items.map((r: { usuarioId: string }) => r.usuarioId)).not.toContain(ana.id);
    const fiscalizador = await addPerson(t.app, t.database.db, companyId, 'fiscalizador');
    const fHeaders = await headersOf(fiscalizador.rut);
    expect((await get('/api/v1/asistencia/dia', fHeaders)).statusCode).toBe(403);
    expect((await get(`/api/v1/asistencia/trabajadores/${ana.id}`, fHeaders)).statusCode).toBe(403);
    expect((await get('/api/v1/asistencia/resumen', fHeaders)).statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it('answers 400 in Spanish, never 500', async () => {
    t.clock.set('2026-03-10T14:00:00Z');
    const headers = await admin();
    for (const url of [
      '/api/v1/asistencia/dia?cargo=a%00b',
      '/api/v1/asistencia/dia?fecha=2026-02-30',
      '/api/v1/asistencia/dia?estado=desconocido',
      '/api/v1/asistencia/dia?pageSize=100000',
      `/api/v1/asistencia/trabajadores/${ana.id}?desde=2026-03-10&hasta=2026-03-01`,
      `/api/v1/asistencia/trabajadores/${ana.id}?desde=2020-01-01&hasta=2026-01-01`,
      `/api/v1/asistencia/resumen?q=${'x'.repeat(101)}`,
      '/api/v1/asistencia/resumen?desde=9999-99-99',
    ]) {
      const response = await get(url, headers);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error.message, url).toMatch(/[a-záéíóú]/);
    }
    expect((await get('/api/v1/asistencia/trabajadores/no-es-un-id', headers)).statusCode).toBe(404);
  });
});
