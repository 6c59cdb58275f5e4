import { describe, expect, it } from 'vitest';
import { eachDate, isoWeekday } from './calendar/local-date';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import { ordinaryHourValue, overtimeHourValue, roundPesos } from './law';
import {
  remunerationFactsOf,
  remunerationFromFacts,
  remunerationVariables,
  settledWeekLimitSeconds,
  sundayOrdinaryWorkOf,
  type RemunerationFacts,
} from './remuneration';
import type { Mark, MarkKind } from './marks';
import type { ShiftTemplate } from './shift-instance';
import { localToInstant, parseClockTime } from './time-zone';

const S = 'America/Santiago';
const H = 3600;
const office: ShiftTemplate = { start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5 };
let seq = 0;
const m = (kind: MarkKind, date: string, clock: string): Mark => ({ id: `m${String(++seq).padStart(5, '0')}`, kind, at: localToInstant(S, date, parseClockTime(clock)!) });
const workday = (date: string, entrada = '08:00', salida = '17:00') => [m('entrada', date, entrada), m('salida', date, salida)];
const plan: Record<string, PlanEntry> = {};
for (const d of eachDate('2026-06-30', '2026-08-01')) plan[d] = isoWeekday(d) <= 5 ? { kind: 'turno', shift: office } : { kind: 'libre' };

