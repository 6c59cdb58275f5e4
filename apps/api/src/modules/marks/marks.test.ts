import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markAttempts, marks, planningDays, users } from '../../db/schema/index';
import { runAsCompany } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { createShift } from '../../test/fixtures/planning';
import { mark, markingCompany, markingWorker, SITE_POSITION, type MarkingCompany } from '../../test/fixtures/marks';

let t: TestApp;
let company: MarkingCompany;

beforeAll(async () => {
  t = await createTestApp();
  company = await markingCompany(t.app, t.database.db);
});
afterAll(() => t.close());
const BASE = '2025-06-02T13:00:00.000Z';
afterEach(() => {
  t.clock.set(BASE);
});


const near = { lat: SITE_POSITION.lat + 0.0002, lng: SITE_POSITION.lng, precisionM: 12 };
/** About 1.1 km north of the site. */
const far = { lat: SITE_POSITION.lat + 0.01, lng: SITE_POSITION.lng, precisionM: 20 };

async function countMarks(userId: string): Promise<number> {
  const rows = await t.database.db.select({ id: marks.id }).from(marks).where(eq(marks.userId, userId));
  return rows.length;
}

async function attemptsOf(userId: string) {
  return t.database.db.select().from(markAttempts).where(eq(markAttempts.userId, userId));
}


