/**
 * The rollups of the stored days (`attendance_rollups`, migration 0037): the migration holds the trigger
 * generated from the module's one map of a day's figures, and after any sequence of marks, corrections,
 * permissions and plan changes (each followed or not by the recompute job) every rollup row equals the
 * sums of the stored days of its company and date, computed afresh from the same map.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { daysInMonth, SUMMED_TOTAL_KEYS } from '@jornada/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceBoardRollups, attendanceRollups, attendanceWorkerRollups, planningDays, rollupColumn } from '../../db/schema/index';
import { runAsSystem } from '../../db/tenant-context';
import { createTestApp, type TestApp } from '../../test/app';
import { act, propose, signedIn } from '../../test/fixtures/corrections';
import { julyMark, julyOffice } from '../../test/fixtures/july-office';
import { boardRollupFillSql } from './attendance.board.repository';
import { boardGroupOf, boardStatus, boardStatusOfGroup } from './attendance.model';
import { rollupFillSql, rollupTriggerFunctionSql } from './attendance.sums.repository';
import * as repo from './attendance.repository';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../db/migrations');
const DATES = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-11', '2026-07-12'];

describe('the rollups migrations', () => {
  it('create the tables, the trigger and fill them with the SQL generated from the one map of a day’s figures', () => {
    const daily = fs.readFileSync(path.join(MIGRATIONS, '0038_attendance_rollups.sql'), 'utf8');
    const monthly = fs.readFileSync(path.join(MIGRATIONS, '0040_attendance_worker_rollups.sql'), 'utf8');
    const board = fs.readFileSync(path.join(MIGRATIONS, '0052_attendance_board_rollups.sql'), 'utf8');
    expect(daily).toContain(rollupFillSql('true', 'date'));
    expect(monthly).toContain(rollupFillSql('true', 'workerMonth'));
    // The latest migration that defines the trigger function holds its current text.
    expect(board).toContain(rollupTriggerFunctionSql());
    expect(board).toContain(boardRollupFillSql('true'));
    for (const key of SUMMED_TOTAL_KEYS) {
      expect(daily).toContain(`"${rollupColumn(key)}" double precision DEFAULT 0 NOT NULL`);
      expect(monthly).toContain(`"${rollupColumn(key)}" double precision DEFAULT 0 NOT NULL`);
    }
  });
});

type Action =
  | { kind: 'mark'; worker: number; date: number; tipo: 'entrada' | 'salida'; clock: string }
  | { kind: 'plan'; worker: number; date: number; turno: boolean }
  | { kind: 'permission'; worker: number; date: number; days: number }
  | { kind: 'correction'; worker: number; date: number; tipo: 'entrada' | 'salida'; clock: string }
  | { kind: 'recompute' };

const clockOf = fc.tuple(fc.integer({ min: 7, max: 19 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const worker = fc.integer({ min: 0, max: 1 });
const date = fc.integer({ min: 0, max: DATES.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('mark' as const), worker, date, tipo: fc.constantFrom('entrada' as const, 'salida' as const), clock: clockOf }),
  fc.record({ kind: fc.constant('plan' as const), worker, date, turno: fc.boolean() }),
  fc.record({ kind: fc.constant('permission' as const), worker, date, days: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('correction' as const), worker, date, tipo: fc.constantFrom('entrada' as const, 'salida' as const), clock: clockOf }),
  fc.constant({ kind: 'recompute' as const }),
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-07-20T15:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

/** Every rollup row of the company against the stored days of its date, summed afresh. */
async function expectRollupsEqualTheirDays(companyId: string, headers?: Record<string, string>): Promise<void> {
  const db = t.database.db;
  await runAsSystem(async () => {
    const stored = await db.select().from(attendanceRollups).where(eq(attendanceRollups.companyId, companyId));
    const counts = (await db.execute(sql`select fecha::text as fecha, count(*)::int as n from attendance_days where company_id = ${companyId} group by 1`)) as unknown as {
      rows: { fecha: string; n: number }[];
    };
    const fresh = await repo.reportSeries(db, companyId, {}, { from: '2000-01-01', to: '2100-12-31' }, 'day');
    const byDate = new Map(fresh.map((r) => [r.periodo, r]));
    const countOf = new Map(counts.rows.map((r) => [r.fecha, Number(r.n)]));
    // A date whose days are all gone keeps a row of zeros; every date with days has its row.
    for (const [fecha] of countOf) expect(stored.some((r) => r.fecha === fecha), `rollup of ${fecha}`).toBe(true);
    for (const row of stored) {
      expect(row.days, `days of ${row.fecha}`).toBe(countOf.get(row.fecha) ?? 0);
      const sums = byDate.get(row.fecha);
      for (const key of SUMMED_TOTAL_KEYS) expect(row[key], `${key} of ${row.fecha}`).toBeCloseTo(sums?.[key] ?? 0, 6);
    }
    // Per worker and month: the same sums over the worker's days of the month.
    const monthly = await db.select().from(attendanceWorkerRollups).where(eq(attendanceWorkerRollups.companyId, companyId));
    const perWorker = (await db.execute(
      sql`select user_id as "userId", date_trunc('month', fecha)::date::text as mes, count(*)::int as n from attendance_days where company_id = ${companyId} group by 1, 2`,
    )) as unknown as { rows: { userId: string; mes: string; n: number }[] };
    for (const r of perWorker.rows) expect(monthly.some((m) => m.userId === r.userId && m.mes === r.mes), `rollup of ${r.userId} in ${r.mes}`).toBe(true);
    for (const row of monthly) {
      expect(row.days).toBe(Number(perWorker.rows.find((r) => r.userId === row.userId && r.mes === row.mes)?.n ?? 0));
      const end = `${row.mes.slice(0, 8)}${String(daysInMonth(Number(row.mes.slice(0, 4)), Number(row.mes.slice(5, 7)))).padStart(2, '0')}`;
      const sums = (await repo.totalsByWorker(db, companyId, [row.userId], row.mes, end)).get(row.userId);
      for (const key of SUMMED_TOTAL_KEYS) expect(row[key], `${key} of ${row.userId} in ${row.mes}`).toBeCloseTo(sums?.[key] ?? 0, 6);
    }
    await expectBoardRollupsEqualTheirDays(companyId);
  });
  if (headers) await expectDayBoardsEqualTheLiveReading(headers);
}