describe('remuneration variables', () => {
  it('art. 22 inc. 2: the same month of a worker excluded from the hours limit pays no overtime and deducts no absence nor lateness (DT)', () => {
    const marks: Mark[] = [];
    for (const d of eachDate('2026-07-01', '2026-07-31')) {
      if (isoWeekday(d) > 5 || d === '2026-07-16' || d === '2026-07-02') continue; // 2 July: planned, no marks
      if (d === '2026-07-13') marks.push(...workday(d, '08:40'));
      else if (d === '2026-07-01') marks.push(...workday(d, '08:00', '20:00'));
      else if (d >= '2026-07-22' && d <= '2026-07-24') continue; // unpaid leave
      else marks.push(...workday(d));
    }
    const permissions = [{ type: 'permiso_sin_goce', paid: false, from: '2026-07-22', to: '2026-07-24' }];
    const input = { salary: 600_000, weeklyHours: 42, period: '202607' };
    const limited = remunerationVariables(evaluatePeriod({ from: '2026-07-01', to: '2026-07-31', plan, marks, permissions }), input);
    expect(limited).toMatchObject({ unjustifiedAbsenceDays: 1, shortfallSeconds: 2400, overtime: { seconds: 3 * H } });
    const r = remunerationVariables(evaluatePeriod({ from: '2026-07-01', to: '2026-07-31', plan, marks, permissions, options: { excludedFromHoursLimit: true } }), input);
    expect(r).toMatchObject({ unjustifiedAbsenceDays: 0, unjustifiedAbsenceDeduction: 0, shortfallSeconds: 0, shortfallDeduction: 0, lateSecondsAfterCompensation: 0, daysWorked: 18 });
    expect(r.overtime).toMatchObject({ seconds: 0, amount: 0 });
    // An agreed unpaid leave is still deducted: it is not an absence the records infer.
    expect(r.permissions).toEqual([{ type: 'permiso_sin_goce', paid: false, unit: 'dias_corridos', days: 3, deduction: 60_000 }]);
  });

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
      else if (d === '2026-07-01') marks.push(...workday(d, '08:00', '20:00')); // 3 h extra: 1 h beyond the daily limit
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
      overAgreedSeconds: 0,
      confirmedSeconds: null,
      compensatedRestSeconds: 0,
    });
    expect(r.overtimeRestPayout).toEqual({ seconds: 0, hours: 0, amount: 0 });
    // Art. 32 inc. 4 (Ley 21.561): 2 h compensated with vacation days are not paid; 1 h whose rest expired unused is paid (7th month).
    const rest = remunerationVariables(result, { salary: 600_000, weeklyHours: 42, period: '202607', overtimeRest: { compensatedSeconds: 2 * H, payoutSeconds: H } });
    expect(rest.overtime).toMatchObject({ seconds: 3 * H, amount: 15_000, withinLimitSeconds: 3 * H, beyondLimitSeconds: 0, compensatedRestSeconds: 2 * H });
    expect(rest.overtimeRestPayout).toEqual({ seconds: H, hours: 1, amount: 5000 });
    // Never more than the month pays: compensated seconds are capped by the paid overtime.
    const all = remunerationVariables(result, { salary: 600_000, weeklyHours: 42, overtimeRest: { compensatedSeconds: 9 * H, payoutSeconds: 0 } });
    expect(all.overtime).toMatchObject({ seconds: 0, amount: 0, compensatedRestSeconds: 5 * H });
    expect(r.permissions).toEqual([
      { type: 'licencia_medica', paid: true, unit: 'dias_corridos', days: 1, deduction: 0 },
      { type: 'permiso_sin_goce', paid: false, unit: 'dias_corridos', days: 3, deduction: 60_000 },
    ]);
  });

  it('art. 32 inc. 3: pays every overtime second found; a review only reports what was confirmed', () => {
    const marks = [...workday('2026-07-06', '08:00', '19:00'), ...workday('2026-07-07', '08:00', '18:00')];
    // The week is settled whole, in the period in which it ends: evaluate through its Sunday.
    const result = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan, marks });
    expect(remunerationVariables(result, { salary: 600_000, weeklyHours: 40 }).overtime).toMatchObject({ seconds: 3 * H, hourValue: 5250, amount: 15_750, confirmedSeconds: null });
    const reviewed = remunerationVariables(result, { salary: 600_000, weeklyHours: 40, approvedOvertime: { '2026-07-06': 1.5 * H } });
    expect(reviewed.overtime).toMatchObject({ seconds: 3 * H, amount: 15_750, confirmedSeconds: 1.5 * H });
    const viaMap = remunerationVariables(result, { salary: 600_000, weeklyHours: 40, approvedOvertime: new Map([['2026-07-07', 5 * H]]) });
    expect(viaMap.overtime).toMatchObject({ seconds: 3 * H, confirmedSeconds: H });
  });

  it('art. 30: a 20-hour contract planned and worked 40 hours is paid 20 hours of overtime', () => {
    const marks = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10'].flatMap((d) => workday(d));
    const result = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan, marks, agreedWeeklyHours: 20 });
    const r = remunerationVariables(result, { salary: 300_000, weeklyHours: 20 });
    // The hour is valued with the agreed 20 hours (art. 32).
    expect(r.overtime).toMatchObject({ seconds: 20 * H, overAgreedSeconds: 20 * H, hourValue: roundPesos(overtimeHourValue(300_000, 20)) });
    expect(r.overtime.amount).toBe(roundPesos(20 * overtimeHourValue(300_000, 20)));
    expect(r.weeks[0]).toMatchObject({ netOvertimeSeconds: 20 * H, overAgreedSeconds: 20 * H, payableOvertimeSeconds: 20 * H });
  });

  it('counts Sundays and holidays worked and keeps incomplete days out of deductions', () => {
    const marks = [m('entrada', '2026-07-05', '09:00'), m('salida', '2026-07-05', '13:00'), m('entrada', '2026-07-06', '08:00')];
    const r = remunerationVariables(evaluatePeriod({ from: '2026-07-05', to: '2026-07-06', plan, marks }), { salary: 450_000, weeklyHours: 45 });
    expect(r).toMatchObject({ sundaysWorked: 1, holidaysWorked: 0, pendingDays: 1, daysWorked: 2, shortfallSeconds: 0, unjustifiedAbsenceDays: 0 });
    // 45 agreed hours are above the 42-hour limit in force in July 2026: the hour is valued with 42.
    expect(r.overtime.hourValue).toBe(3750);
  });

  it('refuses a negative salary', () => {
    expect(() => remunerationVariables(evaluatePeriod({ from: '2026-07-06', to: '2026-07-06', plan, marks: [] }), { salary: -1, weeklyHours: 42 })).toThrow(RangeError);
  });

  it('art. 32 and Ley 21.561: hours are valued week by week with the agreed hours, lowered to the limit in force', () => {
    const april: Record<string, PlanEntry> = {};
    for (const d of eachDate('2026-03-29', '2026-05-04')) april[d] = isoWeekday(d) <= 5 ? { kind: 'turno', shift: office } : { kind: 'libre' };
    april['2026-04-26'] = { kind: 'turno', shift: { start: '09:00', end: '11:00' } }; // a Sunday shift under 42 h
    const marks = [...workday('2026-04-07', '08:00', '18:00'), ...workday('2026-04-21', '08:00', '18:00'), m('entrada', '2026-04-26', '09:00'), m('salida', '2026-04-26', '11:00')];
    const r = remunerationVariables(evaluatePeriod({ from: '2026-04-01', to: '2026-04-30', plan: april, marks }), { salary: 600_000, weeklyHours: 44 });
    // 1 h in the week of 04-06 at 4,772.7 (44 h) and 1 h in the week of 04-20, which ends under 42 h, at 5,000.
    expect(r.overtime).toMatchObject({ seconds: 2 * H, amount: 9773, hourValue: 5000 });
    expect(r.weeklyHoursUsed).toBe(42);
    expect(r.alerts).toEqual([
      {
        code: 'horas_pactadas_sobre_limite_legal',
        date: '2026-04-20',
        message: 'Las 44 horas semanales pactadas superan el máximo legal de 42 horas vigente desde la semana del 2026-04-20: las horas se valoran con el máximo legal. Actualice el contrato.',
      },
    ]);
    const march = remunerationVariables(evaluatePeriod({ from: '2026-03-01', to: '2026-03-31', plan: april, marks: [] }), { salary: 600_000, weeklyHours: 44 });
    expect(march).toMatchObject({ weeklyHoursUsed: 44, alerts: [], ordinaryHourValue: 3182 });
  });

  it('DT’s weekly-compensation criterion: a week split by the month end is paid and deducted once, in the month in which it ends', () => {
    const p: Record<string, PlanEntry> = {};
    for (const d of eachDate('2026-08-30', '2026-11-02')) p[d] = isoWeekday(d) <= 5 ? { kind: 'turno', shift: office } : { kind: 'libre' };
    const marks = [...workday('2026-09-28', '08:40'), ...workday('2026-09-29'), ...workday('2026-09-30'), ...workday('2026-10-01', '08:00', '18:00'), ...workday('2026-10-02')];
    const september = remunerationVariables(evaluatePeriod({ from: '2026-09-01', to: '2026-09-30', plan: p, marks }), { salary: 600_000, weeklyHours: 42 });
    const october = remunerationVariables(evaluatePeriod({ from: '2026-10-01', to: '2026-10-31', plan: p, marks }), { salary: 600_000, weeklyHours: 42 });
    expect([september.shortfallDeduction, september.overtime.seconds]).toEqual([0, 0]);
    // Late 40 minutes in September, 1 hour more in October, same week: 20 minutes of overtime, paid in October.
    expect([october.shortfallDeduction, october.overtime.seconds, october.lateSecondsAfterCompensation]).toEqual([0, 1200, 0]);
  });

  it('unpaid hour permissions are deducted at the ordinary hour value', () => {
    const marks = eachDate('2026-07-06', '2026-07-10').flatMap((d) => workday(d, '09:00'));
    const result = evaluatePeriod({
      from: '2026-07-06',
      to: '2026-07-12',
      plan,
      marks,
      permissions: [{ type: 'permiso_sin_goce', paid: false, from: '2026-07-06', to: '2026-07-10', hours: { start: '08:00', end: '09:00' } }],
    });
    const r = remunerationVariables(result, { salary: 600_000, weeklyHours: 42 });
    expect(r.permissionHours).toEqual([{ type: 'permiso_sin_goce', paid: false, seconds: 5 * H, deduction: 16_667 }]);
    expect(r).toMatchObject({ shortfallSeconds: 0, lateSecondsAfterCompensation: 0, permissions: [] });
  });
});

