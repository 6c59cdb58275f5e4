/**
 * Overtime pacts and the approval of the overtime the evaluation found. Days worked out by hand
 * (America/Santiago, UTC-3 in March 2026): shift D 08:00–17:00 with a fixed colación 13:00–14:00,
 * so every minute worked after 17:00 is overtime.
 */
import { randomUUID } from 'node:crypto';
import { formatRut } from '@jornada/domain';
import type { TipoMarca } from '@jornada/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupLeaders, groups, payrollPeriods, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { multipartFile } from '../../test/multipart';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

const H = 3600;
let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let leader: Person;
let otherLeader: Person;
/** Group A (led by `leader`): overtime on 2026-03-02 (3 h), 03-03 (1 h 10), 03-04 (2 h), 03-05 (1 h). */
let ana: Person;
/** Group B (led by `otherLeader`): 2 h on 2026-03-02, no pact. */
let diego: Person;
let groupA: string;
let groupB: string;
let siteId: string;
let shiftD: { id: string; version: number };
let other: { companyId: string; admin: { headers: Record<string, string> } };

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function plan(userId: string, date: string, shift: { id: string; version: number } | null) {
  const now = new Date('2026-01-01T00:00:00Z');
  const kind = shift ? ('turno' as const) : ('libre' as const);
  await t.database.db
    .insert(planningDays)
    .values({ companyId, userId, date, kind, shiftId: shift?.id ?? null, shiftVersion: shift?.version ?? null, firstPlannedAt: now, assignedAt: now, origin: 'manual' })
    .onConflictDoUpdate({ target: [planningDays.companyId, planningDays.userId, planningDays.date], set: { kind, shiftId: shift?.id ?? null, shiftVersion: shift?.version ?? null } });
}

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() =>
    t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }),
  );
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

async function createShift(body: Record<string, unknown>) {
  const response = await api('POST', '/api/v1/turnos', admin.headers, { nombre: `Turno ${String(body.codigo)}`, color: '#228be6', confirmarAdvertencias: true, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; version: number }>();
}

const pactBody = (usuarioId: string, desde: string, hasta: string, maxMinutosDia = 90) => ({ usuarioId, desde, hasta, maxMinutosDia });
const month = '?desde=2026-03-01&hasta=2026-03-31';
interface Item {
  usuario: { id: string };
  fecha: string;
  estado: string;
  encontradaSegundos: number;
  aprobadaSegundos: number | null;
  aprobableSegundos: number;
  alertas: string[];
  [key: string]: unknown;
}
const itemOf = (items: Item[], userId: string, fecha: string) => items.find((i) => i.usuario.id === userId && i.fecha === fecha);
let anaPact: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-03-20T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin;
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
  leader = await addPerson(t.app, t.database.db, companyId, 'supervisor', { siteId, nombre: 'Sofía', apellidos: 'Supervisora' });
  otherLeader = await addPerson(t.app, t.database.db, companyId, 'supervisor', { siteId, nombre: 'Óscar', apellidos: 'Otro' });
  await t.database.db.insert(groupLeaders).values([
    { companyId, groupId: groupA, userId: leader.id },
    { companyId, groupId: groupB, userId: otherLeader.id },
  ]);
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: groupA, nombre: 'Ana', apellidos: 'Arancibia' });
  diego = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId, groupId: groupB, nombre: 'Diego', apellidos: 'Díaz' });
  shiftD = await createShift({ codigo: 'D', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, toleranciaAtrasoMin: 5, toleranciaSalidaMin: 5 });
  for (const date of ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) await plan(ana.id, date, shiftD);
  await plan(diego.id, '2026-03-02', shiftD);
  const exits: [string, string][] = [
    ['2026-03-02', '23:00'], // 20:00: 3 h
    ['2026-03-03', '21:10'], // 18:10: 1 h 10 min
    ['2026-03-04', '22:00'], // 19:00: 2 h
    ['2026-03-05', '21:00'], // 18:00: 1 h
  ];
  for (const [date, exit] of exits) {
    await markAt(ana, 'entrada', `${date}T11:00:00Z`);
    await markAt(ana, 'salida', `${date}T${exit}:00Z`);
  }
  await markAt(diego, 'entrada', '2026-03-02T11:00:00Z');
  await markAt(diego, 'salida', '2026-03-02T22:00:00Z');
  const otherCompany = await companyWithAdmin(t.app);
  other = { companyId: otherCompany.companyId, admin: otherCompany.admin };
}, 120_000);
afterAll(() => t.close());