/**
 * Each date's board for the whole company (counts, arrivals per hour and oldest computation from the
 * rollups) equals the same figures the board reads from the days one by one (a board filtered by status
 * classifies every worker of the filter, and its counts, arrivals and oldest computation are the whole filter's).
 */
async function expectDayBoardsEqualTheLiveReading(headers: Record<string, string>): Promise<void> {
  for (const fecha of DATES) {
    const read = async (extra: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/asistencia/dia?fecha=${fecha}${extra}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      const { conteos, trabajadores, llegadasPorHora, calculadoEn } = response.json();
      return { conteos, trabajadores, llegadasPorHora, calculadoEn };
    };
    expect(await read(''), fecha).toEqual(await read('&estado=presente'));
  }
}

/** Instants the board is read at: before, during and after the week's shifts, and the attribution window after them. */
const BOARD_INSTANTS = ['2026-07-06T11:00:00Z', '2026-07-08T16:30:00Z', '2026-07-09T23:59:00Z', '2026-07-10T03:00:00Z', '2026-07-13T12:00:00Z', '2026-07-20T15:00:00Z'].map(
  (at) => new Date(at),
);

/**
 * The board rollups hold, per date, the board group of each stored day as `boardGroupOf` reads it from the
 * day's columns; and the counts the board and the home read from them (`boardGroupsOf` for the whole company)
 * classify at any instant as the stored days one by one (`boardStatus`, the live reading).
 */