describe('settledWeekLimitSeconds', () => {
  it.each([
    { sunday: '2026-04-26', planned: ['2026-04-20', '2026-04-24'], hours: 44 },
    { sunday: '2026-04-26', planned: ['2026-04-20', '2026-04-26'], hours: 42 },
    { sunday: '2026-04-26', planned: [], hours: 42 },
    { sunday: '2024-04-28', planned: ['2024-04-22'], hours: 45 },
    { sunday: '2028-04-30', planned: ['2028-04-24'], hours: 42 },
    { sunday: '2028-04-30', planned: ['2028-04-26'], hours: 40 },
  ])('week ending $sunday with shifts on $planned: $hours h', ({ sunday, planned, hours }) => {
    expect(settledWeekLimitSeconds(sunday, planned)).toBe(hours * H);
  });
});

describe('remunerationFromFacts (stored figures)', () => {
  const base: RemunerationFacts = {
    weeks: [],
    weekDays: [],
    totals: {
      daysWorked: 0,
      shortfallSeconds: 0,
      lateAfterCompensationSeconds: 0,
      earlyLeaveAfterCompensationSeconds: 0,
      sundaysWorked: 0,
      holidaysWorked: 0,
      sundaysOrHolidaysWorked: 0,
      permissionDays: [],
      permissionHours: [],
      unjustifiedAbsenceDays: 0,
      pendingDays: 0,
    },
  };
  const week = (from: string, to: string, shortfall: number, net: number, within = net) => ({
    from,
    to,
    weeklyLimitSeconds: 42 * H,
    shortfallSeconds: shortfall,
    netOvertimeSeconds: net,
    netOvertimeWithinLimitSeconds: within,
  });

  it.each([
    { name: 'nothing', facts: base, salary: 600_000, expected: { absence: 0, shortfall: 0, overtime: 0, amount: 0 } },
    {
      name: 'two absences at salary / 30',
      facts: { ...base, totals: { ...base.totals, unjustifiedAbsenceDays: 2 } },
      salary: 600_000,
      expected: { absence: 40_000, shortfall: 0, overtime: 0, amount: 0 },
    },
    {
      name: 'one hour of shortfall at the ordinary hour (42 h)',
      facts: { ...base, weeks: [week('2026-07-06', '2026-07-12', H, 0)], totals: { ...base.totals, shortfallSeconds: H } },
      salary: 600_000,
      expected: { absence: 0, shortfall: 3333, overtime: 0, amount: 0 },
    },
    {
      name: 'two hours of overtime in two weeks at 5,000',
      facts: { ...base, weeks: [week('2026-07-06', '2026-07-12', 0, H), week('2026-07-13', '2026-07-19', 0, H)] },
      salary: 600_000,
      expected: { absence: 0, shortfall: 0, overtime: 2 * H, amount: 10_000 },
    },
  ])('$name', ({ facts, salary, expected }) => {
    const r = remunerationFromFacts(facts, { salary, weeklyHours: 42 });
    expect([r.unjustifiedAbsenceDeduction, r.shortfallDeduction, r.overtime.seconds, r.overtime.amount]).toEqual([expected.absence, expected.shortfall, expected.overtime, expected.amount]);
  });

  it('reports the confirmed seconds of each week\'s attended days beside the paid ones, and lists the weeks', () => {
    const facts: RemunerationFacts = {
      ...base,
      weeks: [week('2026-06-29', '2026-07-05', 0, 2 * H)],
      weekDays: [
        { date: '2026-06-30', status: 'presente', overtimeSeconds: H },
        { date: '2026-07-01', status: 'presente', overtimeSeconds: H },
        { date: '2026-07-02', status: 'incompleto', overtimeSeconds: H },
      ],
    };
    const r = remunerationFromFacts(facts, { salary: 600_000, weeklyHours: 42, approvedOvertime: { '2026-06-30': 2 * H, '2026-07-02': H } });
    expect(r.overtime).toMatchObject({ seconds: 2 * H, amount: 10_000, confirmedSeconds: H });
    expect(r.weeks).toEqual([
      {
        from: '2026-06-29',
        to: '2026-07-05',
        weeklyHoursUsed: 42,
        shortfallSeconds: 0,
        shortfallDeduction: 0,
        netOvertimeSeconds: 2 * H,
        overAgreedSeconds: 0,
        approvedOvertimeSeconds: H,
        payableOvertimeSeconds: 2 * H,
        overtimeAmount: 10_000,
      },
    ]);
  });

  it('art. 42 a: an unpaid leave covering all of a 31-day month deducts the salary, not 31/30 of it', () => {
    const leave = (days: number) => ({ ...base, totals: { ...base.totals, permissionDays: [{ type: 'permiso_sin_goce', paid: false, unit: 'dias_corridos' as const, days }] } });
    expect(remunerationFromFacts(leave(31), { salary: 600_000, weeklyHours: 42, period: '202607' }).permissions[0]!.deduction).toBe(600_000);
    // A whole February is a whole payroll month of 30 days too.
    expect(remunerationFromFacts(leave(28), { salary: 600_000, weeklyHours: 42, period: '202702' }).permissions[0]!.deduction).toBe(600_000);
    // Part of a month: salary / 30 a day.
    expect(remunerationFromFacts(leave(10), { salary: 600_000, weeklyHours: 42, period: '202607' }).permissions[0]!.deduction).toBe(200_000);
    // A licencia médica (paid by the health system, not the employer) plus unjustified absences over the whole month.
    const mixed = remunerationFromFacts(
      { ...base, totals: { ...base.totals, unjustifiedAbsenceDays: 11, permissionDays: [{ type: 'permiso_sin_goce', paid: false, unit: 'dias_corridos', days: 20 }] } },
      { salary: 600_000, weeklyHours: 42, period: '202607' },
    );
    expect(mixed.unjustifiedAbsenceDeduction + mixed.permissions[0]!.deduction).toBe(600_000);
    expect(mixed.alerts).toEqual([]);
  });

  it('art. 42 a: the month\'s deductions never exceed the salary; the cap is said', () => {
    const facts: RemunerationFacts = {
      ...base,
      weeks: [week('2026-07-20', '2026-07-26', 10 * H, 0)],
      totals: { ...base.totals, shortfallSeconds: 10 * H, permissionDays: [{ type: 'permiso_sin_goce', paid: false, unit: 'dias_corridos', days: 29 }] },
    };
    const r = remunerationFromFacts(facts, { salary: 600_000, weeklyHours: 42, period: '202607' });
    expect(r.permissions[0]!.deduction).toBe(580_000);
    // 10 h at 3,333.33 would be 33,333: only the 20,000 left of the salary is deducted.
    expect(r.shortfallDeduction).toBe(20_000);
    expect(r.alerts.map((a) => a.code)).toEqual(['descuentos_topados_al_sueldo']);
  });

  it('gives the same variables as the evaluation it was taken from', () => {
    const marks = [...workday('2026-07-06', '08:40'), ...workday('2026-07-07', '08:00', '19:00'), ...workday('2026-07-14', '08:00', '18:30')];
    const result = evaluatePeriod({ from: '2026-07-01', to: '2026-07-31', plan, marks });
    const input = { salary: 750_000, weeklyHours: 42 };
    expect(remunerationFromFacts(remunerationFactsOf(result), input)).toEqual(remunerationVariables(result, input));
  });
});