describe('overtime pacts', () => {
  it('last at most 3 months and allow at most 2 hours a day', async () => {
    const long = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, pactBody(ana.id, '2026-01-05', '2026-04-05'));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.hasta).toBe(
      'Un pacto de horas extra dura como máximo 3 meses: desde el 05-01-2026 puede llegar hasta el 04-04-2026. Para seguir, renuévalo con un pacto nuevo.',
    );
    const tooMany = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, pactBody(ana.id, '2026-01-05', '2026-03-04', 121));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.fields.maxMinutosDia).toBe('La ley permite como máximo 2 horas extra por día.');
    const backwards = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, pactBody(ana.id, '2026-03-04', '2026-03-01'));
    expect(backwards.json().error.fields.hasta).toBe('La fecha de término no puede ser anterior a la de inicio.');

    const created = await api('POST', '/api/v1/pactos-horas-extra', leader.headers, { ...pactBody(ana.id, '2026-01-05', '2026-03-04'), comentario: 'Inventario de temporada' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ maxMinutosDia: 90, estado: 'vencido', diasRestantes: null, documento: null, puedeEditar: true, comentario: 'Inventario de temporada' });
    expect(created.json().usuario).toMatchObject({ id: ana.id, rut: formatRut(ana.rut), grupo: { id: groupA, nombre: 'Ventas' } });
    anaPact = created.json().id;
  });

  it('never overlap for one worker; a renewal starts the day after', async () => {
    const overlapping = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, pactBody(ana.id, '2026-03-04', '2026-04-30'));
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error.message).toBe('Se superpone con el pacto del 05-01-2026 al 04-03-2026. Un trabajador tiene un solo pacto por día.');
    const renewal = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, pactBody(diego.id, '2026-03-10', '2026-03-25', 120));
    expect(renewal.statusCode).toBe(201);
    expect(renewal.json()).toMatchObject({ estado: 'vigente', diasRestantes: 5 });
    const moved = await api('PATCH', `/api/v1/pactos-horas-extra/${renewal.json().id}`, admin.headers, { desde: '2026-02-01', hasta: '2026-05-01' });
    expect(moved.statusCode).toBe(400);
    expect((await api('PATCH', `/api/v1/pactos-horas-extra/${renewal.json().id}`, admin.headers, { maxMinutosDia: 60 })).json().maxMinutosDia).toBe(60);
    expect((await api('DELETE', `/api/v1/pactos-horas-extra/${renewal.json().id}`, admin.headers)).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/pactos-horas-extra/${renewal.json().id}`, admin.headers)).statusCode).toBe(404);
  });

  it('are managed by the administrador and the worker’s leader only; the worker reads their own', async () => {
    expect((await api('POST', '/api/v1/pactos-horas-extra', otherLeader.headers, pactBody(ana.id, '2026-04-01', '2026-04-30'))).statusCode).toBe(404);
    expect((await api('POST', '/api/v1/pactos-horas-extra', ana.headers, pactBody(ana.id, '2026-04-01', '2026-04-30'))).statusCode).toBe(403);
    expect((await api('PATCH', `/api/v1/pactos-horas-extra/${anaPact}`, otherLeader.headers, { maxMinutosDia: 30 })).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/pactos-horas-extra/${anaPact}`, diego.headers)).statusCode).toBe(404);
    const own = await api('GET', '/api/v1/pactos-horas-extra/mios', ana.headers);
    expect(own.json()).toMatchObject({ total: 1, items: [{ id: anaPact, puedeEditar: false }] });
    expect((await api('GET', '/api/v1/pactos-horas-extra', ana.headers)).statusCode).toBe(403);
    const mine = await api('GET', '/api/v1/pactos-horas-extra', leader.headers);
    expect(mine.json().items.map((p: { id: string }) => p.id)).toEqual([anaPact]);
    const theirs = await api('GET', '/api/v1/pactos-horas-extra', otherLeader.headers);
    expect(theirs.json().total).toBe(0);
    expect((await api('GET', `/api/v1/pactos-horas-extra?grupoId=${groupB}`, leader.headers)).statusCode).toBe(404);
  });

  it('keep their signed document, checked by content and served only to who may see it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% pacto firmado\n');
    const upload = multipartFile(pdf, { filename: 'pacto-ana.pdf', contentType: 'application/pdf' });
    const stored = await t.app.inject({ method: 'POST', url: `/api/v1/pactos-horas-extra/${anaPact}/documento`, headers: { ...admin.headers, ...upload.headers }, payload: upload.payload });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().documento).toEqual({ nombre: 'pacto-ana.pdf', tipo: 'application/pdf', tamano: pdf.length });
    const read = await api('GET', `/api/v1/pactos-horas-extra/${anaPact}/documento`, ana.headers);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(pdf)).toBe(true);
    expect((await api('GET', `/api/v1/pactos-horas-extra/${anaPact}/documento`, diego.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/pactos-horas-extra/${anaPact}/documento`, otherLeader.headers)).statusCode).toBe(404);
    const fake = multipartFile('<html>no soy un PDF</html>', { filename: 'pacto.pdf', contentType: 'application/pdf' });
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/pactos-horas-extra/${anaPact}/documento`, headers: { ...admin.headers, ...fake.headers }, payload: fake.payload });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.archivo).toBe('El archivo debe ser un PDF, una imagen JPEG o una imagen PNG.');
    const big = multipartFile(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(5 * 1024 * 1024)]), { filename: 'grande.pdf' });
    const tooBig = await t.app.inject({ method: 'POST', url: `/api/v1/pactos-horas-extra/${anaPact}/documento`, headers: { ...admin.headers, ...big.headers }, payload: big.payload });
    expect(tooBig.statusCode).toBe(400);
    const byWorker = await t.app.inject({ method: 'POST', url: `/api/v1/pactos-horas-extra/${anaPact}/documento`, headers: { ...ana.headers, ...upload.headers }, payload: upload.payload });
    expect(byWorker.statusCode).toBe(403);
  });

  it('refuse bad input in Spanish and other companies’ ids as unknown', async () => {
    const cases: [object, string][] = [
      [{ ...pactBody(ana.id, '2026-04-01', '2026-04-30'), maxMinutosDia: '60' }, 'maxMinutosDia'],
      [{ ...pactBody(ana.id, '2026-04-01', '2026-04-30'), maxMinutosDia: 1e12 }, 'maxMinutosDia'],
      [{ ...pactBody(ana.id, '2026-02-30', '2026-04-30') }, 'desde'],
      [{ ...pactBody(ana.id, '2026-04-01', '2026-04-30'), comentario: 'a\u0000b' }, 'comentario'],
      [{ ...pactBody(ana.id, '2026-04-01', '2026-04-30'), comentario: 'x'.repeat(501) }, 'comentario'],
    ];
    for (const [body] of cases) {
      const response = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toMatch(/[a-záéíóú]/);
    }
    expect((await api('POST', '/api/v1/pactos-horas-extra', admin.headers, pactBody('no-es-un-id', '2026-04-01', '2026-04-30'))).statusCode).toBe(404);
    expect((await api('POST', '/api/v1/pactos-horas-extra', other.admin.headers, pactBody(ana.id, '2026-04-01', '2026-04-30'))).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/pactos-horas-extra/${anaPact}`, other.admin.headers)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/v1/pactos-horas-extra/${anaPact}`, other.admin.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/pactos-horas-extra/${anaPact}/documento`, other.admin.headers)).statusCode).toBe(404);
  });
});

describe('overtime found by the evaluation', () => {
  it('is listed with its pact and its flags, all of it confirmable whatever the pact (art. 32 inc. 3)', async () => {
    const response = await api('GET', `/api/v1/horas-extra${month}`, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const { items, total, totales, umbralRevisionMinutos } = response.json() as { items: Item[]; total: number; totales: Record<string, number>; umbralRevisionMinutos: number };
    expect(total).toBe(5);
    expect(umbralRevisionMinutos).toBe(30);
    const found = 3 * H + 4200 + 2 * H + H + 2 * H;
    expect(totales).toEqual({ encontradaSegundos: found, aprobadaSegundos: 0, rechazadaSegundos: 0, pendienteSegundos: found, pendientes: 5, rechazadas: 0, conAlertas: 5, conIncumplimiento: 4 });
    expect(itemOf(items, ana.id, '2026-03-02')).toMatchObject({
      estado: 'pendiente',
      encontradaSegundos: 3 * H,
      dentroLimiteSegundos: 2 * H,
      sobreLimiteSegundos: H,
      pacto: { id: anaPact, maxMinutosDia: 90 },
      aprobableSegundos: 3 * H,
      alertas: ['sobre_limite_legal', 'sobre_pacto', 'sobre_umbral'],
      puedeDecidir: true,
    });
    expect(itemOf(items, ana.id, '2026-03-03')).toMatchObject({ encontradaSegundos: 4200, aprobableSegundos: 4200, alertas: ['sobre_umbral'] });
    // The pact ended on 03-04: Thursday's hour has none in force, and is owed all the same.
    expect(itemOf(items, ana.id, '2026-03-05')).toMatchObject({ encontradaSegundos: H, pacto: null, aprobableSegundos: H, alertas: ['sin_pacto', 'sobre_umbral'] });
    expect(itemOf(items, diego.id, '2026-03-02')).toMatchObject({ pacto: null, alertas: ['sin_pacto', 'sobre_umbral'] });
    expect(items.map((i) => i.fecha)).toEqual(['2026-03-05', '2026-03-04', '2026-03-03', '2026-03-02', '2026-03-02']);
  });

  it('is listed by exception over a review threshold the administrador sets (never a limit of pay)', async () => {
    expect((await api('GET', '/api/v1/horas-extra/configuracion', leader.headers)).json()).toEqual({ umbralRevisionMinutos: 30, actualizadoPor: null, actualizadoEn: null });
    expect((await api('PUT', '/api/v1/horas-extra/configuracion', leader.headers, { umbralRevisionMinutos: 120 })).statusCode).toBe(403);
    for (const bad of [121, -1, '30', 1.5, null]) {
      const refused = await api('PUT', '/api/v1/horas-extra/configuracion', admin.headers, { umbralRevisionMinutos: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().error.fields.umbralRevisionMinutos).toMatch(/umbral de revisión/);
    }
    const saved = await api('PUT', '/api/v1/horas-extra/configuracion', admin.headers, { umbralRevisionMinutos: 120 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ umbralRevisionMinutos: 120, actualizadoPor: { id: admin.id } });
    expect((await api('GET', '/api/v1/horas-extra/configuracion', other.admin.headers)).json().umbralRevisionMinutos).toBe(30);

    // 03-03's 70 minutes under its pact now need no review; every other day has a compliance flag.
    const all = (await api('GET', `/api/v1/horas-extra${month}`, admin.headers)).json() as { items: Item[]; totales: Record<string, number> };
    expect(itemOf(all.items, ana.id, '2026-03-03')?.alertas).toEqual([]);
    expect(all.totales).toMatchObject({ conAlertas: 4, conIncumplimiento: 4 });
    const exceptions = (await api('GET', `/api/v1/horas-extra${month}&revision=excepciones`, admin.headers)).json() as { items: Item[]; total: number; totales: Record<string, number> };
    expect(exceptions.total).toBe(4);
    expect(exceptions.items.some((i) => i.fecha === '2026-03-03')).toBe(false);
    expect(exceptions.totales.encontradaSegundos).toBe(3 * H + 2 * H + H + 2 * H);
    expect((await api('GET', `/api/v1/horas-extra${month}&revision=algunas`, admin.headers)).statusCode).toBe(400);
  });

  it('filters by worker, group, site and state, in pages; the leader sees their groups only', async () => {
    const led = (await api('GET', `/api/v1/horas-extra${month}`, leader.headers)).json();
    expect(led.total).toBe(4);
    expect(new Set(led.items.map((i: Item) => i.usuario.id))).toEqual(new Set([ana.id]));
    expect((await api('GET', `/api/v1/horas-extra${month}&grupoId=${groupB}`, admin.headers)).json().total).toBe(1);
    expect((await api('GET', `/api/v1/horas-extra${month}&sedeId=${siteId}&usuarioId=${diego.id}`, admin.headers)).json().total).toBe(1);
    const paged = (await api('GET', `/api/v1/horas-extra${month}&pageSize=2&page=2`, admin.headers)).json();
    expect(paged).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(2);
    expect((await api('GET', `/api/v1/horas-extra${month}&usuarioId=${diego.id}`, leader.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/horas-extra${month}&grupoId=${groupB}`, leader.headers)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/horas-extra${month}&sedeId=${randomUUID()}`, admin.headers)).statusCode).toBe(404);
    expect((await api('GET', '/api/v1/horas-extra?desde=2026-03-31&hasta=2026-03-01', admin.headers)).statusCode).toBe(400);
    expect((await api('GET', '/api/v1/horas-extra?desde=2025-01-01&hasta=2026-03-01', admin.headers)).statusCode).toBe(400);
    expect((await api('GET', `/api/v1/horas-extra${month}&estado=otro`, admin.headers)).statusCode).toBe(400);
    expect((await api('GET', `/api/v1/horas-extra${month}`, ana.headers)).statusCode).toBe(403);
    expect((await api('GET', `/api/v1/horas-extra${month}`, other.admin.headers)).json().total).toBe(0);
  });

  it('is confirmed all or in part by the worker’s leader, never beyond what was found, whatever the pact', async () => {
    const url = (who: Person, fecha: string, action = 'aprobar') => `/api/v1/horas-extra/${who.id}/${fecha}/${action}`;
    expect((await api('POST', url(ana, '2026-03-02'), otherLeader.headers, {})).statusCode).toBe(404);
    expect((await api('POST', url(ana, '2026-03-02'), ana.headers, {})).statusCode).toBe(403);
    expect((await api('POST', url(ana, '2026-03-02'), other.admin.headers, {})).statusCode).toBe(404);
    const overFound = await api('POST', url(ana, '2026-03-03'), leader.headers, { segundos: 4201 });
    expect(overFound.statusCode).toBe(400);
    expect(overFound.json().error.fields.segundos).toBe('No puedes confirmar más de las horas extra encontradas ese día (1:10:00).');
    expect((await api('POST', url(ana, '2026-03-02'), leader.headers, { segundos: 3 * H + 1 })).statusCode).toBe(400);
    expect((await api('POST', url(ana, '2026-03-02'), leader.headers, { segundos: 0 })).statusCode).toBe(400);
    expect((await api('POST', url(ana, '2026-03-02'), leader.headers, { segundos: 1.5 })).statusCode).toBe(400);
    expect((await api('POST', url(ana, '2026-02-30'), leader.headers, {})).statusCode).toBe(400);
    expect((await api('POST', url(ana, '2026-03-06'), leader.headers, {})).statusCode).toBe(409);

    const part = await api('POST', url(ana, '2026-03-02'), leader.headers, { segundos: H, motivo: 'Dos horas fueron colación sin marcar: se pidió corregir la marca' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ estado: 'aprobado', aprobadaSegundos: H, encontradaAlDecidirSegundos: 3 * H, decididoPor: { id: leader.id }, motivo: 'Dos horas fueron colación sin marcar: se pidió corregir la marca' });
    const all = await api('POST', url(ana, '2026-03-03'), admin.headers, {});
    expect(all.json()).toMatchObject({ estado: 'aprobado', aprobadaSegundos: 4200 });
  });

  it('without a pact in force (expired) is confirmed all the same and stays flagged; it may be disputed with a reason', async () => {
    const url = (fecha: string, action: string) => `/api/v1/horas-extra/${ana.id}/${fecha}/${action}`;
    const confirmed = await api('POST', url('2026-03-05', 'aprobar'), leader.headers, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ estado: 'aprobado', aprobadaSegundos: H, pacto: null, alertas: ['sin_pacto'] });
    expect((await api('POST', url('2026-03-05', 'rechazar'), leader.headers, {})).statusCode).toBe(400);
    expect((await api('POST', url('2026-03-05', 'rechazar'), leader.headers, { motivo: '   ' })).statusCode).toBe(400);
    const rejected = await api('POST', url('2026-03-05', 'rechazar'), leader.headers, { motivo: 'Sin pacto vigente' });
    expect(rejected.json()).toMatchObject({ estado: 'rechazado', aprobadaSegundos: 0, motivo: 'Sin pacto vigente' });
  });

  it('is confirmed in bulk, all of each day, leaving the rest with the reason; an unknown day writes nothing', async () => {
    const refused = await api('POST', '/api/v1/horas-extra/aprobar', leader.headers, {
      items: [
        { usuarioId: ana.id, fecha: '2026-03-04' },
        { usuarioId: diego.id, fecha: '2026-03-02' },
      ],
    });
    expect(refused.statusCode).toBe(404);
    const still = (await api('GET', `/api/v1/horas-extra${month}&usuarioId=${ana.id}&estado=pendiente`, leader.headers)).json();
    expect(still.items.map((i: Item) => i.fecha)).toEqual(['2026-03-04']);
    expect((await api('POST', '/api/v1/horas-extra/aprobar', leader.headers, { items: [] })).statusCode).toBe(400);

    const bulk = await api('POST', '/api/v1/horas-extra/aprobar', leader.headers, {
      items: [
        { usuarioId: ana.id, fecha: '2026-03-04' },
        { usuarioId: ana.id, fecha: '2026-03-05' },
        { usuarioId: ana.id, fecha: '2026-03-02' },
        { usuarioId: ana.id, fecha: '2026-03-07' },
      ],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({ confirmadas: 1, confirmadasSegundos: 2 * H });
    expect(bulk.json().omitidas).toEqual([
      { usuarioId: ana.id, fecha: '2026-03-02', motivo: 'Ya estaban confirmadas.' },
      { usuarioId: ana.id, fecha: '2026-03-05', motivo: 'Están en disputa.' },
      { usuarioId: ana.id, fecha: '2026-03-07', motivo: 'Ese día no tiene horas extra que revisar.' },
    ]);
    expect((await api('GET', `/api/v1/horas-extra${month}&usuarioId=${ana.id}`, leader.headers)).json().items.find((i: Item) => i.fecha === '2026-03-04')).toMatchObject({ estado: 'aprobado', aprobadaSegundos: 2 * H });
    const neither = await api('POST', '/api/v1/horas-extra/aprobar', leader.headers, { filtro: { desde: '2026-03-01' }, items: [] });
    expect(neither.statusCode).toBe(400);
    expect((await api('POST', '/api/v1/horas-extra/aprobar', leader.headers, { filtro: { grupoId: groupB } })).statusCode).toBe(404);
  });

  it('the worker sees their own, approved or not', async () => {
    const own = await api('GET', `/api/v1/horas-extra/mias${month}`, ana.headers);
    expect(own.statusCode).toBe(200);
    const { items, totales } = own.json() as { items: Item[]; totales: Record<string, number> };
    expect(items.map((i) => [i.fecha, i.estado, i.aprobadaSegundos, i.puedeDecidir])).toEqual([
      ['2026-03-05', 'rechazado', 0, false],
      ['2026-03-04', 'aprobado', 2 * H, false],
      ['2026-03-03', 'aprobado', 4200, false],
      ['2026-03-02', 'aprobado', H, false],
    ]);
    expect(totales).toMatchObject({ aprobadaSegundos: H + 4200 + 2 * H, rechazadaSegundos: 2 * H + H, pendienteSegundos: 0, rechazadas: 1 });
    expect((await api('GET', `/api/v1/horas-extra/mias${month}`, diego.headers)).json().items).toMatchObject([{ estado: 'pendiente', usuario: { id: diego.id } }]);
  });

  it('a pact changes freely under confirmed overtime: a confirmation reviews worked time, it does not depend on the pact', async () => {
    expect((await api('PATCH', `/api/v1/pactos-horas-extra/${anaPact}`, admin.headers, { maxMinutosDia: 60 })).statusCode).toBe(200);
    const day = (await api('GET', `/api/v1/horas-extra${month}&usuarioId=${ana.id}`, leader.headers)).json().items.find((i: Item) => i.fecha === '2026-03-04');
    expect(day).toMatchObject({ estado: 'aprobado', aprobadaSegundos: 2 * H, alertas: ['sobre_pacto'] });
    expect((await api('PATCH', `/api/v1/pactos-horas-extra/${anaPact}`, admin.headers, { maxMinutosDia: 90 })).statusCode).toBe(200);
  });

  it('shows when the evaluation changed after the decision, and payroll never gets more than is found', async () => {
    // A longer shift on Monday and Tuesday (08:00–18:00): the evaluation now finds 2 h and 10 min.
    const shiftL = await createShift({ codigo: 'X', inicio: '08:00', fin: '18:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } });
    await plan(ana.id, '2026-03-02', shiftL);
    await plan(ana.id, '2026-03-03', shiftL);
    const { items } = (await api('GET', `/api/v1/horas-extra${month}&usuarioId=${ana.id}`, leader.headers)).json() as { items: Item[] };
    expect(itemOf(items, ana.id, '2026-03-02')).toMatchObject({ encontradaSegundos: 2 * H, encontradaAlDecidirSegundos: 3 * H, aprobadaSegundos: H, alertas: ['sobre_pacto', 'cambio'] });
    expect(itemOf(items, ana.id, '2026-03-03')).toMatchObject({ encontradaSegundos: 600, encontradaAlDecidirSegundos: 4200, aprobadaSegundos: 4200, alertas: ['cambio'] });

    const paid = await t.app.overtimeReads.approvedOvertime(t.database.db, companyId, [ana.id, diego.id], '2026-03-01', '2026-03-31');
    expect([...paid.keys()]).toEqual([ana.id]);
    expect(Object.fromEntries(paid.get(ana.id)!)).toEqual({ '2026-03-02': H, '2026-03-03': 600, '2026-03-04': 2 * H });
    expect((await t.app.overtimeReads.approvedOvertime(t.database.db, companyId, [ana.id], '2026-03-04', '2026-03-04')).get(ana.id)?.get('2026-03-04')).toBe(2 * H);
    expect((await t.app.overtimeReads.approvedOvertime(t.database.db, other.companyId, [ana.id], '2026-03-01', '2026-03-31')).size).toBe(0);
  });

  it('lists the pacts about to end (the home page’s card counts them)', async () => {
    const created = await api('POST', '/api/v1/pactos-horas-extra', admin.headers, pactBody(diego.id, '2026-03-10', '2026-03-25', 120));
    expect(created.statusCode).toBe(201);
    const listed = (await api('GET', '/api/v1/pactos-horas-extra?venceEnDias=7', admin.headers)).json();
    expect(listed.items.map((p: { id: string }) => p.id)).toEqual([created.json().id]);
  });
});

describe('a closed payroll month', () => {
  it('keeps its overtime decisions: approving, rejecting or approving in bulk a day in it is refused; reopened, they go through', async () => {
    // Diego's 2 h on 2026-03-16, under his pact of 03-10..03-25 (120 minutes a day).
    await plan(diego.id, '2026-03-16', shiftD);
    await markAt(diego, 'entrada', '2026-03-16T11:00:00Z');
    await markAt(diego, 'salida', '2026-03-16T22:00:00Z');
    await t.database.db.insert(payrollPeriods).values({ companyId, periodo: '202603', closedAt: new Date('2026-04-01T12:00:00Z'), closedBy: admin.id });
    const closed = 'El mes de marzo de 2026 está cerrado para remuneraciones: no admite cambios. Un administrador puede reabrirlo indicando el motivo.';
    const url = (fecha: string, action: string) => `/api/v1/horas-extra/${diego.id}/${fecha}/${action}`;
    for (const response of [
      await api('POST', url('2026-03-16', 'aprobar'), otherLeader.headers, {}),
      await api('POST', url('2026-03-02', 'rechazar'), otherLeader.headers, { motivo: 'Sin pacto vigente' }),
      await api('POST', '/api/v1/horas-extra/aprobar', otherLeader.headers, { items: [{ usuarioId: diego.id, fecha: '2026-03-16' }] }),
      await api('POST', '/api/v1/horas-extra/aprobar', otherLeader.headers, { filtro: { desde: '2026-03-01', hasta: '2026-03-31', usuarioId: diego.id } }),
    ]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.message).toBe(closed);
    }
    const pending = (await api('GET', `/api/v1/horas-extra${month}&usuarioId=${diego.id}&estado=pendiente`, otherLeader.headers)).json();
    expect(pending.items.map((i: Item) => i.fecha)).toEqual(['2026-03-16', '2026-03-02']);

    await t.database.db.update(payrollPeriods).set({ closedAt: null, reopenedAt: new Date('2026-04-02T12:00:00Z'), reopenedBy: admin.id, reopenReason: 'Faltaban horas extra' }).where(eq(payrollPeriods.companyId, companyId));
    // Every pending day of the filter at once: 03-16 (2 h under his pact) and 03-02 (2 h without one).
    const bulk = await api('POST', '/api/v1/horas-extra/aprobar', otherLeader.headers, { filtro: { desde: '2026-03-01', hasta: '2026-03-31', usuarioId: diego.id } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ confirmadas: 2, confirmadasSegundos: 4 * H, omitidas: [] });
    const again = await api('POST', '/api/v1/horas-extra/aprobar', otherLeader.headers, { filtro: { desde: '2026-03-01', hasta: '2026-03-31', usuarioId: diego.id } });
    expect(again.json()).toEqual({ confirmadas: 0, confirmadasSegundos: 0, omitidas: [] });
    expect((await api('POST', url('2026-03-02', 'rechazar'), otherLeader.headers, { motivo: 'Sin pacto vigente' })).statusCode).toBe(200);
  });
});

