/**
 * Workers excluded from the limitation of the working day (art. 22 inc. 2 of the Código del Trabajo:
 * managers, administrators, those who work without immediate supervision), end to end through the API,
 * in July 2026 (America/Santiago, UTC-4; shift 09:00–18:00 with a fixed colación 13:00–14:00, 8 h
 * planned; salary 600,000 on 42 agreed hours). Gerardo is excluded, Nora is not; both:
 * - Wednesday 8 July, nothing planned: 08:00–18:00, 10 hours.
 * - Thursday 9 July, planned: no marks.
 * - Friday 10 July, planned: 10:00–18:00, an hour late.
 * Nora's Wednesday is 10 hours of overtime (8 over the 2-hour daily limit: «Jornada sobre el máximo
 * legal»), Thursday an unjustified absence and Friday an hour late. Gerardo has no jornada: 10 ordinary
 * hours, no absence (he need not mark), no lateness, no overtime; his marks and hours are still reported.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ReporteLegal, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { dotted, uniqueRut } from '../../test/factories';
import { julyMark, julyOffice } from '../../test/fixtures/july-office';
import type { Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let gerardo: Person;
let nora: Person;

const H = 3600;
const EXCLUDED = 'Excluido de limitación de jornada (art. 22)';
type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const mark = (person: Person, tipo: TipoMarca, date: string, clock: string) => julyMark(t, companyId, person, tipo, date, clock);

type Row = Record<string, unknown> & { usuarioId: string };
async function payRow(p: Person): Promise<Row> {
  const r = await api('GET', '/api/v1/remuneraciones/202607', admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ items: Row[] }>().items.find((row) => row.usuarioId === p.id)!;
}

async function dayOf(p: Person, fecha: string) {
  const r = await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${p.id}`, admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ dias: { fecha: string; estadoDia: string; segundos: Record<string, number>; inconsistencias: { codigo: string }[] }[] }>().dias.find((d) => d.fecha === fecha)!;
}

async function report(id: string, query = ''): Promise<ReporteLegal> {
  const r = await api('GET', `/api/v1/reportes-legales/${id}?periodo=rango&desde=2026-07-06&hasta=2026-07-12${query}`, admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<ReporteLegal>();
}
const blockOf = (r: ReporteLegal, title: string) => r.bloques.find((b) => b.titulo === title)!;
const rowOf = (r: ReporteLegal, title: string, prefix: string) => blockOf(r, title).filas.find((f) => f.celdas[0]!.startsWith(prefix))!.celdas;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-08-10T15:00:00Z');
  const office = await julyOffice(
    t,
    [
      { nombre: 'Gerardo', apellidos: 'Gómez', cargo: 'Gerente de sucursal' },
      { nombre: 'Nora', apellidos: 'Núñez', cargo: 'Vendedora' },
    ],
    ['2026-07-09', '2026-07-10'],
  );
  ({ companyId, admin } = office);
  [gerardo, nora] = office.people as [Person, Person];
  for (const p of [gerardo, nora]) {
    await t.database.db.update(users).set({ sueldoBase: 600_000, horasSemanales: 42 }).where(eq(users.id, p.id));
    await mark(p, 'entrada', '2026-07-08', '08:00');
    await mark(p, 'salida', '2026-07-08', '18:00');
    await mark(p, 'entrada', '2026-07-10', '10:00');
    await mark(p, 'salida', '2026-07-10', '18:00');
  }
}, 120_000);
afterAll(() => t.close());

describe('the exclusion from the hours limit on the contract (art. 22 inc. 2)', () => {
  it('is false by default, set by PATCH /api/v1/usuarios/:id and on creation, and checked in Spanish', async () => {
    expect((await api('GET', `/api/v1/usuarios/${gerardo.id}`, admin.headers)).json()).toMatchObject({ excluidoLimiteJornada: false });
    const r = await api('PATCH', `/api/v1/usuarios/${gerardo.id}`, admin.headers, { excluidoLimiteJornada: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ excluidoLimiteJornada: true, exceptuadoDescansoDominical: false });
    const wrong = await api('PATCH', `/api/v1/usuarios/${gerardo.id}`, admin.headers, { excluidoLimiteJornada: 'sí' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ excluidoLimiteJornada: 'Indica si el trabajador está excluido de la limitación de jornada.' });
    const created = await api('POST', '/api/v1/usuarios', admin.headers, {
      nombre: 'Amanda',
      apellidos: 'Apoderada',
      rut: dotted(uniqueRut()),
      email: `amanda${randomUUID().slice(0, 6)}@empresa.cl`,
      horasSemanales: 42,
      inicioContrato: '2026-01-05',
      excluidoLimiteJornada: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ excluidoLimiteJornada: true });
  });

  it('art. 22 inc. 2: an unplanned 10-hour day is 10 ordinary hours with no overtime nor legal maximum; the same day of a worker under the limit is 10 hours of overtime', async () => {
    const g = await dayOf(gerardo, '2026-07-08');
    expect(g).toMatchObject({ estadoDia: 'presente', segundos: { trabajado: 10 * H, ordinario: 10 * H, extra: 0, atraso: 0 } });
    expect(g.inconsistencias.map((i) => i.codigo)).not.toContain('jornada_sobre_maximo_legal');
    const n = await dayOf(nora, '2026-07-08');
    expect(n).toMatchObject({ estadoDia: 'presente', segundos: { trabajado: 10 * H, ordinario: 0, extra: 10 * H, extraSobreLimite: 8 * H } });
    expect(n.inconsistencias.map((i) => i.codigo)).toContain('jornada_sobre_maximo_legal');
  });

  it('art. 22 inc. 2: a planned day without marks is no absence and an hour after the shift’s start is no lateness', async () => {
    expect(await dayOf(gerardo, '2026-07-09')).toMatchObject({ estadoDia: 'libre', segundos: { planificado: 8 * H, faltante: 0 } });
    expect(await dayOf(nora, '2026-07-09')).toMatchObject({ estadoDia: 'ausente', segundos: { faltante: 8 * H } });
    expect(await dayOf(gerardo, '2026-07-10')).toMatchObject({ estadoDia: 'presente', segundos: { trabajado: 7 * H, atraso: 0, faltante: 0 } });
    expect(await dayOf(nora, '2026-07-10')).toMatchObject({ estadoDia: 'presente', segundos: { atraso: H, faltante: H } });
  });

  it('art. 22 inc. 2: payroll pays no overtime and deducts no absence nor lateness; the other worker’s are there', async () => {
    expect(await payRow(gerardo)).toMatchObject({
      diasTrabajados: 2,
      ausencias: { dias: 0, valor: 0 },
      faltante: { segundos: 0, valor: 0 },
      horasExtra: { segundos: 0, valor: 0, encontradasSegundos: 0 },
    });
    const n = await payRow(nora);
    expect(n).toMatchObject({ diasTrabajados: 2, ausencias: { dias: 1, valor: 20_000 } });
    expect((n.horasExtra as { segundos: number }).segundos).toBeGreaterThan(0);
  });

  it('art. 22 inc. 2: the DT’s daily report shows the worker as excluded, with his marks and hours, no overtime and no «Jornada sobre el máximo legal»', async () => {
    const r = await report('jornada');
    expect(blockOf(r, 'Gómez, Gerardo').detalles).toContain(EXCLUDED);
    const wed = rowOf(r, 'Gómez, Gerardo', '08/07/26');
    expect(wed[1]).toBe(EXCLUDED);
    expect(wed[2]).toBe('Entrada 08:00:00 · Salida 18:00:00');
    expect(wed[5]).toBe('');
    expect(wed[6]).toBe('');
    expect(wed[8]).not.toContain('Jornada sobre el máximo legal');
    expect(rowOf(r, 'Gómez, Gerardo', '10/07/26')[8]).not.toContain('A.I.');
    expect(rowOf(r, 'Gómez, Gerardo', 'Total semana')).toMatchObject({ 1: EXCLUDED, 8: 'Sin jornada ordinaria que comparar; trabajado 17:00:00' });
    const noraWed = rowOf(r, 'Núñez, Nora', '08/07/26');
    expect(noraWed[1]).toBe('Sin planificar');
    expect(noraWed[6]).toBe('H.E. 10:00:00');
    expect(noraWed[8]).toContain('Jornada sobre el máximo legal');
    expect(blockOf(r, 'Núñez, Nora').detalles).toContain('Jornada completa (42 h semanales)');
  });

  it('art. 22 inc. 2: the DT’s attendance report shows the unmarked planned day as no absence', async () => {
    const r = await report('asistencia');
    expect(rowOf(r, 'Gómez, Gerardo', '09/07/26').slice(1)).toEqual(['No', '', 'Sin marcas; excluido de limitación de jornada (art. 22)']);
    expect(rowOf(r, 'Núñez, Nora', '09/07/26').slice(1, 3)).toEqual(['No', 'Injustificada']);
  });

  it('art. 22 inc. 2: the reports’ schedule-type filter has the excluded workers apart', async () => {
    expect((await report('asistencia', '&tipoJornada=excluida')).bloques.map((b) => b.titulo)).toEqual(['Apoderada, Amanda', 'Gómez, Gerardo']);
    expect((await report('asistencia', '&tipoJornada=completa')).bloques.map((b) => b.titulo)).not.toContain('Gómez, Gerardo');
  });

  it('evaluates the worker’s stored days again when the flag changes', async () => {
    const r = await api('PATCH', `/api/v1/usuarios/${gerardo.id}`, admin.headers, { excluidoLimiteJornada: false });
    expect(r.statusCode, r.body).toBe(200);
    expect(await dayOf(gerardo, '2026-07-08')).toMatchObject({ segundos: { ordinario: 0, extra: 10 * H } });
    expect(await dayOf(gerardo, '2026-07-09')).toMatchObject({ estadoDia: 'ausente' });
    await api('PATCH', `/api/v1/usuarios/${gerardo.id}`, admin.headers, { excluidoLimiteJornada: true });
    expect(await dayOf(gerardo, '2026-07-08')).toMatchObject({ segundos: { ordinario: 10 * H, extra: 0 } });
    expect(await payRow(gerardo)).toMatchObject({ horasExtra: { segundos: 0 }, ausencias: { dias: 0 } });
  });
});
