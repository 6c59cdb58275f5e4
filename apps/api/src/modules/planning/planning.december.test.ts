import type { ExtensionDiciembre, PlanificacionGrilla } from '@jornada/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, payrollPeriods } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addGroup, addWorkers, companyWithAdmin, createShift, signInAs, type TestCompany, type TestWorker } from '../../test/fixtures/planning';

let t: TestApp;
let shop: TestCompany;
let office: TestCompany;
let worker: TestWorker;
let long: { id: string; codigo: string };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-20T15:00:00Z');
  shop = await companyWithAdmin(t.app);
  office = await companyWithAdmin(t.app);
  await t.database.db.update(companies).set({ rubro: 'Comercio minorista' }).where(eq(companies.id, shop.companyId));
  worker = (await addWorkers(t.database.db, shop.companyId, 1, { horasSemanales: 42 }))[0]!;
  // 10:00–23:00 with an hour of colación: 12 ordinary hours, ending at the 23:00 closing.
  long = await createShift(t.app, shop.headers, { codigo: 'LAR', inicio: '10:00', fin: '23:00', colacion: { tipo: 'minutos', minutos: 60 } });
});
afterAll(() => t.close());

const URL = '/api/v1/planificaciones/extension-diciembre';
const get = (anio: number | string, headers = shop.headers) => t.app.inject({ method: 'GET', url: `${URL}?anio=${anio}`, headers });
const put = (payload: unknown, headers = shop.headers) =>
  t.app.inject({ method: 'PUT', url: URL, headers: { ...headers, 'content-type': 'application/json' }, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });
const declared = async (anio = 2026, headers = shop.headers) => {
  const response = await get(anio, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ExtensionDiciembre>().dias.map((d) => [d.fecha, d.minutos]);
};

describe('December extension days (art. 24): declare and read', () => {
  it('a commerce company declares its days for a year and reads them back, with who declared them', async () => {
    const empty = await get(2026);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ anio: 2026, comercio: true, desde: '2026-12-10', hasta: '2026-12-24', maxDias: 9, maxMinutos: 120, dias: [] });

    const response = await put({ anio: 2026, dias: [{ fecha: '2026-12-18', minutos: 120 }, { fecha: '2026-12-15', minutos: 90 }] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ExtensionDiciembre>();
    expect(body.dias.map((d) => [d.fecha, d.minutos])).toEqual([['2026-12-15', 90], ['2026-12-18', 120]]);
    expect(body.dias[0]!.declaradoPor).toMatch(/\S/);
    expect(body.dias[0]!.declaradoEn).toBe('2026-11-20T15:00:00.000Z');
    // Another year is apart.
    expect(await declared(2027)).toEqual([]);
  });

  it('replaces the whole set: a day left out is withdrawn, an unchanged one keeps when it was declared', async () => {
    t.clock.set('2026-11-20T15:30:00Z');
    const response = await put({ anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 90 }, { fecha: '2026-12-22', minutos: 60 }] });
    expect(response.statusCode, response.body).toBe(200);
    const dias = response.json<ExtensionDiciembre>().dias;
    expect(dias.map((d) => [d.fecha, d.minutos, d.declaradoEn])).toEqual([
      ['2026-12-15', 90, '2026-11-20T15:00:00.000Z'],
      ['2026-12-22', 60, '2026-11-20T15:30:00.000Z'],
    ]);
    // Put back the first declaration for the tests below.
    expect((await put({ anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 90 }, { fecha: '2026-12-18', minutos: 120 }] })).statusCode).toBe(200);
  });

  it.each([
    ['a tenth day', { anio: 2026, dias: Array.from({ length: 10 }, (_, i) => ({ fecha: `2026-12-${String(10 + i)}`, minutos: 60 })) }, 'dias', 'Como máximo 9 días de extensión al año (art. 24); elegiste 10.'],
    ['a day before the window', { anio: 2026, dias: [{ fecha: '2026-12-09', minutos: 60 }] }, 'dias.0.fecha', 'El 09-12-2026 está fuera de los quince días previos a Navidad: del 10-12-2026 al 24-12-2026 (art. 24).'],
    ['Christmas day', { anio: 2026, dias: [{ fecha: '2026-12-25', minutos: 60 }] }, 'dias.0.fecha', 'El 25-12-2026 está fuera de los quince días previos a Navidad: del 10-12-2026 al 24-12-2026 (art. 24).'],
    ['a day of another year', { anio: 2026, dias: [{ fecha: '2027-12-15', minutos: 60 }] }, 'dias.0.fecha', 'El 15-12-2027 está fuera de los quince días previos a Navidad: del 10-12-2026 al 24-12-2026 (art. 24).'],
    ['more than 2 hours', { anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 150 }] }, 'dias.0.minutos', 'La extensión de un día es de hasta 2 horas (art. 24).'],
    ['less than half an hour', { anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 10 }] }, 'dias.0.minutos', 'La extensión de un día es de al menos media hora.'],
    ['a repeated date', { anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 60 }, { fecha: '2026-12-15', minutos: 90 }] }, 'dias.1.fecha', 'El 15-12-2026 está repetido.'],
    ['a huge year', { anio: 1e308, dias: [] }, 'anio', 'El año debe estar entre 2000 y 2100.'],
  ] as const)('refuses %s with a Spanish 400 and writes nothing', async (_name, payload, field, message) => {
    const response = await put(payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
    expect(await declared()).toEqual([['2026-12-15', 90], ['2026-12-18', 120]]);
  });

  it('refuses a NUL byte and a lone surrogate in the body with a 400, never a 500', async () => {
    for (const payload of ['{"anio":2026,"dias":[{"fecha":"2026-12-1\\u00005","minutos":60}]}', '{"anio":2026,"dias":[{"fecha":"\\ud800","minutos":60}]}']) {
      const response = await put(payload);
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await declared()).toEqual([['2026-12-15', 90], ['2026-12-18', 120]]);
  });

  it('a company outside commerce reads none and cannot declare (400 naming the rubro)', async () => {
    const read = await get(2026, office.headers);
    expect(read.json()).toMatchObject({ comercio: false, dias: [] });
    const response = await put({ anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 60 }] }, office.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.dias).toBe(
      'Solo las empresas del comercio pueden declarar la extensión de jornada de diciembre (art. 24). Revisa el rubro en los datos de la empresa.',
    );
  });

  it('is scoped to the company: another commerce company sees none of these days and its own set is apart', async () => {
    const other = await companyWithAdmin(t.app);
    await t.database.db.update(companies).set({ rubro: 'Supermercado' }).where(eq(companies.id, other.companyId));
    expect(await declared(2026, other.headers)).toEqual([]);
    expect((await put({ anio: 2026, dias: [{ fecha: '2026-12-20', minutos: 30 }] }, other.headers)).statusCode).toBe(200);
    expect(await declared(2026, other.headers)).toEqual([['2026-12-20', 30]]);
    expect(await declared()).toEqual([['2026-12-15', 90], ['2026-12-18', 120]]);
  });

  it('a supervisor plans and may declare; a worker may not (403)', async () => {
    const [lead] = await addWorkers(t.database.db, shop.companyId, 1, { perfil: 'supervisor' });
    await addGroup(t.database.db, shop.companyId, 'Cajas', [lead!.id]);
    const supervisor = await signInAs(t.app, lead!.rut);
    expect((await get(2026, supervisor)).statusCode).toBe(200);
    const staff = await signInAs(t.app, worker.rut);
    expect((await get(2026, staff)).statusCode).toBe(403);
    expect((await put({ anio: 2026, dias: [] }, staff)).statusCode).toBe(403);
    expect(await declared()).toEqual([['2026-12-15', 90], ['2026-12-18', 120]]);
  });

  it('a closed December refuses a change (409) and writes nothing; an unchanged set passes', async () => {
    const shopAdmin = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.id, shop.companyId));
    expect(shopAdmin).toHaveLength(1);
    await t.database.db.insert(payrollPeriods).values({ companyId: shop.companyId, periodo: '202612', closedAt: new Date('2026-11-20T15:30:00Z'), closedBy: shop.adminId });
    const response = await put({ anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 120 }] });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toContain('diciembre de 2026 está cerrado para remuneraciones');
    expect(await declared()).toEqual([['2026-12-15', 90], ['2026-12-18', 120]]);
    const same = await put({ anio: 2026, dias: [{ fecha: '2026-12-18', minutos: 120 }, { fecha: '2026-12-15', minutos: 90 }] });
    expect(same.statusCode, same.body).toBe(200);
    await t.database.db.delete(payrollPeriods).where(eq(payrollPeriods.companyId, shop.companyId));
  });
});

