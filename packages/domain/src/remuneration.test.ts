import { describe, expect, it } from 'vitest';
import { eachDate, isoWeekday } from './calendar/local-date';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import { remunerationVariables } from './remuneration';
import type { Mark, MarkKind } from './marks';
import { parseClockTime, type ShiftTemplate } from './shift-instance';
import { localToInstant } from './time-zone';

const S = 'America/Santiago';
const H = 3600;
const office: ShiftTemplate = { start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5 };
let seq = 0;
const m = (kind: MarkKind, date: string, clock: string): Mark => ({ id: `m${String(++seq).padStart(5, '0')}`, kind, at: localToInstant(S, date, parseClockTime(clock)!) });
const workday = (date: string, entrada = '08:00', salida = '17:00') => [m('entrada', date, entrada), m('salida', date, salida)];
const plan: Record<string, PlanEntry> = {};
for (const d of eachDate('2026-06-30', '2026-08-01')) plan[d] = isoWeekday(d) <= 5 ? { kind: 'turno', shift: office } : { kind: 'libre' };

describe('remuneration variables', () => {
  it('the chile.md week: lateness made up within the week deducts nothing', () => {
    const marks = [...workday('2026-07-06', '08:20'), ...workday('2026-07-07', '08:20'), ...workday('2026-07-08', '08:00', '17:40'), ...workday('2026-07-09'), ...workday('2026-07-10')];
    const r = remunerationVariables(evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan, marks }), { salary: 600_000, weeklyHours: 42 });
    expect(r).toMatchObject({ shortfallSeconds: 0, shortfallDeduction: 0, lateSecondsAfterCompensation: 0, unjustifiedAbsenceDays: 0, daysWorked: 5 });
    expect(r.overtime.seconds).toBe(0);
  });

  it('values absences at salary / 30, shortfall at the ordinary hour and overtime at 50 %', () => {
    const marks: Mark[] = [];
    for (const d of eachDate('2026-07-01', '2026-07-31')) {
      if (isoWeekday(d) > 5 || d === '2026-07-16' || d === '2026-07-02' || d === '2026-07-03') continue;
      if (d === '2026-07-13') marks.push(...workday(d, '08:40')); // 40 min late, not made up that week
      else if (d === '2026-07-21') marks.push(...workday(d, '08:00', '19:00')); // 2 h extra
      else if (d === '2026-07-28') marks.push(...workday(d, '08:00', '20:00')); // 3 h extra: 1 h beyond the daily limit
      else if (d >= '2026-07-22' && d <= '2026-07-24') continue; // unpaid leave
      else marks.push(...workday(d));
    }
    const result = evaluatePeriod({
      from: '2026-07-01',
      to: '2026-07-31',
      plan,
      marks,
      permissions: [
        { type: 'permiso_sin_goce', paid: false, from: '2026-07-22', to: '2026-07-24' },
        { type: 'licencia_medica', paid: true, from: '2026-07-03', to: '2026-07-03' },
      ],
    });
    const r = remunerationVariables(result, { salary: 600_000, weeklyHours: 42, period: '202607' });
    expect(r).toMatchObject({
      period: '202607',
      unjustifiedAbsenceDays: 1,
      unjustifiedAbsenceDeduction: 20_000,
      shortfallSeconds: 2400,
      shortfallMinutes: 40,
      shortfallDeduction: 2222, // 40 min x 3,333.33
      lateSecondsAfterCompensation: 2400,
      dayValue: 20_000,
      ordinaryHourValue: 3333,
      pendingDays: 0,
    });
    expect(r.overtime).toEqual({
      surchargePercent: 50,
      seconds: 5 * H,
      hours: 5,
      withinLimitSeconds: 4 * H,
      beyondLimitSeconds: H,
      hourValue: 5000,
      amount: 25_000,
    });
    expect(r.permissions).toEqual([
      { type: 'licencia_medica', paid: true, days: 1, deduction: 0 },
      { type: 'permiso_sin_goce', paid: false, days: 3, deduction: 60_000 },
    ]);
  });

  it('pays only approved overtime when approvals are given', () => {
    const marks = [...workday('2026-07-06', '08:00', '19:00'), ...workday('2026-07-07', '08:00', '18:00')];
    const result = evaluatePeriod({ from: '2026-07-06', to: '2026-07-07', plan, marks });
    expect(remunerationVariables(result, { salary: 600_000, weeklyHours: 44 }).overtime).toMatchObject({ seconds: 3 * H, hourValue: 4773, amount: 14_318 });
    const approved = remunerationVariables(result, { salary: 600_000, weeklyHours: 44, approvedOvertime: { '2026-07-06': 1.5 * H } });
    expect(approved.overtime).toMatchObject({ seconds: 1.5 * H, amount: 7159 });
    const viaMap = remunerationVariables(result, { salary: 600_000, weeklyHours: 44, approvedOvertime: new Map([['2026-07-07', 5 * H]]) });
    expect(viaMap.overtime.seconds).toBe(H);
  });

  it('counts Sundays and holidays worked and keeps incomplete days out of deductions', () => {
    const marks = [m('entrada', '2026-07-05', '09:00'), m('salida', '2026-07-05', '13:00'), m('entrada', '2026-07-06', '08:00')];
    const r = remunerationVariables(evaluatePeriod({ from: '2026-07-05', to: '2026-07-06', plan, marks }), { salary: 450_000, weeklyHours: 45 });
    expect(r).toMatchObject({ sundaysWorked: 1, holidaysWorked: 0, pendingDays: 1, daysWorked: 2, shortfallSeconds: 0, unjustifiedAbsenceDays: 0 });
    expect(r.overtime.hourValue).toBe(3500);
  });

  it('refuses a negative salary', () => {
    expect(() => remunerationVariables(evaluatePeriod({ from: '2026-07-06', to: '2026-07-06', plan, marks: [] }), { salary: -1, weeklyHours: 42 })).toThrow(RangeError);
  });
});
