/**
 * The holiday calendar routes: the law's days with the company's own, adding a day for a future date and
 * removing one not yet past, the Spanish 400s, the tenant scope, and a company day reaching the engine
 * at once (the evaluation lifts a planned shift, the planning grid and its alerts, vacation day counts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDays, companies, companyHolidays, planningDays, sites } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

let t: TestApp;
type Headers = Record<string, string>;

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  // Sunday 1 March 2026, 09:00 in Santiago: every date below is in the future unless said otherwise.
  t.clock.set('2026-03-01T12:00:00Z');
});
afterAll(() => t.close());

describe('GET /api/v1/feriados', () => {
  it("lists the year's law holidays (national and regional, with their law) and the company's own, by date", async () => {
    const { admin } = await companyWithAdmin(t.app);
    const response = await api('GET', '/api/v1/feriados?anio=2025', admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ anio: 2025, hoy: '2026-03-01', eliminados: [] });
    const election = body.feriados.find((f: { fecha: string }) => f.fecha === '2025-11-16');
    expect(election).toMatchObject({ id: null, nombre: 'Elecciones presidenciales y parlamentarias', tipo: 'nacional', irrenunciable: false, ley: 'Ley 18.700', eliminable: false });
    expect(body.feriados.find((f: { fecha: string }) => f.fecha === '2025-06-07')).toMatchObject({ tipo: 'regional', regiones: ['AP'] });
    const fechas = body.feriados.map((f: { fecha: string }) => f.fecha);
    expect([...fechas].sort()).toEqual(fechas);
    // The current year by default (Santiago's date).
    expect((await api('GET', '/api/v1/feriados', admin.headers)).json().anio).toBe(2026);
  });

  it('is for the administrador only, and answers a bad year in Spanish', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const worker = await addPerson(t.app, t.database.db, companyId, 'trabajador');
    const supervisor = await addPerson(t.app, t.database.db, companyId, 'supervisor');
    expect((await api('GET', '/api/v1/feriados', worker.headers)).statusCode).toBe(403);
    expect((await api('GET', '/api/v1/feriados', supervisor.headers)).statusCode).toBe(403);
    expect((await api('POST', '/api/v1/feriados', worker.headers, { fecha: '2026-03-20', nombre: 'X' })).statusCode).toBe(403);
    const bad = await api('GET', '/api/v1/feriados?anio=1999', admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.anio).toBe('El año debe estar entre 2000 y 2100.');
  });
});

describe('POST and DELETE /api/v1/feriados', () => {
  it('adds a company holiday for a future date, lists it with who added it, and removes it, keeping the log', async () => {
    const { admin } = await companyWithAdmin(t.app);
    const created = await api('POST', '/api/v1/feriados', admin.headers, { fecha: '2026-03-20', nombre: '  Aniversario de la empresa ', irrenunciable: true });
    expect(created.statusCode, created.body).toBe(201);
    const feriado = created.json();
    expect(feriado).toMatchObject({ fecha: '2026-03-20', nombre: 'Aniversario de la empresa', tipo: 'empresa', irrenunciable: true, eliminable: true });
    const national = await api('POST', '/api/v1/feriados', admin.headers, { fecha: '2026-11-15', nombre: 'Elección futura', tipo: 'nacional' });
    expect(national.json()).toMatchObject({ tipo: 'nacional', irrenunciable: false });

    const year = (await api('GET', '/api/v1/feriados?anio=2026', admin.headers)).json();
    const listed = year.feriados.filter((f: { id: string | null }) => f.id !== null);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ id: feriado.id, fecha: '2026-03-20', tipo: 'empresa', creadoPor: expect.any(String), creadoEn: expect.any(String) });

    const removed = await api('DELETE', `/api/v1/feriados/${feriado.id}`, admin.headers);
    expect(removed.statusCode, removed.body).toBe(204);
    const after = (await api('GET', '/api/v1/feriados?anio=2026', admin.headers)).json();
    expect(after.feriados.some((f: { id: string | null }) => f.id === feriado.id)).toBe(false);
    expect(after.eliminados).toEqual([expect.objectContaining({ id: feriado.id, fecha: '2026-03-20', nombre: 'Aniversario de la empresa', eliminadoPor: expect.any(String) })]);
    // Removed twice: it no longer exists. The date is free again.
    expect((await api('DELETE', `/api/v1/feriados/${feriado.id}`, admin.headers)).statusCode).toBe(404);
    expect((await api('POST', '/api/v1/feriados', admin.headers, { fecha: '2026-03-20', nombre: 'Otra vez' })).statusCode).toBe(201);
  });

  it('refuses in Spanish a past date or today, a duplicate, a national holiday, bad input, and writes nothing', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    const post = (payload: object) => api('POST', '/api/v1/feriados', admin.headers, payload);
    const fields = async (payload: object) => {
      const response = await post(payload);
      expect(response.statusCode, response.body).toBe(400);
      return response.json().error.fields;
    };
    expect(await fields({ fecha: '2026-02-27', nombre: 'Ayer' })).toEqual({ fecha: 'La fecha del feriado debe ser posterior a hoy: los días que ya pasaron no se cambian.' });
    expect(await fields({ fecha: '2026-03-01', nombre: 'Hoy' })).toEqual({ fecha: 'La fecha del feriado debe ser posterior a hoy: los días que ya pasaron no se cambian.' });
    expect(await fields({ fecha: '2026-05-01', nombre: 'Trabajo' })).toEqual({ fecha: 'Esa fecha ya es feriado en todo el país: Día Nacional del Trabajo.' });
    expect(await fields({ fecha: '2026-02-30', nombre: 'X' })).toEqual({ fecha: 'La fecha no existe en el calendario.' });
    expect(await fields({ fecha: '', nombre: '   ' })).toEqual({ fecha: 'Ingresa la fecha del feriado.', nombre: 'Ingresa el nombre del feriado.' });
    expect(await fields({ fecha: '2026-03-20', nombre: 'x'.repeat(121) })).toEqual({ nombre: 'El nombre del feriado: máximo 120 caracteres.' });
    expect((await fields({ fecha: '2026-03-20', nombre: 'X', tipo: 'regional' })).tipo).toBe('El tipo de feriado no es válido.');
    expect((await post({ fecha: '2026-03-20', nombre: 'Con \u0000 nulo' })).statusCode).toBe(400);
    expect((await post({ fecha: '2026-03-20', nombre: 'Sustituto \ud800 suelto' })).statusCode).toBe(400);
    expect((await post({ fecha: '2026-03-20', nombre: 'Primero' })).statusCode).toBe(201);
    expect(await fields({ fecha: '2026-03-20', nombre: 'Segundo' })).toEqual({ fecha: 'La empresa ya tiene un feriado en esa fecha.' });
    const rows = await t.database.db.select().from(companyHolidays).where(eq(companyHolidays.companyId, companyId));
    expect(rows.map((r) => [r.fecha, r.nombre])).toEqual([['2026-03-20', 'Primero']]);
  });

  it('does not remove a holiday that is today or past', async () => {
    const { admin, companyId } = await companyWithAdmin(t.app);
    // Added when these dates were still to come.
    const added = await t.database.db
      .insert(companyHolidays)
      .values([
        { companyId, fecha: '2026-03-01', nombre: 'Hoy', createdBy: admin.id, createdAt: new Date('2026-02-01T12:00:00Z') },
        { companyId, fecha: '2026-02-20', nombre: 'Pasado', createdBy: admin.id, createdAt: new Date('2026-02-01T12:00:00Z') },
      ])
      .returning({ id: companyHolidays.id });
    for (const { id } of added) {
      const refused = await api('DELETE', `/api/v1/feriados/${id}`, admin.headers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ fecha: 'El feriado ya pasó o es hoy: no se puede eliminar.' });
    }
    const year = (await api('GET', '/api/v1/feriados?anio=2026', admin.headers)).json();
    expect(year.feriados.filter((f: { id: string | null }) => f.id !== null).map((f: { eliminable: boolean }) => f.eliminable)).toEqual([false, false]);
    const rows = await t.database.db.select().from(companyHolidays).where(eq(companyHolidays.companyId, companyId));
    expect(rows.every((row) => row.deletedAt === null)).toBe(true);
  });

  it("keeps each company to its own holidays: another company's id is a 404 and its days are not listed", async () => {
    const mine = await companyWithAdmin(t.app);
    const theirs = await companyWithAdmin(t.app);
    const feriado = (await api('POST', '/api/v1/feriados', theirs.admin.headers, { fecha: '2026-04-10', nombre: 'De la otra' })).json();
    expect((await api('DELETE', `/api/v1/feriados/${feriado.id}`, mine.admin.headers)).statusCode).toBe(404);
    expect((await api('DELETE', '/api/v1/feriados/no-es-un-id', mine.admin.headers)).statusCode).toBe(404);
    const year = (await api('GET', '/api/v1/feriados?anio=2026', mine.admin.headers)).json();
    expect(year.feriados.some((f: { fecha: string }) => f.fecha === '2026-04-10')).toBe(false);
    // The other company's holiday does not touch this company's calendar either.
    expect((await api('POST', '/api/v1/feriados', mine.admin.headers, { fecha: '2026-04-10', nombre: 'La mía' })).statusCode).toBe(201);
  });
});

describe('a company holiday reaches the engine at once', () => {
  let admin: { headers: Headers };
  let companyId: string;
  let worker: Person;
  let shift: { id: string; version: number };

  beforeAll(async () => {
    const company = await companyWithAdmin(t.app);
    admin = company.admin;
    companyId = company.companyId;
    await t.database.db.update(companies).set({ rubro: 'Comercio minorista' }).where(eq(companies.id, companyId));
    const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Tienda', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
    worker = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Tomás', apellidos: 'Torres' });
    const created = await api('POST', '/api/v1/turnos', admin.headers, { nombre: 'Día', codigo: 'D', color: '#228be6', inicio: '09:00', fin: '18:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } });
    expect(created.statusCode, created.body).toBe(201);
    shift = created.json();
    const now = new Date('2026-02-01T00:00:00Z');
    for (const date of ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13']) {
      await t.database.db.insert(planningDays).values({ companyId, userId: worker.id, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: now, assignedAt: now, origin: 'manual' });
    }
  });

  const day = async (date: string) => {
    const response = await api('GET', `/api/v1/asistencia/trabajadores/${worker.id}?desde=${date}&hasta=${date}`, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().dias[0];
  };

  it('lifts the planned shift of that day in the evaluation (its stored day goes stale in the same transaction)', async () => {
    // Tuesday 10 March: a working day with a planned shift (no marks yet, the day is still to come).
    const before = await day('2026-03-10');
    expect(before.estadoDia).not.toBe('feriado');
    const [stored] = await t.database.db.select().from(attendanceDays).where(and(eq(attendanceDays.companyId, companyId), eq(attendanceDays.userId, worker.id), eq(attendanceDays.fecha, '2026-03-10')));
    expect(stored!.stale).toBe(false);

    const feriado = (await api('POST', '/api/v1/feriados', admin.headers, { fecha: '2026-03-10', nombre: 'Feriado de la empresa', irrenunciable: true })).json();
    const [staled] = await t.database.db.select().from(attendanceDays).where(and(eq(attendanceDays.companyId, companyId), eq(attendanceDays.userId, worker.id), eq(attendanceDays.fecha, '2026-03-10')));
    expect(staled!.stale).toBe(true);
    expect(await day('2026-03-10')).toMatchObject({ estadoDia: 'feriado', feriado: 'Feriado de la empresa' });

    // Removing it puts the shift back.
    expect((await api('DELETE', `/api/v1/feriados/${feriado.id}`, admin.headers)).statusCode).toBe(204);
    expect((await day('2026-03-10')).estadoDia).toBe(before.estadoDia);
  });

  it('shows in the planning grid, with the irrenunciable-holiday alert for commerce', async () => {
    await api('POST', '/api/v1/feriados', admin.headers, { fecha: '2026-03-12', nombre: 'Jueves de la empresa', irrenunciable: true });
    const grid = await api('GET', `/api/v1/planificaciones?desde=2026-03-09&hasta=2026-03-15&usuarioIds=${worker.id}`, admin.headers);
    expect(grid.statusCode, grid.body).toBe(200);
    const body = grid.json();
    expect(body.dias.find((d: { fecha: string }) => d.fecha === '2026-03-12').feriado).toEqual({ nombre: 'Jueves de la empresa', irrenunciable: true });
    const row = body.filas.find((f: { usuario: { id: string } }) => f.usuario.id === worker.id);
    expect(row.dias.find((d: { fecha: string }) => d.fecha === '2026-03-12').feriado).toEqual({ nombre: 'Jueves de la empresa', irrenunciable: true });
    expect(row.alertas).toContainEqual(expect.objectContaining({ codigo: 'turno_en_feriado_irrenunciable', fecha: '2026-03-12' }));
  });

  it('is not a business day in a vacation', async () => {
    await api('POST', '/api/v1/feriados', admin.headers, { fecha: '2026-03-18', nombre: 'Miércoles de la empresa' });
    const types = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json().items as { id: string; codigo: string }[];
    const vacation = await api('POST', '/api/v1/permisos/solicitudes', worker.headers, { tipoId: types.find((x) => x.codigo === 'VAC.')!.id, desde: '2026-03-16', hasta: '2026-03-20' });
    expect(vacation.statusCode, vacation.body).toBe(201);
    expect(vacation.json().cantidad).toBe(4);
  });
});