describe('December extension days (art. 24): the plan alerts read them', () => {
  it('a 12-hour shift passes on a day declared with 2 hours, alerts over 11 h 30 min on one with 1 h 30 min, and suggests declaring an undeclared day', async () => {
    for (const fecha of ['2026-12-15', '2026-12-16', '2026-12-18']) {
      const response = await t.app.inject({ method: 'PUT', url: `/api/v1/planificaciones/${worker.id}/${fecha}`, headers: shop.headers, payload: { tipo: 'turno', turnoId: long.id } });
      expect(response.statusCode, response.body).toBe(200);
    }
    const grid = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=2026-12&usuarioIds=${worker.id}`, headers: shop.headers });
    expect(grid.statusCode, grid.body).toBe(200);
    const daily = grid.json<PlanificacionGrilla>().filas[0]!.alertas.filter((a) => a.codigo === 'jornada_diaria_sobre_limite');
    expect(daily.map((a) => [a.fecha, a.valor, a.limite])).toEqual([
      ['2026-12-15', 12 * 3600, 11.5 * 3600],
      ['2026-12-16', 12 * 3600, 10 * 3600],
    ]);
    expect(daily[0]!.mensaje).toBe('Turno 10:00–23:00 del 15-12-2026 con 12 h 00 min ordinarias: supera las 11 h 30 min del día (10 horas más 1 h 30 min de extensión declarada, art. 24).');
    expect(daily[1]!.mensaje).toBe(
      'Turno 10:00–23:00 del 16-12-2026 con 12 h 00 min ordinarias: supera el máximo legal de 10 horas diarias. Del 10 al 24 de diciembre el comercio puede declarar este día como extendido, hasta 2 horas en nueve días (art. 24).',
    );
    // Declaring the 16th with 2 hours clears its alert; the day change's week view reads the declaration too.
    expect((await put({ anio: 2026, dias: [{ fecha: '2026-12-15', minutos: 120 }, { fecha: '2026-12-16', minutos: 120 }, { fecha: '2026-12-18', minutos: 120 }] })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/v1/planificaciones?mes=2026-12&usuarioIds=${worker.id}`, headers: shop.headers });
    expect(after.json<PlanificacionGrilla>().filas[0]!.alertas.filter((a) => a.codigo === 'jornada_diaria_sobre_limite')).toEqual([]);
  });
});
