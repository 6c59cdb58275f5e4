/**
 * The six management reports on workers worked out by hand (America/Santiago, week of Monday
 * 2026-03-02, shift D 08:00–17:00 with a fixed colación 13:00–14:00 and 5 minutes of tolerance):
 * - Ana (Ventas, Vendedora): Mon on time; Tue 20 min late; Wed 20 min more; Thu absent; Fri 2 h overtime.
 * - Carla (Ventas, Vendedora): Mon 08:30–16:30 (30 min late, 30 min early); Tue on an approved P.G.R.
 * - Diego (Bodega, Bodeguero): Mon 08:00–17:00; Tue absent.
 */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { ReporteGestionResponse, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLeaders, groups, overtimeApprovals, overtimePacts, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let supervisor: Person;
let fiscalizador: Person;
let ana: Person;
let carla: Person;
let diego: Person;
let groupA: string;
let groupB: string;
let shiftD: { id: string; version: number };
let otherAdmin: { headers: Record<string, string> };

const HOUR = 3600;
const WEEK = 'desde=2026-03-02&hasta=2026-03-08';

async function plan(userId: string, date: string, shift: { id: string; version: number } | null) {
  const now = new Date('2026-01-01T00:00:00Z');
  await t.database.db.insert(planningDays).values({
    companyId,
    userId,
    date,
    kind: shift ? 'turno' : 'libre',
    shiftId: shift?.id ?? null,
    shiftVersion: shift?.version ?? null,
    firstPlannedAt: now,
    assignedAt: now,
    origin: 'manual',
  });
}

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() =>
    t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }),
  );
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

