/**
 * The stored pay of an open month (`remuneration_rows`, migration 0049): its triggers delete a worker-month's
 * row in the statement that changes what it was computed from, a read's claim deleted meanwhile stores nothing,
 * and after any sequence of marks, corrections, permissions, overtime approvals and pacts, salary changes and
 * company-wide changes, the page read from the stored rows equals the pay computed live (each worker's
 * drill-down computes their row from the stored days), with totals that are the sums of its rows.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { RemuneracionTrabajador, TotalesRemuneraciones } from '@jornada/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { act, propose, signedIn } from '../../test/fixtures/corrections';
import { julyMark, julyOffice, type JulyOffice } from '../../test/fixtures/july-office';
import { createStoredPay } from './index';
import { rowSums, totalsOf } from './remunerations.model';
import * as stored from './remunerations.stored.repository';

// The week of 6–12 July 2026; the test clock is 20 July, so July's figures run to the 19th.
const DATES = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-11', '2026-07-12'];
type Headers = Record<string, string>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-07-20T15:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function page(headers: Headers, periodo = '202607'): Promise<{ items: RemuneracionTrabajador[]; total: number; totales: TotalesRemuneraciones }> {
  const r = await api('GET', `/api/v1/remuneraciones/${periodo}?pageSize=100`, headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

/** The company's rows in remuneration_rows: worker, month and whether the row is stored (not a claim). */
async function storedOf(companyId: string): Promise<{ userId: string; periodo: string; claimed: boolean }[]> {
  return runAsSystem(async () => {
    const result = await t.database.db.execute(sql`select user_id, periodo, claim is not null as claimed from remuneration_rows where company_id = ${companyId} order by user_id, periodo`);
    return (result as unknown as { rows: { user_id: string; periodo: string; claimed: boolean }[] }).rows.map((r) => ({ userId: r.user_id, periodo: r.periodo, claimed: Boolean(r.claimed) }));
  });
}

async function office(names: string[]): Promise<JulyOffice> {
  const o = await julyOffice(
    t,
    names.map((nombre, i) => ({ nombre, apellidos: `Apellido${i}` })),
    DATES.slice(0, 5),
  );
  for (const [i, person] of o.people.entries()) {
    const r = await api('PATCH', `/api/v1/usuarios/${person.id}`, o.admin.headers, { sueldoBase: 600_000 + 100_000 * i });
    expect(r.statusCode, r.body).toBe(200);
  }
  await runAsSystem(() => t.app.attendance.rebuild(o.companyId, '2026-06-29', '2026-07-19', t.clock.now()));
  return o;
}