async function expectBoardRollupsEqualTheirDays(companyId: string): Promise<void> {
  const db = t.database.db;
  const days = (await db.execute(
    sql`select fecha::text as fecha, status, late_seconds, shift_end, first_entry, inconsistency_codes from attendance_days where company_id = ${companyId}`,
  )) as unknown as { rows: { fecha: string; status: 'presente'; late_seconds: number; shift_end: string | Date | null; first_entry: string | Date | null; inconsistency_codes: string[] }[] };
  const at = (v: string | Date | null) => (v === null ? null : new Date(v));
  const facts = days.rows.map((d) => ({ fecha: d.fecha, status: d.status, lateSeconds: Number(d.late_seconds), shiftEnd: at(d.shift_end), firstEntry: at(d.first_entry), codes: d.inconsistency_codes }));
  const keyOf = (fecha: string, g: ReturnType<typeof boardGroupOf>, entryHour: Date | null) =>
    `${fecha} ${g.status} ${g.late} ${g.hasCodes} ${g.openOnly} ${g.settlesAt?.toISOString() ?? '-'} ${entryHour?.toISOString() ?? '-'}`;
  const hourOf = (at: Date | null) => (at === null ? null : new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000));
  const expected = new Map<string, number>();
  for (const d of facts) {
    const key = keyOf(d.fecha, boardGroupOf(d), hourOf(d.firstEntry));
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const stored = await db.select().from(attendanceBoardRollups).where(eq(attendanceBoardRollups.companyId, companyId));
  const actual = new Map<string, number>();
  for (const r of stored) {
    if (r.days === 0) continue;
    const finite = (at: Date) => (Number.isFinite(at.getTime()) ? at : null);
    actual.set(keyOf(r.fecha, { status: r.status, late: r.late, hasCodes: r.hasCodes, openOnly: r.openOnly, settlesAt: finite(r.settlesAt) }, finite(r.entryHour)), r.days);
  }
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  // The stored path against the live classification of each day, for the whole company's week.
  const filter = { activeFrom: DATES[0]!, activeTo: DATES[DATES.length - 1]! };
  const groups = await t.app.attendance.boardGroupsOf(companyId, filter, filter.activeFrom, filter.activeTo);
  const counted = await repo.boardGroups(db, companyId, filter, filter.activeFrom, filter.activeTo);
  for (const now of BOARD_INSTANTS) {
    const fromRollups = new Map<string, number>();
    for (const g of groups) {
      const { estado, enJornada } = boardStatusOfGroup(g, now);
      fromRollups.set(`${g.fecha} ${estado} ${g.hasCodes && !enJornada}`, (fromRollups.get(`${g.fecha} ${estado} ${g.hasCodes && !enJornada}`) ?? 0) + g.n);
    }
    const live = new Map<string, number>();
    for (const g of counted) {
      const { estado, enJornada } = boardStatus({ status: g.status, lateSeconds: g.late ? 1 : 0, shiftEnd: g.shiftEnd, firstEntry: g.firstEntry, codes: g.codes }, now);
      live.set(`${g.fecha} ${estado} ${g.codes.length > 0 && !enJornada}`, (live.get(`${g.fecha} ${estado} ${g.codes.length > 0 && !enJornada}`) ?? 0) + g.n);
    }
    const nonZero = (m: Map<string, number>) => Object.fromEntries([...m].filter(([, n]) => n !== 0));
    expect(nonZero(fromRollups), now.toISOString()).toEqual(nonZero(live));
  }
}