async function report(name: string, query: string, headers: Record<string, string> = admin.headers): Promise<ReporteGestionResponse> {
  const response = await get(`/api/v1/reportes/${name}?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ReporteGestionResponse>();
}

const row = (body: ReporteGestionResponse, trabajador: string) => body.filas.find((f) => f.celdas.trabajador === trabajador);

beforeAll(async () => {
  t = await createTestApp();
  // Sessions last 2 hours of the test clock: everyone signs in at the moment the reports are read.
  t.clock.set('2026-03-20T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin;
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
  supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor', { nombre: 'Sofía', apellidos: 'Supervisora' });
  await t.database.db.insert(groupLeaders).values({ companyId, groupId: groupA, userId: supervisor.id });
  fiscalizador = await addPerson(t.app, t.database.db, companyId, 'fiscalizador');
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId: groupA, nombre: 'Ana', apellidos: 'Arancibia', cargo: 'Vendedora' });
  carla = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId: groupA, nombre: 'Carla', apellidos: 'Cáceres', cargo: 'Vendedora' });
  diego = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, groupId: groupB, nombre: 'Diego', apellidos: 'Díaz', cargo: 'Bodeguero' });
  const shift = await t.app.inject({
    method: 'POST',
    url: '/api/v1/turnos',
    headers: admin.headers,
    payload: { codigo: 'D', nombre: 'Diurno', color: '#228be6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 },
  });
  expect(shift.statusCode, shift.body).toBe(201);
  shiftD = shift.json();
  otherAdmin = (await companyWithAdmin(t.app)).admin;

  for (const date of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']) await plan(ana.id, date, shiftD);
  for (const date of ['2026-03-07', '2026-03-08']) await plan(ana.id, date, null);
  await markAt(ana, 'entrada', '2026-03-02T11:00:00Z');
  await markAt(ana, 'salida', '2026-03-02T20:00:00Z');
  await markAt(ana, 'entrada', '2026-03-03T11:20:00Z'); // 08:20
  await markAt(ana, 'salida', '2026-03-03T20:00:00Z');
  await markAt(ana, 'entrada', '2026-03-04T11:00:00Z');
  await markAt(ana, 'salida', '2026-03-04T20:20:00Z'); // 17:20
  await markAt(ana, 'entrada', '2026-03-06T11:00:00Z');
  await markAt(ana, 'salida', '2026-03-06T22:00:00Z'); // 19:00

  for (const date of ['2026-03-02', '2026-03-03']) await plan(carla.id, date, shiftD);
  await markAt(carla, 'entrada', '2026-03-02T11:30:00Z'); // 08:30
  await markAt(carla, 'salida', '2026-03-02T19:30:00Z'); // 16:30
  const types = (await get('/api/v1/tipos-permiso', admin.headers)).json<{ items: { id: string; codigo: string }[] }>().items;
  const pgr = types.find((type) => type.codigo === 'P.G.R.')!;
  const assigned = await t.app.inject({ method: 'POST', url: '/api/v1/permisos', headers: admin.headers, payload: { usuarioId: carla.id, tipoId: pgr.id, desde: '2026-03-03', hasta: '2026-03-03' } });
  expect(assigned.statusCode, assigned.body).toBe(201);

  for (const date of ['2026-03-02', '2026-03-03']) await plan(diego.id, date, shiftD);
  await markAt(diego, 'entrada', '2026-03-02T11:00:00Z');
  await markAt(diego, 'salida', '2026-03-02T20:00:00Z');
}, 120_000);
afterAll(() => t.close());

describe('the reports on hand-checked workers', () => {
  it('asistencia: days planned, present, absent, on permission and hours per worker and for the period', async () => {
    const body = await report('asistencia', WEEK);
    expect(body.titulo).toBe('Reporte de asistencia');
    expect(body.hastaCerrado).toBe('2026-03-08');
    expect(row(body, 'Ana Arancibia')!.celdas).toMatchObject({
      grupo: 'Ventas',
      cargo: 'Vendedora',
      diasPlanificados: 5,
      diasPresentes: 4,
      diasAtraso: 1,
      ausenciasInjustificadas: 1,
      ausenciasJustificadas: 0,
      planificado: 40 * HOUR,
      trabajado: 8 * HOUR + (8 * HOUR - 1200) + (8 * HOUR + 1200) + 10 * HOUR,
      extra: 1200 + 2 * HOUR,
    });
    expect(row(body, 'Carla Cáceres')!.celdas).toMatchObject({ diasPlanificados: 2, diasPresentes: 1, diasAtraso: 1, ausenciasInjustificadas: 0, ausenciasJustificadas: 1 });
    expect(row(body, 'Diego Díaz')!.celdas).toMatchObject({ diasPlanificados: 2, diasPresentes: 1, ausenciasInjustificadas: 1 });
    // Every day of the week under the worker, as the engine left it.
    const anaDays = row(body, 'Ana Arancibia')!.detalle;
    expect(anaDays).toHaveLength(7);
    expect(anaDays[1]).toMatchObject({ fecha: '2026-03-03', estado: 'Presente', entrada: '08:20', salida: '17:00', atraso: 1200 });
    expect(anaDays[3]).toMatchObject({ fecha: '2026-03-05', estado: 'Ausente' });
    // The period's totals add every worker of the selection.
    expect(body.totales).toMatchObject({ diasPlanificados: 9, diasPresentes: 6, ausenciasInjustificadas: 2, ausenciasJustificadas: 1, diasAtraso: 2 });
    expect(body.grafico.puntos).toHaveLength(7);
    expect(body.grafico.puntos[0]).toEqual({ etiqueta: '02/03', valores: { diasPresentes: 3, ausenciasInjustificadas: 0, ausenciasJustificadas: 0 } });
  });

  it('atrasos: each late arrival and early leave, largest first, with the week’s compensation', async () => {
    const body = await report('atrasos', WEEK);
    expect(body.filas.map((f) => f.celdas.trabajador)).toEqual(['Carla Cáceres', 'Ana Arancibia']);
    expect(body.orden).toBe('atraso');
    expect(body.direccion).toBe('desc');
    expect(row(body, 'Carla Cáceres')!.celdas).toMatchObject({ diasAtraso: 1, atraso: 1800, diasSalidaAnticipada: 1, salidaAnticipada: 1800 });
    expect(row(body, 'Carla Cáceres')!.detalle).toEqual([
      { fecha: '2026-03-02', turno: '08:00–17:00', entrada: '08:30', atraso: 1800, salida: '16:30', salidaAnticipada: 1800 },
    ]);
    // Tuesday's 20 minutes are made up by Wednesday's: nothing deductible after the week.
    expect(row(body, 'Ana Arancibia')!.celdas).toMatchObject({ atraso: 1200, compensado: 1200, atrasoDescontable: 0 });
    expect(body.totales).toMatchObject({ atraso: 3000, salidaAnticipada: 1800, diasAtraso: 2 });
    expect(body.grafico.titulo).toBe('Atrasos por semana');
    expect(body.grafico.puntos).toEqual([{ etiqueta: 'Sem. 02/03', valores: { atraso: 3000, salidaAnticipada: 1800 } }]);
  });

  it('ausencias: planned days without attendance, justified or not and by which permission', async () => {
    const body = await report('ausencias', WEEK);
    expect(body.total).toBe(3);
    expect(row(body, 'Carla Cáceres')!.detalle).toEqual([{ fecha: '2026-03-03', turno: '08:00–17:00', justificada: 'Sí', permiso: 'P.G.R.', goce: 'Sí', planificado: 8 * HOUR }]);
    expect(row(body, 'Diego Díaz')!.detalle).toEqual([{ fecha: '2026-03-03', turno: '08:00–17:00', justificada: 'No', permiso: null, goce: null, planificado: 8 * HOUR }]);
    expect(row(body, 'Ana Arancibia')!.celdas).toMatchObject({ ausenciasInjustificadas: 1, faltanteAusencias: 8 * HOUR, ausenciasJustificadas: 0 });
    expect(body.totales).toMatchObject({ ausenciasInjustificadas: 2, ausenciasJustificadas: 1, faltanteAusencias: 16 * HOUR });
  });

  it('horas extra: per day, within the 2-hour daily limit, and the week’s net', async () => {
    const body = await report('horas-extra', WEEK);
    expect(body.filas.map((f) => f.celdas.trabajador)).toEqual(['Ana Arancibia']);
    expect(body.filas[0]!.celdas).toMatchObject({ diasExtra: 2, extra: 1200 + 2 * HOUR, extraDentroLimite: 1200 + 2 * HOUR, extraSobreLimite: 0, extraNeta: 2 * HOUR });
    expect(body.filas[0]!.detalle.map((d) => [d.fecha, d.extra])).toEqual([
      ['2026-03-04', 1200],
      ['2026-03-06', 2 * HOUR],
    ]);
    expect(body.grafico).toMatchObject({ titulo: 'Tiempo extra por grupo', puntos: [{ etiqueta: 'Ventas', valores: { extraDentroLimite: 1200 + 2 * HOUR, extraSobreLimite: 0 } }] });
  });

  it('horas extra: what the review confirmed, disputed or has still to see, and the pact that covers each day', async () => {
    const at = new Date('2026-03-10T12:00:00Z');
    const [pact] = await t.database.db
      .insert(overtimePacts)
      .values({ companyId, userId: ana.id, desde: '2026-03-02', hasta: '2026-03-04', maxSecondsPerDay: 15 * 60, createdBy: admin.id, createdAt: at, updatedBy: admin.id, updatedAt: at })
      .returning({ id: overtimePacts.id });
    // 03-04's 20 minutes: 10 confirmed, the rest disputed (both paid).
    await t.database.db
      .insert(overtimeApprovals)
      .values({ companyId, userId: ana.id, fecha: '2026-03-04', foundSeconds: 1200, approvedSeconds: 600, estado: 'aprobado', motivo: 'Colación sin marcar', pactId: pact!.id, decidedBy: admin.id, decidedAt: at });
    const body = await report('horas-extra', WEEK);
    expect(body.columnas.map((c) => c.clave)).toEqual(expect.arrayContaining(['extraConfirmada', 'extraEnDisputa', 'extraPorRevisar', 'diasSinPacto']));
    expect(body.filas[0]!.celdas).toMatchObject({ extra: 1200 + 2 * HOUR, extraConfirmada: 600, extraEnDisputa: 600, extraPorRevisar: 2 * HOUR, diasSinPacto: 1 });
    expect(body.filas[0]!.detalle.map((d) => [d.fecha, d.revision, d.pacto, d.incumplimiento])).toEqual([
      ['2026-03-04', 'Confirmadas 10 min; en disputa 10 min', '02-03-2026 al 04-03-2026 · máx. 15 min por día', 'Sobre el máximo del pacto'],
      ['2026-03-06', 'Por revisar', 'Sin pacto vigente', 'Sin pacto (art. 32)'],
    ]);
    await t.database.db.delete(overtimeApprovals);
    await t.database.db.delete(overtimePacts);
  });

  it('permisos asignados: the permissions of the period with their amount, pay and state', async () => {
    const body = await report('permisos-asignados', WEEK);
    expect(body.filas).toHaveLength(1);
    expect(body.filas[0]!.celdas).toMatchObject({ trabajador: 'Carla Cáceres', permisos: 1, aprobados: 1, pendientes: 0, diasConGoce: 1, diasSinGoce: 0 });
    expect(body.filas[0]!.detalle[0]).toMatchObject({ desde: '2026-03-03', hasta: '2026-03-03', goce: 'Sí', estado: 'Aprobado', origen: 'Asignado' });
    expect(body.grafico.puntos).toHaveLength(1);
  });

  it('dotación: active staff by group, site and cargo, planned and present days', async () => {
    const body = await report('dotacion', WEEK);
    const ventas = body.filas.find((f) => f.celdas.grupo === 'Ventas')!;
    expect(ventas.celdas).toMatchObject({ sede: 'Casa Matriz', cargo: 'Vendedora', dotacion: 2, diasPlanificados: 7, diasPresentes: 5, ausenciasInjustificadas: 1, ausenciasJustificadas: 1 });
    expect(ventas.celdas.presencia).toBeCloseTo(71.4);
    expect(body.filas.find((f) => f.celdas.grupo === 'Bodega')!.celdas).toMatchObject({ dotacion: 1, diasPlanificados: 2, diasPresentes: 1 });
    expect(body.grafico.puntos[0]).toEqual({ etiqueta: '02/03', valores: { diasPlanificados: 3, diasPresentes: 3 } });
    expect(body.grafico.puntos[1]).toEqual({ etiqueta: '03/03', valores: { diasPlanificados: 3, diasPresentes: 1 } });
  });
});

describe('filters, order and pages', () => {
  it('filters by group, cargo, shift and worker, and pages in SQL', async () => {
    const byGroup = await report('asistencia', `${WEEK}&grupoId=${groupB}`);
    expect(byGroup.filas.map((f) => f.celdas.trabajador)).toEqual(['Diego Díaz']);
    expect(byGroup.filtros).toEqual([['Grupo', 'Bodega']]);
    const byCargo = await report('asistencia', `${WEEK}&cargo=vendedora`);
    expect(byCargo.filas.map((f) => f.celdas.trabajador)).toEqual(['Ana Arancibia', 'Carla Cáceres']);
    const byShift = await report('asistencia', `${WEEK}&turnoId=${shiftD.id}`);
    expect(byShift.total).toBe(3);
    // Only the days planned with the shift: Ana's weekend is left out.
    expect(row(byShift, 'Ana Arancibia')!.detalle).toHaveLength(5);
    const one = await report('atrasos', `${WEEK}&usuarioId=${ana.id}`);
    expect(one.filas.map((f) => f.celdas.trabajador)).toEqual(['Ana Arancibia']);
    expect(one.totales).toMatchObject({ atraso: 1200 });

    const page2 = await report('asistencia', `${WEEK}&cargo=vendedora&pageSize=1&page=2`);
    expect(page2.filas.map((f) => f.celdas.trabajador)).toEqual(['Carla Cáceres']);
    expect(page2.total).toBe(2);
    expect(page2.totales).toMatchObject({ diasPlanificados: 7 });
    const sorted = await report('asistencia', `${WEEK}&cargo=vendedora&orden=trabajado&direccion=desc`);
    expect(sorted.filas.map((f) => f.celdas.trabajador)).toEqual(['Ana Arancibia', 'Carla Cáceres']);
    const reversed = await report('asistencia', `${WEEK}&cargo=vendedora&orden=trabajador&direccion=desc`);
    expect(reversed.filas.map((f) => f.celdas.trabajador)).toEqual(['Carla Cáceres', 'Ana Arancibia']);
  });

  it('refuses bad input in Spanish', async () => {
    const cases: [string, number][] = [
      ['desde=2026-03-08&hasta=2026-03-02', 400],
      ['desde=2020-01-01&hasta=2026-03-02', 400],
      ['desde=2026-02-30', 400],
      [`${WEEK}&orden=rut`, 400],
      [`${WEEK}&orden=nada`, 400],
      [`${WEEK}&direccion=arriba`, 400],
      [`${WEEK}&pageSize=5000`, 400],
      [`${WEEK}&page=0`, 400],
      [`${WEEK}&turnoId=abc`, 404],
      [`${WEEK}&usuarioId=${randomUUID()}`, 404],
      [`${WEEK}&sedeId=${randomUUID()}`, 404],
    ];
    for (const [query, status] of cases) {
      const response = await get(`/api/v1/reportes/asistencia?${query}`, admin.headers);
      expect(response.statusCode, query).toBe(status);
      expect(response.json().error.message, query).toMatch(/[a-záéíóúñ]/);
    }
    const nul = await get(`/api/v1/reportes/asistencia?${WEEK}&cargo=%00x`, admin.headers);
    expect(nul.statusCode).toBe(400);
    // Five years exactly is the longest period: accepted, its never-evaluated days queued for the job queue (202, attendance.calculations.ts).
    expect((await get('/api/v1/reportes/asistencia?desde=2021-03-09&hasta=2026-03-08&pageSize=1', admin.headers)).statusCode).toBe(202);
  });
});

describe('perfiles', () => {
  it('a supervisor reads the workers of the groups they lead, nothing else', async () => {
    const body = await report('asistencia', WEEK, supervisor.headers);
    expect(body.filas.map((f) => f.celdas.trabajador)).toEqual(['Ana Arancibia', 'Carla Cáceres']);
    expect(body.totales).toMatchObject({ diasPlanificados: 7 });
    expect((await get(`/api/v1/reportes/asistencia?${WEEK}&grupoId=${groupB}`, supervisor.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/reportes/atrasos?${WEEK}&usuarioId=${diego.id}`, supervisor.headers)).statusCode).toBe(404);
    expect((await report('dotacion', WEEK, supervisor.headers)).filas.map((f) => f.celdas.grupo)).toEqual(['Ventas']);
    const options = (await get('/api/v1/reportes/opciones-gestion', supervisor.headers)).json();
    expect(options.grupos.map((g: { nombre: string }) => g.nombre)).toEqual(['Ventas']);
  });

  it('a trabajador reads only themselves, and no headcount', async () => {
    const body = await report('ausencias', WEEK, ana.headers);
    expect(body.filas.map((f) => f.celdas.trabajador)).toEqual(['Ana Arancibia']);
    expect(body.totales).toMatchObject({ ausenciasInjustificadas: 1 });
    expect((await get(`/api/v1/reportes/asistencia?${WEEK}&usuarioId=${carla.id}`, ana.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/reportes/dotacion?${WEEK}`, ana.headers)).statusCode).toBe(403);
  });

  it('a fiscalizador reads none of them; another company’s ids are unknown', async () => {
    for (const name of ['asistencia', 'atrasos', 'ausencias', 'permisos-asignados', 'horas-extra', 'dotacion']) {
      expect((await get(`/api/v1/reportes/${name}?${WEEK}`, fiscalizador.headers)).statusCode, name).toBe(403);
    }
    expect((await get(`/api/v1/reportes/asistencia?${WEEK}&grupoId=${groupA}`, otherAdmin.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/reportes/asistencia?${WEEK}&usuarioId=${ana.id}`, otherAdmin.headers)).statusCode).toBe(404);
    expect((await get(`/api/v1/reportes/asistencia?${WEEK}&turnoId=${shiftD.id}`, otherAdmin.headers)).statusCode).toBe(404);
    const theirs = await report('asistencia', WEEK, otherAdmin.headers);
    expect(theirs.filas.some((f) => f.celdas.trabajador === 'Ana Arancibia')).toBe(false);
  });
});

