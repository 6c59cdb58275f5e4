/**
 * Commerce in December (art. 24), end to end through the evaluation of attendance: on a day the company
 * declared as extended, the shift's hours up to 10 plus the declared extension are ordinary, so a 12-hour day
 * on a day declared with 2 hours is not «Jornada sobre el máximo legal»; the same day undeclared is. December
 * 2026 in Santiago is UTC-3. Shift 10:00–23:00 with an hour of colación (12 h), planned on Tuesday 15 and
 * Wednesday 16 December, worked 10:00–23:00 both days; the 15th is declared with 2 hours.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, planningDays } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let rosa: Person;

/** A web mark at a local December time (`hh:mm`, UTC-3), recorded as the worker's own. */
async function mark(tipo: TipoMarca, date: string, clock: string) {
  const now = new Date(Date.parse(`${date}T${clock}:00Z`) + 3 * 3600_000);
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: rosa.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

async function codesOn(fecha: string): Promise<string[]> {
  const r = await t.app.inject({ method: 'GET', url: `/api/v1/remuneraciones/202612/trabajadores/${rosa.id}`, headers: admin.headers });
  expect(r.statusCode, r.body).toBe(200);
  const day = r.json<{ dias: { fecha: string; inconsistencias: { codigo: string }[] }[] }>().dias.find((d) => d.fecha === fecha)!;
  return day.inconsistencias.map((i) => i.codigo);
}

const declare = async (dias: { fecha: string; minutos: number }[]) => {
  const r = await t.app.inject({ method: 'PUT', url: '/api/v1/planificaciones/extension-diciembre', headers: admin.headers, payload: { anio: 2026, dias } });
  expect(r.statusCode, r.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-12-17T15:00:00Z');
  ({ companyId, admin } = await companyWithAdmin(t.app));
  await t.database.db.update(companies).set({ rubro: 'Comercio minorista' }).where(eq(companies.id, companyId));
  rosa = await addPerson(t.app, t.database.db, companyId, 'trabajador', { nombre: 'Rosa', apellidos: 'Tapia' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/turnos',
    headers: admin.headers,
    payload: { nombre: 'Navidad', codigo: 'NAV', color: '#c92a2a', inicio: '10:00', fin: '23:00', colacion: { tipo: 'minutos', minutos: 60 }, confirmarAdvertencias: true },
  });
  expect(created.statusCode, created.body).toBe(201);
  const shift = created.json<{ id: string; version: number }>();
  const at = new Date('2026-12-01T00:00:00Z');
  for (const date of ['2026-12-15', '2026-12-16']) {
    await t.database.db.insert(planningDays).values({ companyId, userId: rosa.id, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: at, assignedAt: at, origin: 'manual' });
  }
  await declare([{ fecha: '2026-12-15', minutos: 120 }]);
  for (const date of ['2026-12-15', '2026-12-16']) {
    await mark('entrada', date, '10:00');
    await mark('salida', date, '23:00');
  }
});
afterAll(() => t.close());

describe('commerce in December (art. 24): a declared extension day is ordinary time in the evaluation', () => {
  it('12 hours on a day declared with 2 hours is within the limit; the same hours on an undeclared day are over it', async () => {
    expect(await codesOn('2026-12-15')).not.toContain('jornada_sobre_maximo_legal');
    expect(await codesOn('2026-12-16')).toContain('jornada_sobre_maximo_legal');
  });

  it('withdrawing the declaration evaluates the day again: its 12 hours are over the 10', async () => {
    await declare([]);
    await expect.poll(() => codesOn('2026-12-15'), { timeout: 10_000 }).toContain('jornada_sobre_maximo_legal');
  });
});
