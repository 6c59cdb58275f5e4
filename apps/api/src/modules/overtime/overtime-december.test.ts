/**
 * Overtime in commerce's December extension (art. 24): «cuando el empleador ejerciere la facultad prevista en el
 * inciso anterior no procederá pactar horas extraordinarias». A shop (America/Santiago, UTC-3 in December) declares
 * Tuesday 15 December 2026 extended by 2 hours. Ana (40 agreed hours) is planned Monday to Friday 08:00–17:00 with a
 * fixed colación (8 h) and, on the Tuesday, 08:00–19:00 (10 h: the extension planned), so the week plans 42 h and
 * the engine gives the 2 hours over her agreed 40 to the Friday; on the Tuesday she stays until 20:00, an hour past
 * the plan and past the extension.
 */
import { randomUUID } from 'node:crypto';
import type { TipoMarca } from '@jornada/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, planningDays, sites } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

const H = 3600;
let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let ana: Person;
let diego: Person;

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const declare = (dias: { fecha: string; minutos: number }[]) => api('PUT', '/api/v1/planificaciones/extension-diciembre', admin.headers, { anio: 2026, dias });
const pact = (usuarioId: string, desde: string, hasta: string) => api('POST', '/api/v1/pactos-horas-extra', admin.headers, { usuarioId, desde, hasta, maxMinutosDia: 120 });

async function createShift(body: Record<string, unknown>) {
  const response = await api('POST', '/api/v1/turnos', admin.headers, { nombre: `Turno ${String(body.codigo)}`, color: '#228be6', confirmarAdvertencias: true, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; version: number }>();
}

async function plan(userId: string, date: string, shift: { id: string; version: number }) {
  const now = new Date('2026-11-01T00:00:00Z');
  await t.database.db.insert(planningDays).values({ companyId, userId, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: now, assignedAt: now, origin: 'manual' });
}

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-12-28T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin;
  await t.database.db.update(companies).set({ rubro: 'Comercio minorista' }).where(eq(companies.id, companyId));
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Tienda Centro', region: 'RM', comuna: 'Santiago' }).returning({ id: sites.id });
  ana = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Ana', apellidos: 'Arancibia', horasSemanales: 40 });
  diego = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Diego', apellidos: 'Díaz', horasSemanales: 40 });
  const day = await createShift({ codigo: 'D', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } });
  const extended = await createShift({ codigo: 'DX', inicio: '08:00', fin: '19:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' } });
  for (const date of ['2026-12-14', '2026-12-16', '2026-12-17', '2026-12-18']) await plan(ana.id, date, day);
  await plan(ana.id, '2026-12-15', extended);
  for (const date of ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18']) {
    await markAt(ana, 'entrada', `${date}T11:00:00Z`);
    await markAt(ana, 'salida', date === '2026-12-15' ? `${date}T23:00:00Z` : `${date}T20:00:00Z`);
  }
}, 120_000);
afterAll(() => t.close());

describe('no overtime pact on a declared December extension day (art. 24 inc. 2)', () => {
  it('a pact covering a declared day is refused in Spanish (409), naming the days; one that leaves them out goes through', async () => {
    expect((await declare([{ fecha: '2026-12-15', minutos: 120 }])).statusCode).toBe(200);
    const covering = await pact(ana.id, '2026-12-01', '2026-12-31');
    expect(covering.statusCode, covering.body).toBe(409);
    expect(covering.json().error.message).toBe(
      'El pacto cubre el día 15-12-2026, que la empresa declaró como extensión de jornada de diciembre: cuando el empleador extiende la jornada no procede pactar horas extra (art. 24). Deja esos días fuera del pacto, o retíralos de la extensión en la planificación.',
    );
    expect((await pact(ana.id, '2026-12-21', '2027-01-31')).statusCode).toBe(201);
    const before = await pact(diego.id, '2026-11-01', '2026-12-14');
    expect(before.statusCode, before.body).toBe(201);
    // Moving a pact onto the declared day is refused the same way; other changes go through.
    const moved = await api('PATCH', `/api/v1/pactos-horas-extra/${before.json<{ id: string }>().id}`, admin.headers, { hasta: '2026-12-20' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.fields.hasta).toMatch(/^El pacto cubre el día 15-12-2026/);
    expect((await api('PATCH', `/api/v1/pactos-horas-extra/${before.json<{ id: string }>().id}`, admin.headers, { maxMinutosDia: 60 })).statusCode).toBe(200);
  });

  it('declaring a day an overtime pact covers is refused (409) naming the pact, and nothing is written', async () => {
    const response = await declare([
      { fecha: '2026-12-15', minutos: 120 },
      { fecha: '2026-12-10', minutos: 60 },
    ]);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.fields.dias).toBe(
      'Hay pactos de horas extra vigentes en esos días: Diego Díaz (del 01-11-2026 al 14-12-2026). Cuando el empleador extiende la jornada de diciembre no procede pactar horas extra (art. 24): acorta o divide esos pactos para dejar fuera los días declarados, o declara otros días.',
    );
    const read = await api('GET', '/api/v1/planificaciones/extension-diciembre?anio=2026', admin.headers);
    expect(read.json<{ dias: { fecha: string }[] }>().dias.map((d) => d.fecha)).toEqual(['2026-12-15']);
    // A day no pact covers is declared.
    expect((await declare([{ fecha: '2026-12-15', minutos: 120 }, { fecha: '2026-12-16', minutos: 60 }])).statusCode).toBe(200);
    expect((await declare([{ fecha: '2026-12-15', minutos: 120 }])).statusCode).toBe(200);
  });
});

describe('overtime found on a declared day beyond the extension', () => {
  it('is paid and flagged as the employer’s problem; the extension itself needs no pact', async () => {
    const response = await api('GET', '/api/v1/horas-extra?desde=2026-12-01&hasta=2026-12-31&revision=todas', admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json<{ items: { usuario: { id: string }; fecha: string; encontradaSegundos: number; aprobableSegundos: number; alertas: string[] }[] }>().items;
    const of = (fecha: string) => items.find((i) => i.usuario.id === ana.id && i.fecha === fecha);
    // The hour past the plan and past the extension on the declared Tuesday: owed, confirmable, flagged.
    expect(of('2026-12-15')).toMatchObject({ encontradaSegundos: H, aprobableSegundos: H, alertas: ['extension_diciembre', 'sobre_umbral'] });
    // The planned extension, paid as overtime on the Friday where the engine put the week's hours over the agreed: no pact needed.
    expect(of('2026-12-18')).toMatchObject({ encontradaSegundos: 2 * H, alertas: ['sobre_umbral'] });

    const compliance = await t.app.overtimeReads.overtimeCompliance(t.database.db, companyId, [ana.id], '2026-12-01', '2026-12-31');
    expect(compliance.get(ana.id)).toEqual({ withoutPactSeconds: 0, beyondTwoHoursSeconds: 0, restDaySeconds: 0, beyondDecemberExtensionSeconds: H, days: 1 });
  });
});
