/**
 * Workers excepted from Sunday rest (art. 38) and their Sunday surcharge (art. 38 inc. 2, Ley 20.823),
 * in July 2026 (America/Santiago, RM; shift 09:00–18:00 with a fixed colación 13:00–14:00, 8 h
 * planned; salary 600,000 on 42 agreed hours: an ordinary hour is 3,333.33):
 * - Rosa, excepted (a retail worker): a planned shift on Thursday 16 July (Virgen del Carmen) and on
 *   Sunday 19 July, both worked. The holiday is ordinary time; Sunday's 8 ordinary hours carry 30 %:
 *   8 x 3,333.33 x 0.30 = 8,000.
 * - Tomás, same plan and marks, not excepted: the holiday lifts the shift and its 8 h are overtime;
 *   no Sunday surcharge. Once marked as excepted, his stored days are evaluated again.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payrollPeriodRows, planningDays, sites, users } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { addPerson, companyWithAdmin, type Person } from '../../test/people';

let t: TestApp;
let companyId: string;
let admin: { id: string; headers: Record<string, string> };
let rosa: Person;
let tomas: Person;

const H = 3600;
type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A web mark at a local July time (UTC-4 in July). */
async function mark(person: Person, tipo: TipoMarca, date: string, clock: string) {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  const at = new Date(`${date}T${String(h + 4).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`);
  const result = await runAsSystem(() => t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: at }));
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

type Row = Record<string, unknown> & { usuarioId: string };
async function month(): Promise<Row[]> {
  const r = await api('GET', '/api/v1/remuneraciones/202607', admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ items: Row[] }>().items;
}
const rowOf = (items: Row[], p: Person) => items.find((r) => r.usuarioId === p.id)!;

