/**
 * The first read of a period never evaluated (attendance.calculations.ts), with the inline limit
 * lowered to 50 worker-days: a page of a bigger period answers 202 and queues one job, a second page
 * joins it, the job reports its progress and stores what an inline evaluation stores; a smaller read,
 * and any read that is not a page (an export), evaluates inline as before.
 */
import { randomUUID } from 'node:crypto';
import { formatRut } from '@jornada/domain';
import type { CalculandoAsistencia, CalculoAsistencia, TipoMarca } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, planningDays } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, signIn } from '../../test/factories';
import { addPerson, companyWithAdmin, PERSON_PASSWORD, type Person } from '../../test/people';
import { ATTENDANCE_CALCULATION_JOB } from './attendance.calculations';

let t: TestApp;
let companyId: string;
let admin: Record<string, string>;
let workers: Person[];
let workerHeaders: Record<string, string>;
let otherAdmin: Record<string, string>;

const MARCH = 'desde=2026-03-01&hasta=2026-03-31';

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

async function markAt(person: Person, tipo: TipoMarca, at: string) {
  const result = await runAsSystem(() =>
    t.app.marks.recordMark({ companyId, userId: person.id, tipo, metodo: 'web', idCliente: randomUUID(), sinCorreo: true }, { now: new Date(at) }),
  );
  expect(result.status, JSON.stringify(result)).toBe('recorded');
}

beforeAll(async () => {
  t = await createTestApp({ deps: { attendanceInlineDays: 50 } });
  t.clock.set('2026-05-20T15:00:00Z');
  const company = await companyWithAdmin(t.app);
  companyId = company.companyId;
  admin = company.admin.headers;
  const shift = await t.app.inject({
    method: 'POST',
    url: '/api/v1/turnos',
    headers: admin,
    payload: { nombre: 'Turno D', codigo: 'D', color: '#228be6', inicio: '08:00', fin: '17:00', colacion: { tipo: 'fija', inicio: '13:00', fin: '14:00' }, confirmarAdvertencias: true },
  });
  expect(shift.statusCode, shift.body).toBe(201);
  const { id: shiftId, version } = shift.json<{ id: string; version: number }>();
  workers = [];
  for (let i = 0; i < 4; i++) workers.push(await addPerson(t.app, t.database.db, companyId, 'trabajador', { nombre: `Trabajador${i}`, apellidos: 'Prueba' }));
  workerHeaders = bearer((await signIn(t.app, formatRut(workers[0]!.rut)!, PERSON_PASSWORD)).tokenSesion);
  // Weekdays of March and April 2026 planned with shift D; some marks, one late arrival and one absence a week.
  const planned = new Date('2026-01-01T00:00:00Z');
  const rows = [];
  for (const w of workers) {
    for (let d = new Date('2026-03-02T12:00:00Z'); d < new Date('2026-05-01T12:00:00Z'); d.setUTCDate(d.getUTCDate() + 1)) {
      const weekday = d.getUTCDay();
      const date = d.toISOString().slice(0, 10);
      rows.push({ companyId, userId: w.id, date, kind: weekday === 0 || weekday === 6 ? ('libre' as const) : ('turno' as const), shiftId: weekday === 0 || weekday === 6 ? null : shiftId, shiftVersion: weekday === 0 || weekday === 6 ? null : version, firstPlannedAt: planned, assignedAt: planned, origin: 'manual' as const });
    }
  }
  await t.database.db.insert(planningDays).values(rows);
  for (const [i, w] of workers.entries()) {
    for (const date of ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12']) {
      if (i === 1 && date === '2026-03-11') continue;
      await markAt(w, 'entrada', `${date}T${i === 2 ? '11:25' : '10:58'}:00Z`);
      await markAt(w, 'salida', `${date}T20:05:00Z`);
    }
  }
  otherAdmin = (await companyWithAdmin(t.app)).admin.headers;
}, 120_000);
afterAll(() => t.close());

