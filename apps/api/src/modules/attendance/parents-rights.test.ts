/**
 * Parents' rights on the contract, end to end through the API, in July 2026 (America/Santiago, UTC-4;
 * shift 09:00–18:00 with a fixed colación 13:00–14:00, 8 h planned, 5-minute tolerances):
 * - Paula has a flexible start band of 60 minutes (art. 27, Ley 21.561). Wed 8: 09:45–18:45; Thu 9:
 *   10:15–19:15; Fri 10: 09:45–19:15.
 * - Lucía has the feeding hour (art. 206) at the end of the day until her child turns two. Wed 8:
 *   09:00–17:00; Thu 9: 09:00–16:59.
 */
import { randomUUID } from 'node:crypto';
import type { ReporteLegal, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { dotted, uniqueRut } from '../../test/factories';
import { julyMark, julyOffice } from '../../test/fixtures/july-office';
import type { Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let paula: Person;
let lucia: Person;

const H = 3600;
const MIN = 60;
type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const mark = (person: Person, tipo: TipoMarca, date: string, clock: string) => julyMark(t, companyId, person, tipo, date, clock);

interface Day {
  fecha: string;
  estadoDia: string;
  segundos: Record<string, number>;
  explicacion: string[];
}
async function dayOf(p: Person, fecha: string): Promise<Day> {
  const r = await api('GET', `/api/v1/asistencia/trabajadores/${p.id}?desde=2026-07-06&hasta=2026-07-12`, admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ dias: Day[] }>().dias.find((d) => d.fecha === fecha)!;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-08-10T15:00:00Z');
  const office = await julyOffice(t, [{ nombre: 'Paula', apellidos: 'Pérez' }, { nombre: 'Lucía', apellidos: 'López' }], ['2026-07-08', '2026-07-09', '2026-07-10']);
  ({ companyId, admin } = office);
  [paula, lucia] = office.people as [Person, Person];
  for (const [date, entrada, salida] of [
    ['2026-07-08', '09:45', '18:45'],
    ['2026-07-09', '10:15', '19:15'],
    ['2026-07-10', '09:45', '19:15'],
  ] as const) {
    await mark(paula, 'entrada', date, entrada);
    await mark(paula, 'salida', date, salida);
  }
  await mark(lucia, 'entrada', '2026-07-08', '09:00');
  await mark(lucia, 'salida', '2026-07-08', '17:00');
  await mark(lucia, 'entrada', '2026-07-09', '09:00');
  await mark(lucia, 'salida', '2026-07-09', '16:59');
}, 120_000);
afterAll(() => t.close());

describe("the parents' rights on the contract", () => {
  it('are none by default, set by PATCH and on creation, and checked in Spanish', async () => {
    expect((await api('GET', `/api/v1/usuarios/${paula.id}`, admin.headers)).json()).toMatchObject({
      bandaInicioFlexibleMinutos: null,
      derechoAlimentacionHasta: null,
      derechoAlimentacionModo: 'fin',
    });
    const tooWide = await api('PATCH', `/api/v1/usuarios/${paula.id}`, admin.headers, { bandaInicioFlexibleMinutos: 121 });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().error.fields).toEqual({ bandaInicioFlexibleMinutos: 'La banda de inicio flexible no puede superar 120 minutos (art. 27: dos horas en total).' });
    const negative = await api('PATCH', `/api/v1/usuarios/${paula.id}`, admin.headers, { bandaInicioFlexibleMinutos: -5 });
    expect(negative.json().error.fields).toEqual({ bandaInicioFlexibleMinutos: 'La banda de inicio flexible no puede ser negativa.' });
    const badMode = await api('PATCH', `/api/v1/usuarios/${lucia.id}`, admin.headers, { derechoAlimentacionModo: 'siesta' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.json().error.fields).toEqual({ derechoAlimentacionModo: 'El modo del derecho a alimentación debe ser inicio, fin o dividido.' });

    const band = await api('PATCH', `/api/v1/usuarios/${paula.id}`, admin.headers, { bandaInicioFlexibleMinutos: 60 });
    expect(band.statusCode, band.body).toBe(200);
    expect(band.json()).toMatchObject({ bandaInicioFlexibleMinutos: 60 });
    const feeding = await api('PATCH', `/api/v1/usuarios/${lucia.id}`, admin.headers, { derechoAlimentacionHasta: '2027-01-15', derechoAlimentacionModo: 'fin' });
    expect(feeding.statusCode, feeding.body).toBe(200);
    expect(feeding.json()).toMatchObject({ derechoAlimentacionHasta: '2027-01-15', derechoAlimentacionModo: 'fin' });

    const created = await api('POST', '/api/v1/usuarios', admin.headers, {
      nombre: 'Marta',
      apellidos: 'Madre',
      rut: dotted(uniqueRut()),
      email: `marta${randomUUID().slice(0, 6)}@empresa.cl`,
      horasSemanales: 42,
      inicioContrato: '2026-01-05',
      bandaInicioFlexibleMinutos: 120,
      derechoAlimentacionHasta: '2027-05-01',
      derechoAlimentacionModo: 'dividido',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ bandaInicioFlexibleMinutos: 120, derechoAlimentacionHasta: '2027-05-01', derechoAlimentacionModo: 'dividido' });
  });

  it('art. 27: an entry within the band is no lateness and the exit moves with it; past the band, lateness counts from its end', async () => {
    const wed = await dayOf(paula, '2026-07-08');
    expect(wed).toMatchObject({ estadoDia: 'presente', segundos: { trabajado: 8 * H, atraso: 0, salidaAnticipada: 0, faltante: 0, extra: 0 } });
    expect(wed.explicacion.join('\n')).toContain('Banda de inicio flexible (art. 27, Ley 21.561): entró 45 min después del inicio planificado');
    expect(await dayOf(paula, '2026-07-09')).toMatchObject({ segundos: { atraso: 15 * MIN, faltante: 0, extra: 0 } });
    expect(await dayOf(paula, '2026-07-10')).toMatchObject({ segundos: { atraso: 0, faltante: 0, extra: 30 * MIN } });
  });

  it('art. 206: leaving an hour early is no early leave nor missing time; a minute more is', async () => {
    const wed = await dayOf(lucia, '2026-07-08');
    expect(wed).toMatchObject({ estadoDia: 'presente', segundos: { trabajado: 7 * H, salidaAnticipada: 0, faltante: 0, justificado: H } });
    expect(wed.explicacion.join('\n')).toContain('Derecho a alimentación (art. 206), al final de la jornada: 1 h 00 min fuera del trabajo cuentan como trabajados');
    expect(await dayOf(lucia, '2026-07-09')).toMatchObject({ segundos: { faltante: MIN, justificado: H } });
  });

  it("the DT's daily report says why the late entry is no A.I. and the early exit no S.A.", async () => {
    const r = await api('GET', '/api/v1/reportes-legales/jornada?periodo=rango&desde=2026-07-06&hasta=2026-07-12', admin.headers);
    expect(r.statusCode, r.body).toBe(200);
    const row = (title: string, date: string) => r.json<ReporteLegal>().bloques.find((b) => b.titulo === title)!.filas.find((f) => f.celdas[0]!.startsWith(date))!.celdas;
    const paulaWed = row('Pérez, Paula', '08/07/26');
    expect(paulaWed[8]).toContain('Banda horaria art. 27: inicio corrido 00:45:00');
    expect(paulaWed[8]).not.toContain('A.I.');
    expect(row('Pérez, Paula', '09/07/26')[8]).toContain('A.I. 00:15:00');
    const luciaWed = row('López, Lucía', '08/07/26');
    expect(luciaWed[8]).toContain('Alimentación art. 206: 01:00:00');
    expect(luciaWed[8]).not.toContain('S.A.');
  });

  it('evaluates the stored days again when the rights change', async () => {
    // The child turns two on Thursday 9: Wednesday keeps the hour, Thursday follows the normal rules.
    const r = await api('PATCH', `/api/v1/usuarios/${lucia.id}`, admin.headers, { derechoAlimentacionHasta: '2026-07-09' });
    expect(r.statusCode, r.body).toBe(200);
    expect(await dayOf(lucia, '2026-07-08')).toMatchObject({ segundos: { faltante: 0 } });
    expect(await dayOf(lucia, '2026-07-09')).toMatchObject({ segundos: { faltante: 61 * MIN, salidaAnticipada: 61 * MIN, justificado: 0 } });
    await api('PATCH', `/api/v1/usuarios/${paula.id}`, admin.headers, { bandaInicioFlexibleMinutos: null });
    expect(await dayOf(paula, '2026-07-08')).toMatchObject({ segundos: { atraso: 45 * MIN } });
  });
});
