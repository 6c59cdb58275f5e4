/**
 * What is still open in October 2026 before closing it (America/Santiago, UTC-3 in October; shift D
 * 08:00–17:00 with a fixed colación 13:00–14:00). Everything else happens on 2026-11-10.
 * - Ana: only an entrada on Mon 10-05 (incomplete, its inconsistency open) and on Tue 10-06 (incomplete,
 *   its inconsistency dismissed); a vacation request of 10-30..11-02 waiting (touches October) and one
 *   of 11-20 (does not).
 * - Bruno: only an entrada on Wed 10-07 with a correction of its salida waiting for him (incomplete; the
 *   inconsistency is «en corrección», not open); 2 h over on Thu 10-08 (undecided) and 1 h on Fri
 *   10-09 (approved).
 * Expected: 3 incomplete days, 1 open inconsistency, 1 correction, 1 overtime day, 1 permission.
 */
import { randomUUID } from 'node:crypto';
import type { TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overtimeApprovals, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let ana: Person;
let bruno: Person;
let supervisor: Person;
let otherAdmin: Person;

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function plan(userId: string, date: string, shift: { id: string; version: number }) {
  const at = new Date('2026-09-01T00:00:00Z');
  await t.database.db.insert(planningDays).values({ companyId, userId, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: at, assignedAt: at, origin: 'manual' });
}

/** A web mark at a local October time (UTC-3). */
async function mark(person: Person, tipo: TipoMarca, date: string, clock: string) {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  const at = new Date(`${date}T${String(h + 3).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: at }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

const OCTOBER = 'desde=2026-10-01&hasta=2026-10-31';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-10T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin;
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Casa Matriz', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Ana', apellidos: 'Arancibia' });
  bruno = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Bruno', apellidos: 'Bravo' });
  supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
  otherAdmin = await addPerson(t.app, t.database.db, (await companyWithAdmin(t.app)).companyId, 'administrador');
  const created = await api('POST', '/api/v1/turnos', admin.headers, {
    nombre: 'Diurno',
    codigo: 'D',
    color: '#228be6',
    inicio: '08:00',
    fin: '17:00',
    colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
    toleranciaAtrasoMin: 5,
    toleranciaSalidaMin: 5,
  });
  expect(created.statusCode, created.body).toBe(201);
  const shift = created.json<{ id: string; version: number }>();

  await plan(ana.id, '2026-10-05', shift);
  await plan(ana.id, '2026-10-06', shift);
  await mark(ana, 'entrada', '2026-10-05', '08:00');
  await mark(ana, 'entrada', '2026-10-06', '08:00');
  for (const d of ['2026-10-07', '2026-10-08', '2026-10-09']) await plan(bruno.id, d, shift);
  await mark(bruno, 'entrada', '2026-10-07', '08:00');
  await mark(bruno, 'entrada', '2026-10-08', '08:00');
  await mark(bruno, 'salida', '2026-10-08', '19:00');
  await mark(bruno, 'entrada', '2026-10-09', '08:00');
  await mark(bruno, 'salida', '2026-10-09', '18:00');

  const dismissed = await api('POST', '/api/v1/inconsistencias/descartes', admin.headers, { usuarioId: ana.id, fecha: '2026-10-06', codigo: 'entrada_sin_salida', motivo: 'Trabajó en terreno; su jefatura lo confirmó.' });
  expect(dismissed.statusCode, dismissed.body).toBe(201);
  const correction = await api('POST', '/api/v1/correcciones', admin.headers, { usuarioId: bruno.id, tipo: 'salida', fecha: '2026-10-07', hora: '17:00', motivo: 'Olvidó marcar la salida' });
  expect(correction.statusCode, correction.body).toBe(201);
  await t.database.db.insert(overtimeApprovals).values({
    companyId,
    userId: bruno.id,
    fecha: '2026-10-09',
    foundSeconds: 3600,
    approvedSeconds: 3600,
    estado: 'aprobado',
    decidedBy: admin.id,
    decidedAt: new Date('2026-10-12T15:00:00Z'),
  });
  const vacation = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json<{ items: { id: string; codigo: string }[] }>().items.find((x) => x.codigo === 'VAC.')!;
  for (const [desde, hasta] of [
    ['2026-10-30', '2026-11-02'],
    ['2026-11-20', '2026-11-20'],
  ] as const) {
    const r = await api('POST', '/api/v1/permisos/solicitudes', ana.headers, { tipoId: vacation.id, desde, hasta });
    expect(r.statusCode, r.body).toBe(201);
  }
}, 120_000);
afterAll(() => t.close());

describe('what is pending before closing a month', () => {
  it('counts each kind, as the list it links to shows it', async () => {
    const r = await api('GET', '/api/v1/remuneraciones/202610/pendientes', admin.headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toEqual({
      periodo: '202610',
      desde: '2026-10-01',
      hasta: '2026-10-31',
      hastaCerrado: '2026-10-31',
      marcasIncompletas: {
        cantidad: 3,
        fechas: [
          { fecha: '2026-10-05', cantidad: 1 },
          { fecha: '2026-10-06', cantidad: 1 },
          { fecha: '2026-10-07', cantidad: 1 },
        ],
      },
      inconsistenciasAbiertas: { cantidad: 1 },
      correccionesPendientes: { cantidad: 1 },
      horasExtraPorRevisar: { cantidad: 1 },
      permisosPendientes: { cantidad: 1 },
      total: 7,
    });

    // The same numbers as the lists the dialog links to, with the same filters.
    const total = async (url: string) => {
      const list = await api('GET', url, admin.headers);
      expect(list.statusCode, list.body).toBe(200);
      return list.json<{ total: number }>().total;
    };
    expect(await total(`/api/v1/inconsistencias?${OCTOBER}&estado=abierta`)).toBe(1);
    expect(await total(`/api/v1/correcciones?${OCTOBER}&estado=pendiente`)).toBe(1);
    expect(await total(`/api/v1/horas-extra?${OCTOBER}&estado=pendiente`)).toBe(1);
    expect(await total(`/api/v1/permisos?${OCTOBER}&estado=pendiente`)).toBe(1);
    const board = await api('GET', '/api/v1/asistencia/dia?fecha=2026-10-07&estado=incompleto', admin.headers);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json<{ items: { usuarioId: string }[] }>().items.map((i) => i.usuarioId)).toEqual([bruno.id]);
    // The payroll's own figure agrees: the days not discounted until corrected.
    expect((await api('GET', '/api/v1/remuneraciones/202610', admin.headers)).json().totales.diasPendientes).toBe(3);
  });

  it('stops counting an overtime day once decided, and the month still closes with the rest pending', async () => {
    const decided = await api('POST', `/api/v1/horas-extra/${bruno.id}/2026-10-08/rechazar`, admin.headers, { motivo: 'No fue autorizada por la jefatura.' });
    expect(decided.statusCode, decided.body).toBe(200);
    const r = (await api('GET', '/api/v1/remuneraciones/202610/pendientes', admin.headers)).json();
    expect(r.horasExtraPorRevisar.cantidad).toBe(0);
    expect(r.total).toBe(6);
    // Closing stays allowed with items pending: the administrador decides (the web asks to confirm).
    const closed = await api('POST', '/api/v1/remuneraciones/202610/cierre', admin.headers);
    expect(closed.statusCode, closed.body).toBe(200);
  });

  it('says nothing is pending in a month without any of it', async () => {
    const r = await api('GET', '/api/v1/remuneraciones/202609/pendientes', admin.headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ total: 0, marcasIncompletas: { cantidad: 0, fechas: [] }, permisosPendientes: { cantidad: 0 } });
  });
});

describe('access and bad input', () => {
  it('is for administradores; another company counts only its own', async () => {
    expect((await api('GET', '/api/v1/remuneraciones/202610/pendientes', supervisor.headers)).statusCode).toBe(403);
    expect((await api('GET', '/api/v1/remuneraciones/202610/pendientes', ana.headers)).statusCode).toBe(403);
    expect((await api('GET', '/api/v1/remuneraciones/202610/pendientes', {})).statusCode).toBe(401);
    const theirs = await api('GET', '/api/v1/remuneraciones/202610/pendientes', otherAdmin.headers);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({ total: 0, marcasIncompletas: { cantidad: 0 }, correccionesPendientes: { cantidad: 0 }, permisosPendientes: { cantidad: 0 } });
  });

  it.each([
    ['202613', 'mes'],
    ['2026-10', 'AAAAMM'],
    ['999999', 'periodo'],
  ])('%s is a Spanish 400', async (periodo, word) => {
    const r = await api('GET', `/api/v1/remuneraciones/${periodo}/pendientes`, admin.headers);
    expect(r.statusCode, r.body).toBe(400);
    expect(JSON.stringify(r.json())).toContain(word);
  });
});