describe('POST /api/v1/marcas', () => {
  it('records a mark with the server time, its hash and a receipt; a retry with the same idCliente returns the same mark', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const idCliente = randomUUID();
    const first = await mark(t.app, worker.headers, { tipo: 'entrada', idCliente, posicion: near, dispositivo: 'Chrome en Android' });
    expect(first.statusCode, first.body).toBe(201);
    const body = first.json();
    expect(body.marca).toMatchObject({
      tipo: 'entrada',
      metodo: 'web',
      instante: t.clock.now().toISOString(),
      horaOriginal: null,
      offline: false,
      fueraDeGeocerca: false,
      precisionBaja: false,
      sedeId: company.siteId,
      secuencia: 1,
      hashAnterior: '0'.repeat(64),
      dispositivo: 'Chrome en Android',
    });
    expect(body.marca.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.comprobante).toMatchObject({ fecha: '02/06/25', hora: '09:00:00', tipoEtiqueta: 'Entrada', hash: body.marca.hash });

    const retry = await mark(t.app, worker.headers, { tipo: 'entrada', idCliente, posicion: near });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().marca).toEqual(body.marca);
    // Even a retry with a different kind (a confused client) never makes a second mark.
    const confused = await mark(t.app, worker.headers, { tipo: 'salida', idCliente });
    expect(confused.json().marca.id).toBe(body.marca.id);
    expect(await countMarks(worker.id)).toBe(1);
  });

  it('never refuses a mark outside the geofence or with poor accuracy: it records and flags it', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const outside = await mark(t.app, worker.headers, { tipo: 'entrada', posicion: far });
    expect(outside.statusCode, outside.body).toBe(201);
    expect(outside.json().marca).toMatchObject({ fueraDeGeocerca: true, precisionBaja: false });
    expect(outside.json().marca.distanciaM).toBeGreaterThan(1000);
    expect(outside.json().comprobante.fueraDeGeocerca).toBe(true);
    const attempts = await attemptsOf(worker.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ reason: 'fuera_de_geocerca', markId: outside.json().marca.id });

    t.clock.advance(60_000);
    const vague = await mark(t.app, worker.headers, { tipo: 'salida', posicion: { ...near, precisionM: 450 } });
    expect(vague.statusCode).toBe(201);
    expect(vague.json().marca).toMatchObject({ fueraDeGeocerca: false, precisionBaja: true });

    t.clock.advance(60_000);
    const noPosition = await mark(t.app, worker.headers, { tipo: 'entrada' });
    expect(noPosition.json().marca).toMatchObject({ fueraDeGeocerca: false, precisionBaja: false, posicion: null });
  });

  it('keeps the first of consecutive marks of the same kind and logs the repeat as an attempt', async () => {
    const worker = await markingWorker(t.app, t.database.db, company);
    const first = await mark(t.app, worker.headers, { tipo: 'entrada' });
    t.clock.advance(30_000);
    const idCliente = randomUUID();
    const repeat = await mark(t.app, worker.headers, { tipo: 'entrada', idCliente });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toMatchObject({ motivo: 'marca_repetida', intento: { motivo: 'marca_repetida', tipo: 'entrada', marcaId: first.json().marca.id } });
    expect(repeat.json().mensaje).toContain('no cuenta');
    // Retrying the repeated request returns the same attempt, not a second one.
    const again = await mark(t.app, worker.headers, { tipo: 'entrada', idCliente });
    expect(again.json().intento.id).toBe(repeat.json().intento.id);
    expect(await countMarks(worker.id)).toBe(1);
    expect((await attemptsOf(worker.id)).filter((a) => a.reason === 'marca_repetida')).toHaveLength(1);
    // A different kind in between makes the same kind count again.
    t.clock.advance(60_000);
    expect((await mark(t.app, worker.headers, { tipo: 'salida' })).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await mark(t.app, worker.headers, { tipo: 'entrada' })).statusCode).toBe(201);
    // The next day's entrada counts even when the previous day had no salida.
    const other = await markingWorker(t.app, t.database.db, company);
    // Outside a request, a direct call names its company (db/tenant-context.ts).
    const yesterday = await runAsCompany(company.companyId, () =>
      t.app.marks.recordMark(
        { companyId: company.companyId, userId: other.id, tipo: 'entrada', metodo: 'web', idCliente: randomUUID() },
        { now: new Date(t.clock.now().getTime() - 24 * 3_600_000) },
      ),
    );
    expect(yesterday.status).toBe('recorded');
    expect((await mark(t.app, other.headers, { tipo: 'entrada' })).statusCode).toBe(201);
  });

  it('refuses marks of an inactive worker, after fin_contrato, or with a method not allowed, each logged as an attempt', async () => {
    const db = t.database.db;
    // Inactive and ended contracts cannot sign in, so the web never gets there; kiosks and clocks do.
    const cases = [
      { motivo: 'trabajador_inactivo', change: { active: false } },
      { motivo: 'contrato_terminado', change: { finContrato: '2025-05-31' } },
      { motivo: 'metodo_no_permitido', change: { metodosMarcaje: ['huella' as const, 'kiosco_pin' as const] } },
    ];
    for (const { motivo, change } of cases) {
      const worker = await markingWorker(t.app, db, company);
      await db.update(users).set(change).where(and(eq(users.companyId, company.companyId), eq(users.id, worker.id)));
      const result = await runAsCompany(company.companyId, () =>
        t.app.marks.recordMark(
          { companyId: company.companyId, userId: worker.id, tipo: 'entrada', metodo: 'reloj', idCliente: randomUUID(), dispositivo: 'Reloj ZK' },
          { now: t.clock.now() },
        ),
      );
      expect(result.status).toBe('refused');
      if (result.status !== 'refused') continue;
      expect(result.motivo).toBe(motivo);
      expect(result.mensaje).toMatch(/No puedes marcar/);
      expect(result.intento).toMatchObject({ motivo, tipo: 'entrada', metodo: 'reloj', dispositivo: 'Reloj ZK' });
      expect(await countMarks(worker.id)).toBe(0);
      const attempts = await attemptsOf(worker.id);
      expect(attempts.map((a) => [a.reason, a.kind, a.method])).toEqual([[motivo, 'entrada', 'reloj']]);
    }
  });

  it('answers 403 MARCA_RECHAZADA on the web when the worker may not mark on the web, and logs the attempt', async () => {
    const db = t.database.db;
    const worker = await markingWorker(t.app, db, company);
    await db.update(users).set({ metodosMarcaje: ['huella', 'kiosco_pin'] }).where(eq(users.id, worker.id));
    const response = await mark(t.app, worker.headers, { tipo: 'entrada', posicion: near });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error).toEqual({
      code: 'MARCA_RECHAZADA',
      message: 'No puedes marcar con este método. Tu empleador no lo tiene habilitado para ti.',
      fields: { motivo: 'metodo_no_permitido' },
    });
    expect(await countMarks(worker.id)).toBe(0);
    expect((await attemptsOf(worker.id)).map((a) => [a.reason, a.method])).toEqual([['metodo_no_permitido', 'web']]);
  });

});