describe('rollups after marks, corrections, permissions and plan changes', () => {
  it('equal the sums of the stored days they summarise, after every step', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 2, maxLength: 6 }), async (actions) => {
        const office = await julyOffice(
          t,
          [
            { nombre: 'Ana', apellidos: 'Uno' },
            { nombre: 'Beto', apellidos: 'Dos' },
            { nombre: 'Celia', apellidos: 'Fin' },
          ],
          DATES.slice(0, 5),
        );
        const { companyId, admin, people } = office;
        const types = (await t.app.inject({ method: 'GET', url: '/api/v1/tipos-permiso', headers: admin.headers })).json().items as { id: string; codigo: string }[];
        const pgr = types.find((type) => type.codigo === 'P.G.R.')!;
        // Celia's contract ends mid-week: the board does not count her days after it (the stored counts less hers).
        await runAsSystem(() => t.database.db.execute(sql`update users set fin_contrato = ${DATES[3]!}::date where company_id = ${companyId} and id = ${people[2]!.id}`));
        // The week stored once, as a read leaves it.
        await runAsSystem(() => t.app.attendance.rebuild(companyId, DATES[0]!, DATES[DATES.length - 1]!, t.clock.now()));
        await expectRollupsEqualTheirDays(companyId, admin.headers);
        for (const step of actions) {
          if (step.kind === 'mark') await julyMark(t, companyId, people[step.worker]!, step.tipo, DATES[step.date]!, step.clock);
          else if (step.kind === 'plan') {
            const shift = await t.database.db.select().from(planningDays).where(eq(planningDays.companyId, companyId)).limit(1);
            const at = new Date('2026-06-01T00:00:00Z');
            await t.database.db
              .insert(planningDays)
              .values({
                companyId,
                userId: people[step.worker]!.id,
                date: DATES[step.date]!,
                kind: step.turno ? 'turno' : 'libre',
                shiftId: step.turno ? shift[0]!.shiftId : null,
                shiftVersion: step.turno ? shift[0]!.shiftVersion : null,
                firstPlannedAt: at,
                assignedAt: at,
                origin: 'manual',
              })
              .onConflictDoUpdate({
                target: [planningDays.companyId, planningDays.userId, planningDays.date],
                set: { kind: step.turno ? 'turno' : 'libre', shiftId: step.turno ? shift[0]!.shiftId : null, shiftVersion: step.turno ? shift[0]!.shiftVersion : null },
              });
          } else if (step.kind === 'permission') {
            const hasta = DATES[Math.min(DATES.length - 1, step.date + step.days - 1)]!;
            const created = await t.app.inject({
              method: 'POST',
              url: '/api/v1/permisos',
              headers: admin.headers,
              payload: { usuarioId: people[step.worker]!.id, tipoId: pgr.id, desde: DATES[step.date]!, hasta },
            });
            // Overlapping an earlier permission is refused: nothing changed, the rollups must still hold.
            if (created.statusCode === 201 && created.json().estado !== 'aprobado') {
              await t.app.inject({ method: 'POST', url: `/api/v1/permisos/${created.json().id}/aprobar`, headers: admin.headers, payload: {} });
            }
          } else if (step.kind === 'correction') {
            const proposed = await propose(t.app, admin.headers, {
              usuarioId: people[step.worker]!.id,
              tipo: step.tipo,
              fecha: DATES[step.date]!,
              hora: step.clock,
              motivo: 'Olvidó marcar.',
            });
            if (proposed.statusCode === 201) await act(t.app, await signedIn(t.app, people[step.worker]!), proposed.json().id, 'aceptar');
          } else {
            await t.app.jobs.drain();
          }
          await expectRollupsEqualTheirDays(companyId, admin.headers);
        }
        await t.app.jobs.drain();
        await expectRollupsEqualTheirDays(companyId, admin.headers);
      }),
      { numRuns: 6, seed: 20261128 },
    );
  });
});

describe('the day board of a company with sites in more than one zone', () => {
  it('counts the arrivals per local hour as the live reading, whether or not the zones agree on the hour', async () => {
    const { companyId, admin, people } = await julyOffice(
      t,
      [
        { nombre: 'Gala', apellidos: 'Siete' },
        { nombre: 'Hugo', apellidos: 'Ocho' },
      ],
      DATES.slice(0, 5),
    );
    await julyMark(t, companyId, people[0]!, 'entrada', DATES[0]!, '09:12');
    await julyMark(t, companyId, people[1]!, 'entrada', DATES[0]!, '08:55');
    await julyMark(t, companyId, people[1]!, 'salida', DATES[0]!, '18:02');
    // La Paz is at Santiago's offset in July (the rollups' hours serve); Punta Arenas an hour ahead (the days are counted).
    for (const zone of ['America/La_Paz', 'America/Punta_Arenas']) {
      await runAsSystem(async () => {
        const site = (await t.database.db.execute(sql`insert into sites (company_id, nombre, time_zone) values (${companyId}, ${zone}, ${zone}) returning id`)) as unknown as { rows: { id: string }[] };
        await t.database.db.execute(sql`update users set site_id = ${site.rows[0]!.id} where company_id = ${companyId} and id = ${people[1]!.id}`);
      });
      await runAsSystem(() => t.app.attendance.rebuild(companyId, DATES[0]!, DATES[DATES.length - 1]!, t.clock.now()));
      await expectDayBoardsEqualTheLiveReading(admin.headers);
    }
  });
});