describe('the triggers of the stored pay', () => {
  it('delete a worker-month when its inputs change, a company’s months on company-wide changes, and nothing else', { timeout: 180_000 }, async () => {
    const o = await office(['Ana', 'Beto']);
    const [ana, beto] = o.people as [JulyOffice['people'][number], JulyOffice['people'][number]];
    // June is over, July runs: the days of 29–30 June settle in the week of Sunday 5 July.
    const everyone = async () => {
      await page(o.admin.headers, '202606');
      await page(o.admin.headers);
      const rows = await storedOf(o.companyId);
      // Both months of the admin and the two workers stored, nothing left claimed.
      expect(rows.filter((r) => !r.claimed)).toHaveLength(6);
      return rows;
    };
    const has = (rows: { userId: string; periodo: string }[], userId: string, periodo: string) => rows.some((r) => r.userId === userId && r.periodo === periodo);

    await everyone();
    // A stored day made stale (a mark, a plan day): its worker's month goes.
    await runAsSystem(() => t.database.db.execute(sql`update attendance_days set stale = true where company_id = ${o.companyId} and user_id = ${ana.id} and fecha = '2026-07-08'`));
    let rows = await storedOf(o.companyId);
    expect([has(rows, ana.id, '202607'), has(rows, ana.id, '202606'), has(rows, beto.id, '202607')]).toEqual([false, true, true]);
    // A day within 6 days of the next month's start counts in both.
    await everyone();
    await runAsSystem(() => t.database.db.execute(sql`delete from attendance_days where company_id = ${o.companyId} and user_id = ${beto.id} and fecha = '2026-06-29'`));
    rows = await storedOf(o.companyId);
    expect([has(rows, beto.id, '202606'), has(rows, beto.id, '202607'), has(rows, ana.id, '202606')]).toEqual([false, false, true]);
    // Evaluating a day again (the read brings Beto's 29 June back) deletes too: the read stores what it computed after.
    await everyone();
    await runAsSystem(() => t.app.attendance.rebuild(o.companyId, '2026-07-13', '2026-07-19', t.clock.now()));
    rows = await storedOf(o.companyId);
    expect([has(rows, ana.id, '202607'), has(rows, beto.id, '202607'), has(rows, beto.id, '202606')]).toEqual([false, false, true]);

    // An overtime decision: the same months as its day.
    await everyone();
    await runAsSystem(() =>
      t.database.db.execute(
        sql`insert into overtime_approvals (company_id, user_id, fecha, found_seconds, approved_seconds, estado, decided_at) values (${o.companyId}, ${ana.id}, '2026-06-30', 3600, 3600, 'aprobado', now())`,
      ),
    );
    rows = await storedOf(o.companyId);
    expect([has(rows, ana.id, '202606'), has(rows, ana.id, '202607'), has(rows, beto.id, '202606')]).toEqual([false, false, true]);

    // A permission or a pact: every month of its worker.
    await everyone();
    const types = (await api('GET', '/api/v1/tipos-permiso', o.admin.headers)).json().items as { id: string; codigo: string }[];
    const pgr = types.find((type) => type.codigo === 'P.G.R.')!;
    const permission = await api('POST', '/api/v1/permisos', o.admin.headers, { usuarioId: beto.id, tipoId: pgr.id, desde: '2026-07-08', hasta: '2026-07-08' });
    expect(permission.statusCode, permission.body).toBe(201);
    rows = await storedOf(o.companyId);
    expect([has(rows, beto.id, '202606'), has(rows, beto.id, '202607'), has(rows, ana.id, '202607')]).toEqual([false, false, true]);
    await everyone();
    const pact = await api('POST', '/api/v1/pactos-horas-extra', o.admin.headers, { usuarioId: ana.id, desde: '2026-07-01', hasta: '2026-08-31', maxMinutosDia: 60 });
    expect(pact.statusCode, pact.body).toBe(201);
    rows = await storedOf(o.companyId);
    expect([has(rows, ana.id, '202606'), has(rows, ana.id, '202607'), has(rows, beto.id, '202607')]).toEqual([false, false, true]);

    // The contract deletes; the name (served as it is now with the stored row) does not.
    await everyone();
    expect((await api('PATCH', `/api/v1/usuarios/${ana.id}`, o.admin.headers, { nombre: 'Anita', cargo: 'Jefa de local' })).statusCode).toBe(200);
    expect(await storedOf(o.companyId)).toHaveLength(6);
    const renamed = (await page(o.admin.headers)).items.find((r) => r.usuarioId === ana.id)!;
    expect([renamed.nombre, renamed.cargo]).toEqual(['Anita', 'Jefa de local']);
    expect((await api('PATCH', `/api/v1/usuarios/${ana.id}`, o.admin.headers, { sueldoBase: 750_000 })).statusCode).toBe(200);
    rows = await storedOf(o.companyId);
    expect([has(rows, ana.id, '202606'), has(rows, ana.id, '202607'), has(rows, beto.id, '202607')]).toEqual([false, false, true]);

    // Company-wide: the Sunday surcharge and the permission types delete every month of the company; its name does not.
    await everyone();
    expect((await api('PATCH', '/api/v1/empresa', o.admin.headers, { nombre: 'Otra Oficina' })).statusCode).toBe(200);
    expect(await storedOf(o.companyId)).toHaveLength(6);
    expect((await api('PATCH', '/api/v1/empresa', o.admin.headers, { recargoDominicalPorcentaje: 40 })).statusCode).toBe(200);
    expect(await storedOf(o.companyId)).toHaveLength(0);
    await everyone();
    expect((await api('PATCH', `/api/v1/tipos-permiso/${pgr.id}`, o.admin.headers, { nombre: 'Permiso con goce (art. 66)' })).statusCode).toBe(200);
    expect(await storedOf(o.companyId)).toHaveLength(0);
  });

  it('store nothing under a claim a change deleted while the read computed; the rollups rebuild forgets them', { timeout: 120_000 }, async () => {
    const o = await office(['Carla']);
    const [carla] = o.people;
    const claim = randomUUID();
    const { items } = await page(o.admin.headers);
    const row = items.find((r) => r.usuarioId === carla!.id)!;
    await runAsSystem(async () => {
      await stored.claimRows(t.database.db, o.companyId, '202607', '2026-07-19', [carla!.id], claim);
      // Marks recorded after the claim, before the figures (computed without them) are stored.
      await julyMark(t, o.companyId, carla!, 'entrada', DATES[1]!, '09:40');
      await julyMark(t, o.companyId, carla!, 'salida', DATES[1]!, '18:00');
      expect(await stored.storeRows(t.database.db, o.companyId, '202607', claim, [{ userId: carla!.id, row, sums: rowSums(row) }])).toBe(0);
      await stored.releaseClaim(t.database.db, o.companyId, '202607', claim);
    });
    expect(await storedOf(o.companyId)).not.toContainEqual(expect.objectContaining({ userId: carla!.id, periodo: '202607' }));
    const live = (await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${carla!.id}`, o.admin.headers)).json().trabajador;
    expect(live).not.toEqual(row);
    expect((await page(o.admin.headers)).items.find((r) => r.usuarioId === carla!.id)).toEqual(live);
    // A row stored for another day is not read: the page computes the row of its own day again.
    await runAsSystem(async () => {
      await stored.claimRows(t.database.db, o.companyId, '202607', '2026-07-18', [carla!.id], claim);
      expect(await stored.storeRows(t.database.db, o.companyId, '202607', claim, [{ userId: carla!.id, row, sums: rowSums(row) }])).toBe(1);
    });
    expect((await page(o.admin.headers)).items.find((r) => r.usuarioId === carla!.id)).toEqual(live);
    // npm run attendance:rollups:rebuild forgets the stored pay; the next read computes the same.
    const before = await page(o.admin.headers);
    expect(await runAsSystem(() => createStoredPay(t.database.db).forget(o.companyId))).toBe(2);
    expect(await storedOf(o.companyId)).toEqual([]);
    expect(await page(o.admin.headers)).toEqual(before);
  });
});

type Action =
  | { kind: 'mark'; worker: number; date: number; tipo: 'entrada' | 'salida'; clock: string }
  | { kind: 'correction'; worker: number; date: number; tipo: 'entrada' | 'salida'; clock: string }
  | { kind: 'permission'; worker: number; date: number; days: number }
  | { kind: 'approve'; worker: number; date: number }
  | { kind: 'pact'; worker: number; minutes: number }
  | { kind: 'salary'; worker: number; salary: number | null }
  | { kind: 'surcharge'; percent: number }
  | { kind: 'recompute' };

// Local July times the fixture can record (UTC-4, the same UTC date): early entries and late exits make overtime.
const clockOf = fc.tuple(fc.integer({ min: 6, max: 19 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const worker = fc.integer({ min: 0, max: 2 });
const date = fc.integer({ min: 0, max: DATES.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('mark' as const), worker, date, tipo: fc.constantFrom('entrada' as const, 'salida' as const), clock: clockOf }),
  fc.record({ kind: fc.constant('correction' as const), worker, date, tipo: fc.constantFrom('entrada' as const, 'salida' as const), clock: clockOf }),
  fc.record({ kind: fc.constant('permission' as const), worker, date, days: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('approve' as const), worker, date }),
  fc.record({ kind: fc.constant('pact' as const), worker, minutes: fc.integer({ min: 30, max: 120 }) }),
  fc.record({ kind: fc.constant('salary' as const), worker, salary: fc.option(fc.integer({ min: 500_000, max: 2_000_000 }), { nil: null }) }),
  fc.record({ kind: fc.constant('surcharge' as const), percent: fc.integer({ min: 30, max: 100 }) }),
  fc.constant({ kind: 'recompute' as const }),
);

/** The page as read from the stored rows equals each worker's pay computed live, and its totals are its rows'. */
async function expectStoredPageIsLive(o: JulyOffice): Promise<void> {
  const read = await page(o.admin.headers);
  expect(read.items).toHaveLength(read.total);
  expect(read.totales).toEqual(totalsOf(read.items));
  // Read again, every row comes from remuneration_rows.
  expect(await page(o.admin.headers)).toEqual(read);
  const rows = await storedOf(o.companyId);
  expect(rows.filter((r) => r.periodo === '202607' && !r.claimed)).toHaveLength(read.total);
  for (const item of read.items) {
    const live = await api('GET', `/api/v1/remuneraciones/202607/trabajadores/${item.usuarioId}`, o.admin.headers);
    expect(live.statusCode, live.body).toBe(200);
    expect(item, `${item.nombre}`).toEqual(live.json().trabajador);
  }
}

describe('the stored pay after marks, corrections, permissions, overtime approvals, pacts and salary changes', () => {
  it('reads as the pay computed live, after every step', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 6 }), async (actions) => {
        const o = await office(['Dora', 'Elías', 'Fabio']);
        const { companyId, admin, people } = o;
        const types = (await api('GET', '/api/v1/tipos-permiso', admin.headers)).json().items as { id: string; codigo: string }[];
        const pgr = types.find((type) => type.codigo === 'P.G.R.')!;
        const psg = types.find((type) => type.codigo === 'P.S.G.R.') ?? pgr;
        await expectStoredPageIsLive(o);
        for (const step of actions) {
          if (step.kind === 'mark') await julyMark(t, companyId, people[step.worker]!, step.tipo, DATES[step.date]!, step.clock);
          else if (step.kind === 'correction') {
            const proposed = await propose(t.app, admin.headers, { usuarioId: people[step.worker]!.id, tipo: step.tipo, fecha: DATES[step.date]!, hora: step.clock, motivo: 'Olvidó marcar.' });
            if (proposed.statusCode === 201) await act(t.app, await signedIn(t.app, people[step.worker]!), proposed.json().id, 'aceptar');
          } else if (step.kind === 'permission') {
            const hasta = DATES[Math.min(DATES.length - 1, step.date + step.days - 1)]!;
            const created = await api('POST', '/api/v1/permisos', admin.headers, { usuarioId: people[step.worker]!.id, tipoId: step.days === 2 ? psg.id : pgr.id, desde: DATES[step.date]!, hasta });
            // Overlapping an earlier permission is refused: nothing changed.
            if (created.statusCode === 201 && created.json().estado !== 'aprobado') await api('POST', `/api/v1/permisos/${created.json().id}/aprobar`, admin.headers, {});
          } else if (step.kind === 'approve') {
            // A day without overtime to confirm is refused: nothing changed.
            await api('POST', `/api/v1/horas-extra/${people[step.worker]!.id}/${DATES[step.date]!}/aprobar`, admin.headers, {});
          } else if (step.kind === 'pact') {
            await api('POST', '/api/v1/pactos-horas-extra', admin.headers, { usuarioId: people[step.worker]!.id, desde: '2026-07-01', hasta: '2026-07-31', maxMinutosDia: step.minutes });
          } else if (step.kind === 'salary') {
            expect((await api('PATCH', `/api/v1/usuarios/${people[step.worker]!.id}`, admin.headers, { sueldoBase: step.salary })).statusCode).toBe(200);
          } else if (step.kind === 'surcharge') {
            expect((await api('PATCH', '/api/v1/empresa', admin.headers, { recargoDominicalPorcentaje: step.percent })).statusCode).toBe(200);
          } else {
            await t.app.jobs.drain();
          }
          await expectStoredPageIsLive(o);
        }
      }),
      { numRuns: 5, seed: 20261128, endOnFailure: true },
    );
  });
});