async function dayOf(p: Person, fecha: string) {
  const r = await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${p.id}`, admin.headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{ dias: { fecha: string; estadoDia: string; segundos: Record<string, number> }[] }>().dias.find((d) => d.fecha === fecha)!;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-08-10T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin;
  const [site] = await t.database.db.insert(sites).values({ companyId, nombre: 'Tienda Costanera', region: 'RM', comuna: 'Providencia' }).returning({ id: sites.id });
  rosa = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Rosa', apellidos: 'Riquelme', cargo: 'Vendedora' });
  tomas = await addPerson(t.app, t.database.db, companyId, 'trabajador', { siteId: site!.id, nombre: 'Tomás', apellidos: 'Toro', cargo: 'Vendedor' });
  for (const p of [rosa, tomas]) await t.database.db.update(users).set({ sueldoBase: 600_000, horasSemanales: 42 }).where(eq(users.id, p.id));
  const shift = (
    await api('POST', '/api/v1/turnos', admin.headers, {
      nombre: 'Tienda',
      codigo: 'T',
      color: '#228be6',
      inicio: '09:00',
      fin: '18:00',
      colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' },
      toleranciaAtrasoMin: 5,
      toleranciaSalidaMin: 5,
    })
  ).json<{ id: string; version: number }>();
  const now = new Date('2026-06-01T00:00:00Z');
  for (const p of [rosa, tomas]) {
    for (const date of ['2026-07-16', '2026-07-19']) {
      await t.database.db
        .insert(planningDays)
        .values({ companyId, userId: p.id, date, kind: 'turno', shiftId: shift.id, shiftVersion: shift.version, firstPlannedAt: now, assignedAt: now, origin: 'manual' });
      await mark(p, 'entrada', date, '09:00');
      await mark(p, 'salida', date, '18:00');
    }
  }
}, 120_000);
afterAll(() => t.close());

describe('the Sunday-rest exception on the contract (art. 38)', () => {
  it('is false by default and set by PATCH /api/v1/usuarios/:id', async () => {
    const before = await api('GET', `/api/v1/usuarios/${rosa.id}`, admin.headers);
    expect(before.json()).toMatchObject({ exceptuadoDescansoDominical: false });
    const r = await api('PATCH', `/api/v1/usuarios/${rosa.id}`, admin.headers, { exceptuadoDescansoDominical: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ exceptuadoDescansoDominical: true });
    const wrong = await api('PATCH', `/api/v1/usuarios/${rosa.id}`, admin.headers, { exceptuadoDescansoDominical: 'sí' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ exceptuadoDescansoDominical: 'Indica si el trabajador está exceptuado del descanso dominical.' });
  });

  it('keeps an excepted worker’s planned holiday shift as ordinary time; lifts it for one who is not', async () => {
    expect(await dayOf(rosa, '2026-07-16')).toMatchObject({ estadoDia: 'presente', segundos: { planificado: 8 * H, ordinario: 8 * H, extra: 0 } });
    expect(await dayOf(tomas, '2026-07-16')).toMatchObject({ estadoDia: 'presente', segundos: { planificado: 0, ordinario: 0, extra: 8 * H } });
  });

  it('pays the excepted worker’s ordinary Sunday hours with the surcharge; nothing to the other', async () => {
    const items = await month();
    expect(rowOf(items, rosa)).toMatchObject({
      exceptuadoDescansoDominical: true,
      domingosTrabajados: 1,
      domingoOrdinarioSegundos: 8 * H,
      recargoDominicalPorcentaje: 30,
      recargoDominicalMonto: 8000,
      horasExtra: { segundos: 0 },
    });
    expect(rowOf(items, tomas)).toMatchObject({
      exceptuadoDescansoDominical: false,
      domingosTrabajados: 1,
      domingoOrdinarioSegundos: 0,
      recargoDominicalPorcentaje: null,
      recargoDominicalMonto: 0,
      horasExtra: { segundos: 8 * H, valor: 40_000 },
    });
  });

  it('evaluates a worker’s stored days again when the flag changes', async () => {
    const r = await api('PATCH', `/api/v1/usuarios/${tomas.id}`, admin.headers, { exceptuadoDescansoDominical: true });
    expect(r.statusCode, r.body).toBe(200);
    expect(await dayOf(tomas, '2026-07-16')).toMatchObject({ segundos: { planificado: 8 * H, ordinario: 8 * H, extra: 0 } });
    expect(rowOf(await month(), tomas)).toMatchObject({ domingoOrdinarioSegundos: 8 * H, recargoDominicalMonto: 8000, horasExtra: { segundos: 0 } });
    await api('PATCH', `/api/v1/usuarios/${tomas.id}`, admin.headers, { exceptuadoDescansoDominical: false });
    expect(rowOf(await month(), tomas)).toMatchObject({ domingoOrdinarioSegundos: 0, recargoDominicalMonto: 0, horasExtra: { segundos: 8 * H } });
  });
});

describe('the company’s Sunday surcharge (art. 38 inc. 2, Ley 20.823)', () => {
  it('is 30 % by default, refuses less than 30 or more than 100 in Spanish, and moves the amount', async () => {
    expect((await api('GET', '/api/v1/empresa', admin.headers)).json()).toMatchObject({ recargoDominicalPorcentaje: 30 });
    for (const [value, message] of [
      [29, 'El recargo dominical no puede ser menor que 30 % (art. 38 del Código del Trabajo, Ley 20.823).'],
      [101, 'El recargo dominical no puede superar 100 %.'],
      [35.5, 'El recargo dominical va en porcentaje entero.'],
    ] as const) {
      const r = await api('PATCH', '/api/v1/empresa', admin.headers, { recargoDominicalPorcentaje: value });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.fields).toEqual({ recargoDominicalPorcentaje: message });
    }
    const r = await api('PATCH', '/api/v1/empresa', admin.headers, { recargoDominicalPorcentaje: 40 });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ recargoDominicalPorcentaje: 40 });
    // 8 x 3,333.33 x 0.40 = 10,666.67
    expect(rowOf(await month(), rosa)).toMatchObject({ recargoDominicalPorcentaje: 40, recargoDominicalMonto: 10_667 });
    await api('PATCH', '/api/v1/empresa', admin.headers, { recargoDominicalPorcentaje: 30 });
  });

  it('exports the Sunday ordinary hours, the percent and the amount', async () => {
    const csv = await api('GET', '/api/v1/remuneraciones/202607/exportar?formato=csv', admin.headers);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const header = lines[0]!.split(';');
    const record = (p: Person) => {
      const cells = lines.find((l) => l.startsWith(`${p.rut};`))!.split(';');
      return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
    };
    expect(record(rosa)).toMatchObject({ domingos_trabajados: '1', horas_domingo_ordinarias: '8', recargo_dominical_porcentaje: '30', valor_recargo_dominical: '8000' });
    expect(record(tomas)).toMatchObject({ horas_domingo_ordinarias: '0', recargo_dominical_porcentaje: '', valor_recargo_dominical: '0' });
    const json = await api('GET', '/api/v1/remuneraciones/202607/exportar?formato=json', admin.headers);
    expect(json.json().trabajadores.find((w: Record<string, unknown>) => w.id_empleado === rosa.rut)).toMatchObject({ horas_domingo_ordinarias: 8, valor_recargo_dominical: 8000 });
  });

  it('a closed month serves the stored surcharge; rows stored before these fields read 0', async () => {
    const closed = await api('POST', '/api/v1/remuneraciones/202607/cierre', admin.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    await api('PATCH', '/api/v1/empresa', admin.headers, { recargoDominicalPorcentaje: 50 });
    expect(rowOf(await month(), rosa)).toMatchObject({ recargoDominicalPorcentaje: 30, recargoDominicalMonto: 8000 });
    // A month closed before the Sunday surcharge existed: its stored rows lack the fields.
    await runAsSystem(() =>
      t.database.db
        .update(payrollPeriodRows)
        .set({ row: sql`${payrollPeriodRows.row}::jsonb - 'exceptuadoDescansoDominical' - 'domingoOrdinarioSegundos' - 'recargoDominicalPorcentaje' - 'recargoDominicalMonto'` })
        .where(and(eq(payrollPeriodRows.companyId, companyId), eq(payrollPeriodRows.periodo, '202607'))),
    );
    const r = await api('GET', '/api/v1/remuneraciones/202607', admin.headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(rowOf(r.json().items, rosa)).toMatchObject({ exceptuadoDescansoDominical: false, domingoOrdinarioSegundos: 0, recargoDominicalPorcentaje: null, recargoDominicalMonto: 0 });
    expect(r.json().totales).toMatchObject({ domingoOrdinarioSegundos: 0, recargoDominicalMonto: 0 });
  });
});
