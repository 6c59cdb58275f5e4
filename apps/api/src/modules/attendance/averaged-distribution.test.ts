/**
 * Averaged distribution (art. 22 bis, Ley 21.561; DT Dictamen 82/3 de 2024) settled by cycle, end to end through the
 * API on PGlite. Paula has a pact of 2-week cycles from Monday 20 July 2026; Walter has none. Both agreed 42 hours
 * (the legal maximum of 2026), salary 600,000, and the same plan, worked as planned (fixed colación 13:00–14:00):
 * - week of 20 July: five shifts of 9 hours (09:00–19:00), 45 hours;
 * - week of 27 July: four of 8 hours (09:00–18:00) and one of 7 (09:00–17:00), 39 hours; on Friday 31 July both
 *   stay until 18:30, an hour and a half past the 7-hour shift.
 * The cycle of 20 July – 2 August ends in August. Walter, week by week: 3 hours of overtime in July (45 > 42) and
 * 1 h 30 min in August. Paula, by cycle: nothing in July and 1 h 30 min in August (84 hours are the cycle's 2 × 42),
 * though the hour and a half was worked on a July day; the hour is worth 5,000 pesos (42 hours: 600,000 × 0.35 / 42).
 */
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planningDays, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { julyMark, julyOffice } from '../../test/fixtures/july-office';
import type { Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let paula: Person;
let walter: Person;

const H = 3600;
type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function newShift(nombre: string, codigo: string, fin: string): Promise<{ id: string; version: number }> {
  const r = await api('POST', '/api/v1/turnos', admin.headers, {
    nombre,
    codigo,
    color: '#228be6',
    inicio: '09:00',
    fin,
    colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
    toleranciaAtrasoMin: 5,
    toleranciaSalidaMin: 5,
    // Nine hours five days a week pass the weekly maximum alone; the pact averages them over its cycle.
    confirmarAdvertencias: true,
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

type Semana = { lunes: string; domingo: string; liquidadaEnPeriodo: boolean; semanasCiclo: number | null; extraNetaSegundos: number; jornadaSemanalSegundos: number | null };
async function month(p: Person, desde: string, hasta: string) {
  const r = await api('GET', `/api/v1/asistencia/trabajadores/${p.id}?desde=${desde}&hasta=${hasta}`, admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ semanas: Semana[]; totales: { extraNetaSegundos: number; extraSegundos: number }; dias: { fecha: string; explicacion: string[] }[] }>();
}

type PayRow = { usuarioId: string; horasExtra: { segundos: number; valorHora: number; valor: number }; horasSemanalesUsadas: number };
async function pay(periodo: string, p: Person): Promise<PayRow> {
  const r = await api('GET', `/api/v1/remuneraciones/${periodo}`, admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ items: PayRow[] }>().items.find((row) => row.usuarioId === p.id)!;
}

async function staleDates(p: Person): Promise<string[]> {
  const result = await t.database.db.execute(sql`select fecha::text as fecha from attendance_days where user_id = ${p.id} and stale order by fecha`);
  return (result as unknown as { rows: { fecha: string }[] }).rows.map((r) => r.fecha);
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-09-10T15:00:00Z');
  const office = await julyOffice(
    t,
    [
      { nombre: 'Paula', apellidos: 'Pérez' },
      { nombre: 'Walter', apellidos: 'Wong' },
    ],
    ['2026-07-27', '2026-07-28', '2026-07-29', '2026-07-30'],
  );
  ({ companyId, admin } = office);
  [paula, walter] = office.people as [Person, Person];
  const long = await newShift('Larga', 'G', '19:00');
  const short = await newShift('Corta', 'C', '17:00');
  const at = new Date('2026-06-01T00:00:00Z');
  for (const p of [paula, walter]) {
    await t.database.db.update(users).set({ sueldoBase: 600_000, horasSemanales: 42 }).where(eq(users.id, p.id));
    const days = [...['2026-07-20', '2026-07-21', '2026-07-22', '2026-07-23', '2026-07-24'].map((date) => ({ date, shift: long })), { date: '2026-07-31', shift: short }];
    for (const { date, shift } of days) {
      await t.database.db.insert(planningDays).values({ companyId, userId: p.id, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: at, assignedAt: at, origin: 'manual' });
    }
    for (const date of ['2026-07-20', '2026-07-21', '2026-07-22', '2026-07-23', '2026-07-24']) {
      await julyMark(t, companyId, p, 'entrada', date, '09:00');
      await julyMark(t, companyId, p, 'salida', date, '19:00');
    }
    for (const date of ['2026-07-27', '2026-07-28', '2026-07-29', '2026-07-30']) {
      await julyMark(t, companyId, p, 'entrada', date, '09:00');
      await julyMark(t, companyId, p, 'salida', date, '18:00');
    }
    await julyMark(t, companyId, p, 'entrada', '2026-07-31', '09:00');
    await julyMark(t, companyId, p, 'salida', '2026-07-31', '18:30');
  }
  const r = await api('PATCH', `/api/v1/usuarios/${paula.id}`, admin.headers, { jornadaPromedio: { semanasCiclo: 2, desde: '2026-07-20', hasta: null } });
  expect(r.statusCode, r.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('an averaged distribution pact settled by cycle (art. 22 bis)', () => {
  it('45 + 39 hours at 42 on average is no overtime; the cycle counts in August, where it ends', async () => {
    const [pJuly, wJuly] = [await month(paula, '2026-07-01', '2026-07-31'), await month(walter, '2026-07-01', '2026-07-31')];
    expect(wJuly.totales.extraNetaSegundos).toBe(3 * H);
    expect(pJuly.totales.extraNetaSegundos).toBe(0);
    // Paula's cycle is one row of two weeks, not settled in July.
    expect(pJuly.semanas.find((s) => s.lunes === '2026-07-20')).toMatchObject({ domingo: '2026-08-02', semanasCiclo: 2, liquidadaEnPeriodo: false, jornadaSemanalSegundos: 42 * H });
    expect(wJuly.semanas.find((s) => s.lunes === '2026-07-20')).toMatchObject({ domingo: '2026-07-26', semanasCiclo: null, extraNetaSegundos: 3 * H });

    const [pAug, wAug] = [await month(paula, '2026-08-01', '2026-08-31'), await month(walter, '2026-08-01', '2026-08-31')];
    expect(wAug.totales.extraNetaSegundos).toBe(1.5 * H);
    expect(pAug.totales.extraNetaSegundos).toBe(1.5 * H);
    expect(pAug.semanas.find((s) => s.lunes === '2026-07-20')).toMatchObject({ domingo: '2026-08-02', semanasCiclo: 2, liquidadaEnPeriodo: true, extraNetaSegundos: 1.5 * H });
  });

  it('payroll pays the cycle in the month where it ends, each hour at the agreed average (42 h: 5,000 pesos)', async () => {
    expect((await pay('202607', walter)).horasExtra).toMatchObject({ segundos: 3 * H, valorHora: 5000, valor: 15_000 });
    expect((await pay('202607', paula)).horasExtra).toMatchObject({ segundos: 0, valor: 0 });
    expect((await pay('202608', walter)).horasExtra).toMatchObject({ segundos: 1.5 * H, valor: 7500 });
    const august = await pay('202608', paula);
    expect(august.horasExtra).toMatchObject({ segundos: 1.5 * H, valorHora: 5000, valor: 7500 });
    expect(august.horasSemanalesUsadas).toBe(42);
    // The drill-down lists the cycle as one line.
    const r = await api('GET', `/api/v1/remuneraciones/202608/trabajadores/${paula.id}`, admin.headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json<{ semanas: { lunes: string; domingo: string; extraPagadaSegundos: number }[] }>().semanas[0]).toMatchObject({ lunes: '2026-07-20', domingo: '2026-08-02', extraPagadaSegundos: 1.5 * H });
  });

  it('a mark in the first week makes the whole cycle stale, and the cycle is settled again', async () => {
    expect(await staleDates(paula)).toEqual([]);
    // Two unplanned hours on Saturday 25 July: overtime beyond the plan, in the cycle's first week.
    for (const p of [paula, walter]) {
      await julyMark(t, companyId, p, 'entrada', '2026-07-25', '09:00');
      await julyMark(t, companyId, p, 'salida', '2026-07-25', '11:00');
    }
    const paulaStale = await staleDates(paula);
    expect(paulaStale[0]).toBe('2026-07-20');
    expect(paulaStale.at(-1)).toBe('2026-08-02');
    expect(paulaStale).toHaveLength(14);
    // Week by week the change reaches only its week.
    expect((await staleDates(walter)).at(-1)).toBe('2026-07-26');
    expect((await month(paula, '2026-08-01', '2026-08-31')).totales.extraNetaSegundos).toBe(3.5 * H);
    expect(await staleDates(paula)).toEqual([]);
    expect((await month(paula, '2026-07-01', '2026-07-31')).totales.extraNetaSegundos).toBe(0);
  });

  it('ending the pact makes its days stale and the weeks are settled one by one again', async () => {
    const r = await api('PATCH', `/api/v1/usuarios/${paula.id}`, admin.headers, { jornadaPromedio: null });
    expect(r.statusCode, r.body).toBe(200);
    expect((await staleDates(paula)).length).toBeGreaterThan(14);
    expect((await month(paula, '2026-07-01', '2026-07-31')).totales.extraNetaSegundos).toBe(5 * H);
  });
});