describe('exports', () => {
  it('CSV, Excel and PDF have the screen’s rows, figures and totals', async () => {
    const csv = await get(`/api/v1/reportes/atrasos/exportar?${WEEK}&formato=csv`, admin.headers);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('reporte-atrasos-2026-03-02-a-2026-03-08.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('Trabajador;RUT;Grupo;Cargo;Días con atraso;Atraso;Días con salida anticipada;Salida anticipada;Compensado en la semana;Atraso tras compensación;Salida anticipada tras compensación');
    expect(lines[1]).toMatch(/^Carla Cáceres;[\d.]+-[\dK];Ventas;Vendedora;1;0:30:00;1;0:30:00;/);
    expect(lines[3]).toMatch(/^Total del periodo;;;;2;0:50:00;1;0:30:00;/);

    const xlsx = await get(`/api/v1/reportes/asistencia/exportar?${WEEK}&formato=xlsx`, admin.headers);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values: string[][] = [];
    sheet.eachRow((r) => values.push((r.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    const anaRow = values.find((v) => v[0] === 'Ana Arancibia')!;
    expect(anaRow.slice(4)).toEqual(['5', '4', '1', '1', '0', '0', '40:00:00', '34:00:00', '2:20:00']);
    expect(values.filter((v) => v[1] === '2026-03-03' || v[1] === '03/03/2026').length).toBeGreaterThanOrEqual(3);
    expect(values.at(-1)![0]).toBe('Total del periodo');

    const pdf = await get(`/api/v1/reportes/horas-extra/exportar?${WEEK}&formato=pdf`, admin.headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('checks the selection before the first byte', async () => {
    expect((await get(`/api/v1/reportes/dotacion/exportar?${WEEK}&formato=csv`, ana.headers)).statusCode).toBe(403);
    expect((await get(`/api/v1/reportes/asistencia/exportar?${WEEK}&formato=doc`, admin.headers)).statusCode).toBe(400);
    expect((await get(`/api/v1/reportes/asistencia/exportar?${WEEK}&grupoId=${groupA}`, otherAdmin.headers)).statusCode).toBe(404);
  });
});
