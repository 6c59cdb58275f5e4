/**
 * The stored evaluation is the engine's whatever the path: the demo company's days evaluated
 * incrementally (a week at a time, in scattered order and groups of workers, as reads bring them up to
 * date after marks, plans and permissions invalidate them) equal a fresh evaluation of the same inputs
 * in one pass over the period, day by day and column by column, and so do the payroll figures of its
 * month. Two code paths reach the stored days; this compares them.
 */
import { addDays, remunerationFactsOf, summedTotalsOf } from '@jornada/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceDays } from '../db/schema/index';
import { runAsSystem } from '../db/tenant-context';
import { totalsByWorker } from '../modules/attendance/attendance.repository';
import { createPayrollAttendance } from '../modules/remunerations/remunerations.attendance';
import type { TestApp } from '../test/app';
import { demoApp } from '../test/demo';
import { bearer, signIn } from '../test/factories';
import { DEMO_PASSWORD } from './seed';

let t: TestApp;
let companyId: string;
beforeAll(async () => {
  ({ t, companyId } = await demoApp());
}, 300_000);
afterAll(() => t.close());

// The test clock is 2025-06-02: May is the demo's last whole month, read in its whole weeks.
const FROM = '2025-04-28';
const TO = '2025-06-01';

/** Every stored figure of the company's days in the weeks of May, by worker and date. */
async function storedDays(): Promise<Record<string, unknown>[]> {
  const result = await t.database.db.execute(sql`
    select user_id, fecha::text as fecha, status, plan_kind, planned_seconds, worked_seconds, ordinary_seconds, missing_seconds,
      justified_seconds, late_seconds, early_leave_seconds, break_seconds, overtime_seconds, overtime_within_limit_seconds,
      overtime_beyond_limit_seconds, overtime_over_agreed_seconds, sunday_seconds, holiday_seconds, inconsistency_codes,
      shift_start, shift_end, first_entry, last_exit, week_compensated_seconds, week_shortfall_seconds, week_late_after_seconds,
      week_early_leave_after_seconds, week_net_overtime_seconds, week_net_overtime_within_seconds, week_net_overtime_beyond_seconds,
      week_pending_seconds, week, result
    from ${attendanceDays}
    where company_id = ${companyId} and fecha between ${FROM}::date and ${TO}::date
    order by user_id, fecha`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('the demo company’s stored evaluation', () => {
  it('equals a fresh evaluation of the same inputs, and so do May’s payroll, the stored sums and the payroll facts', async () => {
    const admin = bearer((await signIn(t.app, '11.111.111-1', DEMO_PASSWORD)).tokenSesion);
    const payroll = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/remuneraciones/202505?pageSize=100', headers: admin });
      expect(response.statusCode, response.body).toBe(200);
      const { items, total, totales } = response.json();
      expect(items.length).toBe(total);
      return { items, totales };
    };
    // The incremental path: nothing stored, then a week at a time, latest first, a third of the workers at a time.
    const ids = (await t.database.db.selectDistinct({ id: attendanceDays.userId }).from(attendanceDays).where(eq(attendanceDays.companyId, companyId))).map((r) => r.id).sort();
    await t.database.db.delete(attendanceDays).where(eq(attendanceDays.companyId, companyId));
    // Outside a request, as the jobs run: the system's context (PostgreSQL's row security asks for one).
    await runAsSystem(async () => {
      for (let monday = '2025-05-26'; monday >= FROM; monday = addDays(monday, -7)) {
        for (let part = 0; part < 3; part++) await t.app.attendance.ensureFresh(companyId, ids.filter((_, i) => i % 3 === part), monday, addDays(monday, 6), t.clock.now());
      }
    });
    expect(await storedDays()).not.toHaveLength(0);
    const before = await payroll();
    expect(before.items.length).toBeGreaterThan(50);
    const incremental = await storedDays();
    expect(incremental.length).toBeGreaterThan(50 * 30);
    expect(incremental.some((d) => Number(d.overtime_over_agreed_seconds) > 0)).toBe(true);

    // The fresh path: nothing stored, the whole period evaluated in one pass per worker.
    await t.database.db.delete(attendanceDays).where(eq(attendanceDays.companyId, companyId));
    await runAsSystem(() => t.app.attendance.rebuild(companyId, FROM, TO, t.clock.now()));
    const fresh = await storedDays();

    expect(fresh.length).toBe(incremental.length);
    for (let i = 0; i < fresh.length; i++) expect(fresh[i], `${String(fresh[i]!.user_id)} ${String(fresh[i]!.fecha)}`).toEqual(incremental[i]);
    expect(await payroll()).toEqual(before);

    // Every figure summed from the stored days, and the payroll facts read from them, equal the engine's
    // totals of a fresh evaluation of the same whole weeks (packages/domain period-totals.ts and
    // stored-pay-facts.ts). Whole weeks: a fresh evaluation that ends mid-week reads no marks after its
    // end, so the days of a week that settles in the next period carry provisional figures there, while
    // the stored days always come from whole weeks.
    const [from, to] = ['2025-05-05', '2025-06-01'];
    const [stored, facts, engine] = await runAsSystem(() =>
      Promise.all([
        totalsByWorker(t.database.db, companyId, ids, from, to),
        createPayrollAttendance(t.app.attendanceReads).facts(companyId, ids, from, to),
        t.app.attendance.evaluate(companyId, ids, from, to),
      ]),
    );
    expect(engine.size).toBe(ids.length);
    const rounded = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));
    for (const [id, result] of engine) {
      expect(rounded(stored.get(id)!), id).toEqual(rounded(summedTotalsOf(result.totals)));
      expect(facts.get(id), id).toEqual(remunerationFactsOf(result));
    }
    expect([...engine.values()].some((r) => r.totals.sundaysWorked > 0 && r.totals.foundOvertimeSeconds > 0)).toBe(true);
  }, 300_000);
});