describe('a page of a period never evaluated', () => {
  let calculo: CalculoAsistencia;

  it('answers 202 with the calculation, queued once, and a second page joins it', async () => {
    const first = await get(`/api/v1/asistencia/resumen?${MARCH}`, admin);
    expect(first.statusCode, first.body).toBe(202);
    const body = first.json<CalculandoAsistencia>();
    expect(body.estado).toBe('calculando');
    expect(body.mensaje).toBe('Calculando la asistencia del periodo…');
    expect(body.calculo).toMatchObject({ estado: 'calculando', hechos: 0, desde: '2026-02-23', hasta: '2026-04-05' });
    // Five workers (the administrator too) over six whole weeks, nothing stored yet.
    expect(body.calculo.total).toBe(5 * 42);
    expect(first.headers.location).toBe(`/api/v1/asistencia/calculos/${body.calculo.id}`);
    calculo = body.calculo;

    // The lateness report of a covered range (two weeks: 70 worker-days, over the limit too) joins the same job.
    const report = await get(`/api/v1/reportes/atrasos?desde=2026-03-02&hasta=2026-03-15`, admin);
    expect(report.statusCode, report.body).toBe(202);
    expect(report.json<CalculandoAsistencia>().calculo.id).toBe(calculo.id);
    // So does March's payroll page: the 202 passes through the remunerations service untouched.
    const payroll = await get('/api/v1/remuneraciones/202603', admin);
    expect(payroll.statusCode, payroll.body).toBe(202);
    expect(payroll.json<CalculandoAsistencia>().calculo.id).toBe(calculo.id);
    expect(await t.app.jobs.depth(ATTENDANCE_CALCULATION_JOB)).toBe(1);

    const progress = await get(`/api/v1/asistencia/calculos/${calculo.id}`, admin);
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json<CalculoAsistencia>()).toMatchObject({ id: calculo.id, estado: 'calculando', hechos: 0, total: 210 });
  });

  it('runs in the job queue, reports its progress, and then the page answers 200 with what an inline evaluation gives', async () => {
    await t.app.jobs.drain();
    const progress = await get(`/api/v1/asistencia/calculos/${calculo.id}`, admin);
    expect(progress.json<CalculoAsistencia>()).toMatchObject({ estado: 'listo', hechos: 210, total: 210 });

    const afterJob = await get(`/api/v1/asistencia/resumen?${MARCH}`, admin);
    expect(afterJob.statusCode, afterJob.body).toBe(200);
    const board = await get('/api/v1/asistencia/dia?fecha=2026-03-10', admin);
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json<{ conteos: Record<string, number> }>().conteos).toMatchObject({ atrasado: 1 });

    // Every day evaluated again inline (the rebuild command's path): the same figures.
    await runAsSystem(() => t.app.attendance.rebuild(companyId, '2026-02-23', '2026-04-05', new Date('2026-05-20T15:00:00Z')));
    const inline = await get(`/api/v1/asistencia/resumen?${MARCH}`, admin);
    expect(inline.statusCode).toBe(200);
    expect(afterJob.json()).toEqual(inline.json());
  });

  it('evaluates inline, as before, a read below the limit and any read that is not a page', async () => {
    // One worker's April: 35 worker-days, under the limit of 50.
    const own = await get(`/api/v1/asistencia/trabajadores/${workers[0]!.id}?desde=2026-04-01&hasta=2026-04-30`, workerHeaders);
    expect(own.statusCode, own.body).toBe(200);
    expect(await t.app.jobs.depth(ATTENDANCE_CALCULATION_JOB)).toBe(0);
    // April for the whole company is over the limit, but an export is not a page: it waits for its figures.
    const xlsx = await get('/api/v1/reportes/asistencia/exportar?desde=2026-04-01&hasta=2026-04-30&formato=csv', admin);
    expect(xlsx.statusCode, xlsx.body.slice(0, 300)).toBe(200);
    expect(await t.app.jobs.depth(ATTENDANCE_CALCULATION_JOB)).toBe(0);
    const page = await get('/api/v1/asistencia/resumen?desde=2026-04-01&hasta=2026-04-30', admin);
    expect(page.statusCode, page.body).toBe(200);
  });
});

describe('the progress of a calculation', () => {
  it('is read only within its company: another company, a bad id or an unknown one is 404; no session is 401', async () => {
    const queued = await get('/api/v1/asistencia/resumen?desde=2026-02-01&hasta=2026-02-28', admin);
    expect(queued.statusCode, queued.body).toBe(202);
    const { id } = queued.json<CalculandoAsistencia>().calculo;
    // Any perfil of the company that reads such a page may follow it.
    expect((await get(`/api/v1/asistencia/calculos/${id}`, workerHeaders)).statusCode).toBe(200);
    const foreign = await get(`/api/v1/asistencia/calculos/${id}`, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<{ error: { message: string } }>().error.message).toBe('El cálculo de asistencia no existe.');
    expect((await get('/api/v1/asistencia/calculos/abc', admin)).statusCode).toBe(404);
    expect((await get('/api/v1/asistencia/calculos/999999999', admin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/asistencia/calculos/${id}` })).statusCode).toBe(401);
    // Another kind of job of the same company is not a calculation.
    const [other] = await t.database.db.insert(jobs).values({ kind: 'otro', payload: { companyId }, runAt: new Date(), createdAt: new Date() }).returning({ id: jobs.id });
    const otherId = other!.id;
    expect((await get(`/api/v1/asistencia/calculos/${otherId}`, admin)).statusCode).toBe(404);
  });
});
