/**
 * A payroll page that would compute more workers' pay than a request should (the first read of a month, or of a
 * running month each day) queues the computation and answers 202 with its progress, followed at the same address
 * as a first evaluation (remunerations.service.ts `deferPay`), with the inline limit lowered to 2 workers: the
 * job stores the rows the page then reads, equal to each worker's pay computed live; an export is not a page
 * and computes inline; another company cannot follow the calculation.
 */
import type { CalculandoAsistencia, CalculoAsistencia, RemuneracionTrabajador, TotalesRemuneraciones } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { julyOffice, type JulyOffice } from '../../test/fixtures/july-office';
import { companyWithAdmin } from '../../test/people';
import { totalsOf } from './remunerations.model';
import { PAY_CALCULATION_JOB } from './remunerations.service';

// The week of 6–10 July 2026 planned; the clock is 20 July, so July's figures run to the 19th.
const DATES = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10'];

let t: TestApp;
let o: JulyOffice;
beforeAll(async () => {
  t = await createTestApp({ deps: { payInlineWorkers: 2 } });
  t.clock.set('2026-07-20T15:00:00Z');
  o = await julyOffice(
    t,
    ['Ana', 'Beto', 'Carla'].map((nombre, i) => ({ nombre, apellidos: `Apellido${i}` })),
    DATES,
  );
  for (const [i, person] of o.people.entries()) {
    const r = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${person.id}`, headers: o.admin.headers, payload: { sueldoBase: 600_000 + 100_000 * i } });
    expect(r.statusCode, r.body).toBe(200);
  }
  await runAsSystem(() => t.app.attendance.rebuild(o.companyId, '2026-06-29', '2026-07-19', t.clock.now()));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers = o.admin.headers) => t.app.inject({ method: 'GET', url, headers });

describe('a payroll page with more pay to compute than a request should', () => {
  let calculo: CalculoAsistencia;

  it('answers 202 with the calculation, queued once; a second read joins it', async () => {
    const first = await get('/api/v1/remuneraciones/202607');
    expect(first.statusCode, first.body).toBe(202);
    const body = first.json<CalculandoAsistencia>();
    expect(body).toMatchObject({ estado: 'calculando', mensaje: 'Calculando la asistencia del periodo…' });
    // The administrator and the three workers, none stored yet.
    expect(body.calculo).toMatchObject({ estado: 'calculando', hechos: 0, total: 4, desde: '2026-07-01', hasta: '2026-07-31' });
    expect(first.headers.location).toBe(`/api/v1/asistencia/calculos/${body.calculo.id}`);
    calculo = body.calculo;
    const again = await get('/api/v1/remuneraciones/202607?page=2&pageSize=2');
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json<CalculandoAsistencia>().calculo.id).toBe(calculo.id);
    expect(await t.app.jobs.depth(PAY_CALCULATION_JOB)).toBe(1);
    const progress = await get(`/api/v1/asistencia/calculos/${calculo.id}`);
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json<CalculoAsistencia>()).toMatchObject({ id: calculo.id, estado: 'calculando', total: 4 });
    // Another company cannot follow it.
    const other = await companyWithAdmin(t.app);
    expect((await get(`/api/v1/asistencia/calculos/${calculo.id}`, other.admin.headers)).statusCode).toBe(404);
  });

  it('an export is not a page: it computes inline and answers at once', async () => {
    const csv = await get('/api/v1/remuneraciones/202607/exportar?formato=csv');
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
  });

  it('runs in the job queue, reports its progress, and the page then reads the stored rows, equal to the pay computed live', async () => {
    await t.app.jobs.drain();
    const progress = await get(`/api/v1/asistencia/calculos/${calculo.id}`);
    expect(progress.json<CalculoAsistencia>()).toMatchObject({ estado: 'listo', hechos: 4, total: 4 });
    const page = await get('/api/v1/remuneraciones/202607?pageSize=100');
    expect(page.statusCode, page.body).toBe(200);
    const read = page.json<{ items: RemuneracionTrabajador[]; total: number; totales: TotalesRemuneraciones }>();
    expect(read.total).toBe(4);
    expect(read.totales).toEqual(totalsOf(read.items));
    for (const item of read.items) {
      const live = await get(`/api/v1/remuneraciones/202607/trabajadores/${item.usuarioId}`);
      expect(live.statusCode, live.body).toBe(200);
      expect(item, item.nombre).toEqual(live.json<{ trabajador: RemuneracionTrabajador }>().trabajador);
    }
  });

  it('a change to one worker leaves one row to compute: under the limit, the page computes it inline', async () => {
    const r = await t.app.inject({ method: 'PATCH', url: `/api/v1/usuarios/${o.people[0]!.id}`, headers: o.admin.headers, payload: { sueldoBase: 950_000 } });
    expect(r.statusCode, r.body).toBe(200);
    const page = await get('/api/v1/remuneraciones/202607?pageSize=100');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ items: RemuneracionTrabajador[] }>().items.find((i) => i.usuarioId === o.people[0]!.id)?.sueldoBase).toBe(950_000);
    expect(await t.app.jobs.depth(PAY_CALCULATION_JOB)).toBe(0);
  });
});