describe('POST /api/v1/marcas: where the mark falls against the plan', () => {
  async function planDay(userId: string, date: string, shift: { id: string; version: number } | null) {
    const now = t.clock.now();
    await t.database.db.insert(planningDays).values({
      companyId: company.companyId,
      userId,
      date,
      kind: shift ? 'turno' : 'libre',
      shiftId: shift?.id ?? null,
      shiftVersion: shift?.version ?? null,
      firstPlannedAt: now,
      assignedAt: now,
      origin: 'manual',
    });
  }

  it('says when a web mark falls outside today’s 07:00–15:00 shift (19:17), and is still recorded', async () => {
    const shift = await createShift(t.app, company.admin.headers, { codigo: `M${randomUUID().slice(0, 5)}`, inicio: '07:00', fin: '15:00' });
    // 2025-06-02 13:00 UTC is 09:00 in Santiago: inside the shift.
    const early = await markingWorker(t.app, t.database.db, company);
    await planDay(early.id, '2025-06-02', shift);
    const inside = await mark(t.app, early.headers, { tipo: 'entrada' });
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json().turno).toEqual({ ubicacion: 'dentro', turno: '07:00–15:00' });

    t.clock.set('2025-06-02T23:17:00Z'); // 19:17 in Santiago
    const late = await markingWorker(t.app, t.database.db, company);
    await planDay(late.id, '2025-06-02', shift);
    const outside = await mark(t.app, late.headers, { tipo: 'entrada' });
    expect(outside.statusCode, outside.body).toBe(201);
    expect(outside.json()).toMatchObject({ marca: { tipo: 'entrada' }, turno: { ubicacion: 'fuera', turno: '07:00–15:00' } });
    expect(await countMarks(late.id)).toBe(1);

    const resting = await markingWorker(t.app, t.database.db, company);
    await planDay(resting.id, '2025-06-02', null);
    expect((await mark(t.app, resting.headers, { tipo: 'entrada' })).json().turno).toEqual({ ubicacion: 'libre', turno: null });
    const unplanned = await markingWorker(t.app, t.database.db, company);
    expect((await mark(t.app, unplanned.headers, { tipo: 'entrada' })).json().turno).toEqual({ ubicacion: 'sin_planificar', turno: null });
  });

  it('gives each of many marks arriving together its own worker’s notice (their reads are shared)', async () => {
    const shift = await createShift(t.app, company.admin.headers, { codigo: `C${randomUUID().slice(0, 5)}`, inicio: '07:00', fin: '15:00' });
    t.clock.set('2025-06-03T13:00:00Z'); // 09:00 in Santiago
    const kinds = ['turno', 'libre', 'sin_planificar'] as const;
    const workers = await Promise.all(Array.from({ length: 12 }, () => markingWorker(t.app, t.database.db, company)));
    for (const [index, worker] of workers.entries()) {
      const kind = kinds[index % 3]!;
      if (kind !== 'sin_planificar') await planDay(worker.id, '2025-06-03', kind === 'turno' ? shift : null);
    }
    const answers = await Promise.all(workers.map((worker) => mark(t.app, worker.headers, { tipo: 'entrada' })));
    const expected = { turno: { ubicacion: 'dentro', turno: '07:00–15:00' }, libre: { ubicacion: 'libre', turno: null }, sin_planificar: { ubicacion: 'sin_planificar', turno: null } };
    answers.forEach((answer, index) => {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().turno).toEqual(expected[kinds[index % 3]!]);
    });
  });

  it('reads the worker’s earlier marks for the notice: a salida at 08:00 closes this morning’s 06:58 entrada, not last night’s shift', async () => {
    const night = await createShift(t.app, company.admin.headers, { codigo: `N${randomUUID().slice(0, 5)}`, inicio: '22:00', fin: '06:00' });
    const morning = await createShift(t.app, company.admin.headers, { codigo: `M${randomUUID().slice(0, 5)}`, inicio: '07:00', fin: '15:00' });
    t.clock.set('2025-06-05T10:58:00Z'); // 06:58 of the 5th in Santiago
    const worker = await markingWorker(t.app, t.database.db, company);
    await planDay(worker.id, '2025-06-04', night);
    await planDay(worker.id, '2025-06-05', morning);
    const entered = await mark(t.app, worker.headers, { tipo: 'entrada' });
    expect(entered.statusCode, entered.body).toBe(201);
    t.clock.set('2025-06-05T12:00:00Z'); // Alone, a salida at 08:00 is nearest the end of last night's 22:00–06:00.
    const left = await mark(t.app, worker.headers, { tipo: 'salida' });
    expect(left.statusCode, left.body).toBe(201);
    expect(left.json().turno).toEqual({ ubicacion: 'dentro', turno: '07:00–15:00' });
  });

  it('names, for each of a worker’s marks in turn, the shift the stored day gives it (the notice reads the marks before it)', async () => {
    const night = await createShift(t.app, company.admin.headers, { codigo: `N${randomUUID().slice(0, 5)}`, inicio: '22:00', fin: '06:00' });
    const morning = await createShift(t.app, company.admin.headers, { codigo: `M${randomUUID().slice(0, 5)}`, inicio: '07:00', fin: '15:00' });
    t.clock.set('2025-06-02T10:58:00Z'); // 06:58 in Santiago
    const worker = await markingWorker(t.app, t.database.db, company);
    await planDay(worker.id, '2025-06-01', night);
    await planDay(worker.id, '2025-06-02', morning);
    const answers = [];
    for (const [at, tipo] of [['2025-06-02T10:58:00Z', 'entrada'], ['2025-06-02T12:00:00Z', 'salida'], ['2025-06-02T12:30:00Z', 'entrada']] as const) {
      t.clock.set(at);
      const answer = await mark(t.app, worker.headers, { tipo });
      expect(answer.statusCode, answer.body).toBe(201);
      answers.push(answer.json<{ marca: { id: string }; turno: { turno: string | null } }>());
    }
    const period = await t.app.inject({ method: 'GET', url: `/api/v1/asistencia/trabajadores/${worker.id}?desde=2025-06-01&hasta=2025-06-02`, headers: company.admin.headers });
    expect(period.statusCode, period.body).toBe(200);
    const days: { turno: { etiqueta: string } | null; marcas: { id: string }[] }[] = period.json().dias;
    for (const answer of answers) {
      expect(days.find((d) => d.marcas.some((m) => m.id === answer.marca.id))?.turno?.etiqueta).toBe(answer.turno.turno);
    }
  });

  it('names the shift the stored day gives the mark: an entrada at 05:50 between last night’s 22:00–06:00 and today’s 07:00–15:00', async () => {
    const night = await createShift(t.app, company.admin.headers, { codigo: `N${randomUUID().slice(0, 5)}`, inicio: '22:00', fin: '06:00' });
    const morning = await createShift(t.app, company.admin.headers, { codigo: `M${randomUUID().slice(0, 5)}`, inicio: '07:00', fin: '15:00' });
    const worker = await markingWorker(t.app, t.database.db, company);
    await planDay(worker.id, '2025-06-01', night);
    await planDay(worker.id, '2025-06-02', morning);
    // 09:50 UTC is 05:50 in Santiago: within 2 hours after last night's end (a notice by distance alone said
    // «dentro» of 22:00–06:00), but the evaluation gives an entrada to the shift whose start is nearest.
    t.clock.set('2025-06-02T09:50:00Z');
    const marked = await mark(t.app, worker.headers, { tipo: 'entrada' });
    expect(marked.statusCode, marked.body).toBe(201);
    expect(marked.json().turno).toEqual({ ubicacion: 'fuera', turno: '07:00–15:00' });

    const period = await t.app.inject({ method: 'GET', url: `/api/v1/asistencia/trabajadores/${worker.id}?desde=2025-06-01&hasta=2025-06-02`, headers: company.admin.headers });
    expect(period.statusCode, period.body).toBe(200);
    const days: { fecha: string; turno: { etiqueta: string } | null; marcas: { id: string; estado: string }[] }[] = period.json().dias;
    const stored = days.find((d) => d.marcas.some((m) => m.id === marked.json().marca.id));
    expect(stored).toMatchObject({ fecha: '2025-06-02', turno: { etiqueta: marked.json().turno.turno } });
    expect(stored!.marcas.find((m) => m.id === marked.json().marca.id)!.estado).toBe('atribuida');
  });
});