describe('Sunday surcharge (art. 38 inc. 2, as amended by Ley 20.823)', () => {
  // March 2026: 44 hours are still the legal limit (Ley 21.561 lowers it to 42 on 2026-04-26).
  const store: ShiftTemplate = { start: '09:00', end: '18:00', break: { start: '13:00', end: '14:00' } };
  const night: ShiftTemplate = { start: '22:00', end: '06:00' };
  const retail = (entries: Record<string, ShiftTemplate>): Record<string, PlanEntry> => {
    const p: Record<string, PlanEntry> = {};
    for (const d of eachDate('2026-02-22', '2026-04-06')) p[d] = entries[d] ? { kind: 'turno', shift: entries[d] } : { kind: 'libre' };
    return p;
  };
  const march = (p: Record<string, PlanEntry>, marks: Mark[], percent: number | null = 30) =>
    remunerationVariables(evaluatePeriod({ from: '2026-03-01', to: '2026-03-31', plan: p, marks, agreedWeeklyHours: 44, options: { worksOnHolidays: true } }), {
      salary: 600_000,
      weeklyHours: 44,
      period: '202603',
      sundaySurchargePercent: percent,
    });
  const hour44 = ordinaryHourValue(600_000, 44); // 3,181.82

  it.each([
    {
      name: 'a commerce worker’s 8-hour Sunday shift on 600,000 a month for 44 h: 8 h x 3,181.82 x 30 % = 7,636',
      plan: retail({ '2026-03-08': store }),
      marks: [m('entrada', '2026-03-08', '09:00'), m('salida', '2026-03-08', '18:00')],
      percent: 30,
      expected: { percent: 30, seconds: 8 * H, hours: 8, amount: 7636 },
      overtime: 0,
    },
    {
      name: 'a worker not excepted from Sunday rest: no surcharge',
      plan: retail({ '2026-03-08': store }),
      marks: [m('entrada', '2026-03-08', '09:00'), m('salida', '2026-03-08', '18:00')],
      percent: null,
      expected: { percent: null, seconds: 0, hours: 0, amount: 0 },
      overtime: 0,
    },
    {
      name: 'a company paying 50 % on Sundays: 8 h x 3,181.82 x 50 % = 12,727',
      plan: retail({ '2026-03-08': store }),
      marks: [m('entrada', '2026-03-08', '09:00'), m('salida', '2026-03-08', '18:00')],
      percent: 50,
      expected: { percent: 50, seconds: 8 * H, hours: 8, amount: 12_727 },
      overtime: 0,
    },
    {
      name: 'a Sunday with 2 h of overtime: the surcharge is on the 8 ordinary hours; the 2 extra hours have their own 50 %',
      plan: retail({ '2026-03-08': store }),
      marks: [m('entrada', '2026-03-08', '09:00'), m('salida', '2026-03-08', '20:00')],
      percent: 30,
      expected: { percent: 30, seconds: 8 * H, hours: 8, amount: 7636 },
      overtime: 2 * H,
    },
    {
      name: 'Saturday’s 22:00–06:00 shift: only its 6 hours on Sunday count',
      plan: retail({ '2026-03-07': night }),
      marks: [m('entrada', '2026-03-07', '22:00'), m('salida', '2026-03-08', '06:00')],
      percent: 30,
      expected: { percent: 30, seconds: 6 * H, hours: 6, amount: 5727 },
      overtime: 0,
    },
    {
      name: 'Saturday’s night shift stretched to Sunday 08:00: the 2 extra hours are overtime, the Sunday ordinary hours stay 6',
      plan: retail({ '2026-03-07': night }),
      marks: [m('entrada', '2026-03-07', '22:00'), m('salida', '2026-03-08', '08:00')],
      percent: 30,
      expected: { percent: 30, seconds: 6 * H, hours: 6, amount: 5727 },
      overtime: 2 * H,
    },
    {
      name: 'Sunday’s 22:00–06:00 shift: 2 hours on Sunday, the rest is Monday',
      plan: retail({ '2026-03-08': night }),
      marks: [m('entrada', '2026-03-08', '22:00'), m('salida', '2026-03-09', '06:00')],
      percent: 30,
      expected: { percent: 30, seconds: 2 * H, hours: 2, amount: 1909 },
      overtime: 0,
    },
    {
      name: 'a Saturday night shift into Sunday 1 March counts in March (the Sunday’s month), not in February',
      plan: retail({ '2026-02-28': night }),
      marks: [m('entrada', '2026-02-28', '22:00'), m('salida', '2026-03-01', '06:00')],
      percent: 30,
      expected: { percent: 30, seconds: 6 * H, hours: 6, amount: 5727 },
      overtime: 0,
    },
  ])('$name', ({ plan: p, marks, percent, expected, overtime }) => {
    const r = march(p, marks, percent);
    expect(r.sundaySurcharge).toEqual(expected);
    expect(r.overtime.seconds).toBe(overtime);
    if (expected.seconds > 0) expect(r.sundaySurcharge.amount).toBe(roundPesos((expected.seconds / H) * hour44 * (percent! / 100)));
  });

  it('the month before holds nothing of a night shift that reaches the next month’s first Sunday', () => {
    const p = retail({ '2026-02-28': night });
    const marks = [m('entrada', '2026-02-28', '22:00'), m('salida', '2026-03-01', '06:00')];
    const february = remunerationVariables(evaluatePeriod({ from: '2026-02-01', to: '2026-02-28', plan: p, marks, options: { worksOnHolidays: true } }), {
      salary: 600_000,
      weeklyHours: 44,
      sundaySurchargePercent: 30,
    });
    expect(february.sundaySurcharge.seconds).toBe(0);
  });

  it('art. 30: Sunday hours over the agreed weekly hours are overtime, not surcharged ordinary hours', () => {
    // 4 weekdays of 8 h and Sunday's 8 h: 40 h planned and worked against 36 agreed. The last 4 h (Sunday's) are overtime.
    const entries: Record<string, ShiftTemplate> = { '2026-03-02': store, '2026-03-03': store, '2026-03-04': store, '2026-03-05': store, '2026-03-08': store };
    const marks = Object.keys(entries).flatMap((d) => [m('entrada', d, '09:00'), m('salida', d, '18:00')]);
    const r = remunerationVariables(evaluatePeriod({ from: '2026-03-01', to: '2026-03-31', plan: retail(entries), marks, agreedWeeklyHours: 36 }), {
      salary: 600_000,
      weeklyHours: 36,
      sundaySurchargePercent: 30,
    });
    expect(r.overtime.overAgreedSeconds).toBe(4 * H);
    expect(r.sundaySurcharge).toMatchObject({ seconds: 4 * H, amount: roundPesos(4 * ordinaryHourValue(600_000, 36) * 0.3) });
  });

  it('values each Sunday with the hours of its week: Sunday 26 April 2026 is under the 42-hour limit', () => {
    const p: Record<string, PlanEntry> = {};
    for (const d of eachDate('2026-03-29', '2026-05-04')) p[d] = d === '2026-04-05' || d === '2026-04-26' ? { kind: 'turno', shift: store } : { kind: 'libre' };
    const marks = ['2026-04-05', '2026-04-26'].flatMap((d) => [m('entrada', d, '09:00'), m('salida', d, '18:00')]);
    const r = remunerationVariables(evaluatePeriod({ from: '2026-04-01', to: '2026-04-30', plan: p, marks }), { salary: 600_000, weeklyHours: 44, sundaySurchargePercent: 30 });
    expect(r.sundaySurcharge).toMatchObject({ seconds: 16 * H, amount: roundPesos(8 * 0.3 * (ordinaryHourValue(600_000, 44) + ordinaryHourValue(600_000, 42))) });
  });

  it('only the Sundays within the exception’s dates carry it (art. 38 inc. 2, the exception in force on each Sunday)', () => {
    const marks = ['2026-03-08', '2026-03-15'].flatMap((d) => [m('entrada', d, '09:00'), m('salida', d, '18:00')]);
    const result = evaluatePeriod({ from: '2026-03-01', to: '2026-03-31', plan: retail({ '2026-03-08': store, '2026-03-15': store }), marks });
    const base = { salary: 600_000, weeklyHours: 44, sundaySurchargePercent: 30 };
    expect(remunerationVariables(result, base).sundaySurcharge.seconds).toBe(16 * H);
    // Excepted from 9 March: the 8th was the worker's weekly rest by law, worked or not; only the 15th carries the surcharge.
    expect(remunerationVariables(result, { ...base, sundaySurchargeDates: { from: '2026-03-09', to: null } }).sundaySurcharge).toEqual({ percent: 30, seconds: 8 * H, hours: 8, amount: 7636 });
    expect(remunerationVariables(result, { ...base, sundaySurchargeDates: { from: null, to: '2026-03-08' } }).sundaySurcharge.seconds).toBe(8 * H);
  });

  it('is the same from the stored facts as from the evaluation', () => {
    const marks = [m('entrada', '2026-03-07', '22:00'), m('salida', '2026-03-08', '08:00'), m('entrada', '2026-03-15', '09:00'), m('salida', '2026-03-15', '18:00')];
    const result = evaluatePeriod({ from: '2026-03-01', to: '2026-03-31', plan: retail({ '2026-03-07': night, '2026-03-15': store }), marks });
    const input = { salary: 600_000, weeklyHours: 44, sundaySurchargePercent: 30 };
    const facts = remunerationFactsOf(result);
    expect(facts.sundayOrdinaryWork).toEqual([
      { date: '2026-03-08', seconds: 6 * H },
      { date: '2026-03-15', seconds: 8 * H },
    ]);
    expect(remunerationFromFacts(facts, input)).toEqual(remunerationVariables(result, input));
  });
});