describe('rebuilding the rollups (npm run attendance:rollups:rebuild)', () => {
  it('puts back, from the stored days, rollups that went wrong or missing', async () => {
    const { companyId, people } = await julyOffice(t, [{ nombre: 'Carla', apellidos: 'Tres' }], DATES.slice(0, 5));
    await julyMark(t, companyId, people[0]!, 'entrada', DATES[0]!, '09:12');
    await julyMark(t, companyId, people[0]!, 'salida', DATES[0]!, '18:30');
    await runAsSystem(() => t.app.attendance.rebuild(companyId, DATES[0]!, DATES[6]!, t.clock.now()));
    await runAsSystem(async () => {
      await t.database.db.execute(sql`update attendance_worker_rollups set late_days = 0 where company_id = ${companyId}`);
      await t.database.db.execute(sql`update attendance_rollups set worked_seconds = worked_seconds + 1, days = days + 3 where company_id = ${companyId} and fecha = ${DATES[0]!}::date`);
      await t.database.db.execute(sql`delete from attendance_rollups where company_id = ${companyId} and fecha = ${DATES[1]!}::date`);
      await t.database.db.execute(sql`insert into attendance_rollups (company_id, fecha, days) values (${companyId}, '2026-01-01', 4)`);
    });
    const dates = await runAsSystem(() => t.app.attendance.rebuildRollups(companyId));
    expect(dates).toBe(7);
    await expectRollupsEqualTheirDays(companyId);
    const [monday] = await runAsSystem(() => t.database.db.select().from(attendanceRollups).where(sql`${attendanceRollups.companyId} = ${companyId} and ${attendanceRollups.fecha} = ${DATES[0]!}`));
    // Carla's Monday and the administrator's (a person of the company too).
    expect(monday).toMatchObject({ days: 2, lateDays: 1, 'daysByStatus.presente': 1 });
  });
});

describe('a report of whole months read from the monthly rollups', () => {
  it('lists, sorts and adds up what the same report reads from the stored days', async () => {
    // July is over: the report adds up the whole month.
    t.clock.set('2026-08-10T15:00:00Z');
    const { companyId, admin, people } = await julyOffice(
      t,
      [
        { nombre: 'Dora', apellidos: 'Cuatro' },
        { nombre: 'Elías', apellidos: 'Cinco' },
        { nombre: 'Fabiola', apellidos: 'Seis' },
      ],
      ['2026-07-01', '2026-07-02', '2026-07-03', '2026-07-06', '2026-07-07', '2026-07-31'],
    );
    const [dora, elias, fabiola] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    await julyMark(t, companyId, dora, 'entrada', '2026-07-01', '09:20');
    await julyMark(t, companyId, dora, 'salida', '2026-07-01', '19:30');
    await julyMark(t, companyId, elias, 'entrada', '2026-07-02', '09:00');
    await julyMark(t, companyId, elias, 'salida', '2026-07-02', '17:10');
    await julyMark(t, companyId, fabiola, 'entrada', '2026-07-06', '09:40');
    await julyMark(t, companyId, fabiola, 'salida', '2026-07-06', '19:55');
    await julyMark(t, companyId, dora, 'entrada', '2026-07-31', '09:07');
    try {
      const read = async (reporte: string, range: string, extra = '') => {
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/reportes/${reporte}?${range}&pageSize=2${extra}`, headers: admin.headers });
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json();
        return { filas: body.filas, total: body.total, totales: body.totales };
      };
      // The month (rollups) against the month and the day before it (stored days; no plan, no marks on June 30).
      for (const reporte of ['atrasos', 'ausencias', 'horas-extra']) {
        for (const extra of ['', '&page=2', '&orden=trabajador&direccion=desc']) {
          const monthly = await read(reporte, 'desde=2026-07-01&hasta=2026-07-31', extra);
          const daily = await read(reporte, 'desde=2026-06-30&hasta=2026-07-31', extra);
          expect(monthly, `${reporte}${extra}`).toEqual(daily);
        }
      }
      const late = await read('atrasos', 'desde=2026-07-01&hasta=2026-07-31');
      expect(late.total).toBe(3);
    } finally {
      t.clock.set('2026-07-20T15:00:00Z');
    }
  });
});