describe('sundayOrdinaryWorkOf: ordinary time first, overtime last, in clock order', () => {
  it.each([
    { name: 'a Sunday day shift', day: { date: '2026-03-08', workedSeconds: 8 * H, ordinarySeconds: 8 * H, overAgreedSeconds: 0, sundaySeconds: 8 * H }, expected: { date: '2026-03-08', seconds: 8 * H } },
    { name: 'a Sunday with 2 h overtime', day: { date: '2026-03-08', workedSeconds: 10 * H, ordinarySeconds: 8 * H, overAgreedSeconds: 0, sundaySeconds: 10 * H }, expected: { date: '2026-03-08', seconds: 8 * H } },
    { name: 'Sunday into Monday', day: { date: '2026-03-08', workedSeconds: 8 * H, ordinarySeconds: 8 * H, overAgreedSeconds: 0, sundaySeconds: 2 * H }, expected: { date: '2026-03-08', seconds: 2 * H } },
    { name: 'Saturday into Sunday', day: { date: '2026-03-07', workedSeconds: 8 * H, ordinarySeconds: 8 * H, overAgreedSeconds: 0, sundaySeconds: 6 * H }, expected: { date: '2026-03-08', seconds: 6 * H } },
    {
      name: 'Saturday into Sunday with 2 h overtime, 30 min colación on Sunday',
      day: { date: '2026-03-07', workedSeconds: 9.5 * H, ordinarySeconds: 7.5 * H, overAgreedSeconds: 0, sundaySeconds: 7.5 * H },
      expected: { date: '2026-03-08', seconds: 5.5 * H },
    },
    { name: 'a Sunday all over the agreed hours', day: { date: '2026-03-08', workedSeconds: 8 * H, ordinarySeconds: 8 * H, overAgreedSeconds: 8 * H, sundaySeconds: 8 * H }, expected: null },
    { name: 'a holiday worked outside art. 38 (all overtime)', day: { date: '2026-03-08', workedSeconds: 8 * H, ordinarySeconds: 0, overAgreedSeconds: 0, sundaySeconds: 8 * H }, expected: null },
    { name: 'a weekday', day: { date: '2026-03-09', workedSeconds: 8 * H, ordinarySeconds: 8 * H, overAgreedSeconds: 0, sundaySeconds: 0 }, expected: null },
  ])('$name', ({ day, expected }) => {
    expect(sundayOrdinaryWorkOf(day)).toEqual(expected);
  });
});
