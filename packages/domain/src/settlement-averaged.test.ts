/**
 * Art. 22 bis (Ley 21.561), averaged distribution: «las partes podrán pactar que la jornada ordinaria semanal de
 * trabajo se distribuya en base a un promedio semanal ... en un ciclo de hasta cuatro semanas», with no week over
 * 45 ordinary hours. The DT (Dictamen 82/3 de 01-02-2024) keeps the daily caps (10 ordinary hours, art. 28; 2
 * overtime hours, art. 31). The worked time is settled by cycle: overtime is what passes the cycle's hours (the
 * agreed average times its weeks, or the sum of its weeks' legal maxima when lower) or 45 hours in one week, and
 * lateness is made up within the cycle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, eachDate, isoWeekday } from './calendar/local-date';
import type { Mark, MarkKind } from './marks';
import { evaluatePeriod, evaluationLoadRange, type AveragedDistribution, type PeriodEvaluationInput, type PeriodResult, type PlanEntry } from './period-evaluation';
import { remunerationVariables } from './remuneration';
import { settlementRange } from './settlement';
import type { ShiftTemplate } from './shift-instance';
import { localToInstant, parseClockTime } from './time-zone';

const S = 'America/Santiago';
const H = 3600;
const shift = (end: string): ShiftTemplate => ({ id: `08-${end}`, start: '08:00', end, break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5 });
/** 8, 9 and 10 worked hours (a one-hour colación). */
const h8 = shift('17:00');
const h9 = shift('18:00');
const h10 = shift('19:00');
const h7 = shift('16:00');
let seq = 0;
const m = (kind: MarkKind, date: string, clock: string): Mark => ({ id: `m${String(++seq).padStart(5, '0')}`, kind, at: localToInstant(S, date, parseClockTime(clock)!) });

/** A week from `monday`: the shifts of Monday to Friday (Saturday and Sunday free). */
function week(monday: string, shifts: readonly ShiftTemplate[]): Record<string, PlanEntry> {
  const out: Record<string, PlanEntry> = {};
  for (let i = 0; i < 7; i++) out[addDays(monday, i)] = i < shifts.length ? { kind: 'turno', shift: shifts[i]! } : { kind: 'libre' };
  return out;
}

/** Marks that work every planned shift as planned, with the exceptions given by date (entry and exit clocks). */
function marksFor(plan: Record<string, PlanEntry>, changes: Record<string, { entrada?: string; salida?: string }> = {}): Mark[] {
  const out: Mark[] = [];
  for (const [date, entry] of Object.entries(plan)) {
    if (entry.kind !== 'turno') continue;
    const c = changes[date] ?? {};
    out.push(m('entrada', date, c.entrada ?? entry.shift.start), m('salida', date, c.salida ?? entry.shift.end));
  }
  return out;
}

// 2026: the legal weekly maximum is 42 hours from 2026-04-26. The pact starts on Monday 3 August 2026 (no holiday
// falls on a workday until 18 September): cycles of 3–16 August, 17–30 August, 31 August – 13 September...
const pact2: AveragedDistribution = { cycleWeeks: 2, from: '2026-08-03', to: null };
const W1 = '2026-08-03';
const W2 = '2026-08-10';
const W3 = '2026-08-17';

function evaluate(plan: Record<string, PlanEntry>, from: string, to: string, extra: Partial<PeriodEvaluationInput> = {}, pact: AveragedDistribution | null = pact2): PeriodResult {
  return evaluatePeriod({ from, to, zone: S, plan, marks: marksFor(plan), agreedWeeklyHours: 42, ...extra, options: pact ? { averagedDistribution: pact } : {} });
}

describe('averaged distribution settled by cycle (art. 22 bis, Ley 21.561; DT Dictamen 82/3 de 2024)', () => {
  // 45 hours in the first week (five days of 9) and 39 in the second (four of 8 and one of 7): 42 on average.
  const plan4539 = { ...week(W1, [h9, h9, h9, h9, h9]), ...week(W2, [h8, h8, h8, h8, h7]) };

  it('45 + 39 hours worked as planned at 42 agreed on average: no overtime', () => {
    const r = evaluate(plan4539, W1, addDays(W2, 6));
    expect(r.weeks).toHaveLength(1);
    expect(r.weeks[0]).toMatchObject({ from: W1, to: '2026-08-16', cycleWeeks: 2, settledInPeriod: true, agreedLimitSeconds: 42 * H, weeklyLimitSeconds: 42 * H });
    expect(r.weeks[0]).toMatchObject({ workedSeconds: 84 * H, overtimeOverAgreedSeconds: 0, netOvertimeSeconds: 0, shortfallSeconds: 0 });
    expect(r.totals.netOvertimeSeconds).toBe(0);
    expect(r.days.every((d) => d.overtimeOverAgreedSeconds === 0)).toBe(true);
    // Week by week (no pact) the same work gives 3 hours of overtime in the first week.
    const weekly = evaluate(plan4539, W1, addDays(W2, 6), {}, null);
    expect(weekly.weeks.map((w) => w.netOvertimeSeconds)).toEqual([3 * H, 0]);
  });

  it('a 46-hour week is at least 1 hour of overtime, though the cycle averages 42 (no week over 45 ordinary hours)', () => {
    const plan = { ...week(W1, [h9, h9, h9, h9, h10]), ...week(W2, [h8, h8, h8, h7, h7]) };
    const r = evaluate(plan, W1, addDays(W2, 6));
    const cycle = r.weeks[0]!;
    expect(cycle.workedSeconds).toBe(84 * H);
    expect(cycle.overtimeOverAgreedSeconds).toBe(1 * H);
    expect(cycle.netOvertimeSeconds).toBe(1 * H);
    // The hour belongs to the week that passed 45: its Friday, the day of 10 hours.
    const friday = r.days.find((d) => d.date === '2026-08-07')!;
    expect(friday.overtimeOverAgreedSeconds).toBe(1 * H);
    expect(friday.overAgreedBasis).toMatchObject({ cycleWeeks: 2, weekCeiling: true });
    // 46 + 40 (86 hours): the week over 45 and the cycle over 84 say the same 2 hours, not 3.
    const more = evaluate({ ...week(W1, [h9, h9, h9, h9, h10]), ...week(W2, [h8, h8, h8, h8, h8]) }, W1, addDays(W2, 6));
    expect(more.weeks[0]!.netOvertimeSeconds).toBe(2 * H);
  });

  it('the cycle over its agreed hours: the excess is overtime, on its last days', () => {
    // 45 + 41 = 86 hours planned and worked: 2 over the 84 agreed for the cycle.
    const plan = { ...week(W1, [h9, h9, h9, h9, h9]), ...week(W2, [h9, h8, h8, h8, h8]) };
    const r = evaluate(plan, W1, addDays(W2, 6));
    expect(r.weeks[0]!.netOvertimeSeconds).toBe(2 * H);
    expect(r.days.find((d) => d.date === '2026-08-14')!.overtimeOverAgreedSeconds).toBe(2 * H);
    expect(r.days.find((d) => d.date === '2026-08-14')!.overAgreedBasis).toEqual({ weeklySeconds: 42 * H, source: 'legal', cycleWeeks: 2 });
  });

  it('lateness in week 1 is made up by extra time in week 2 of the same cycle', () => {
    const plan = { ...week(W1, [h8, h8, h8, h8, h8]), ...week(W2, [h8, h8, h8, h8, h8]) };
    const marks = marksFor(plan, { [W1]: { entrada: '08:30' }, '2026-08-14': { salida: '17:30' } });
    const input = { from: W1, to: addDays(W2, 6), zone: S, plan, marks, agreedWeeklyHours: 40 };
    const r = evaluatePeriod({ ...input, options: { averagedDistribution: pact2 } });
    expect(r.weeks[0]).toMatchObject({ lateSeconds: 1800, compensatedSeconds: 1800, shortfallSeconds: 0, lateAfterCompensationSeconds: 0, netOvertimeSeconds: 0 });
    // Week by week: half an hour deducted in the first week and half an hour of overtime in the second.
    const weekly = evaluatePeriod(input);
    expect(weekly.weeks.map((w) => [w.shortfallSeconds, w.netOvertimeSeconds])).toEqual([
      [1800, 0],
      [0, 1800],
    ]);
  });

  it('a pact ending mid-cycle leaves a shorter last cycle, settled over its own weeks', () => {
    // Cycles of 2 weeks from 3 August, the pact ending on Sunday 23 August: 3–16 August, then 17–23 August alone.
    const pact = { cycleWeeks: 2, from: W1, to: '2026-08-23' };
    const plan = { ...plan4539, ...week(W3, [h9, h9, h9, h9, h9]), ...week('2026-08-24', [h8, h8, h8, h8, h7]) };
    const r = evaluate(plan, W1, '2026-08-30', {}, pact);
    expect(r.weeks.map((w) => [w.from, w.to, w.cycleWeeks, w.netOvertimeSeconds])).toEqual([
      [W1, '2026-08-16', 2, 0],
      [W3, '2026-08-23', 1, 3 * H],
      // After the pact, week by week again.
      ['2026-08-24', '2026-08-30', null, 0],
    ]);
  });

  it('a cycle counts in the period in which it ends, and the evaluation reads it whole', () => {
    // The cycle of 31 August – 13 September ends in September: August does not settle it, September does, reading its August day.
    const plan = { ...plan4539, ...week('2026-08-31', [h10, h10, h9, h9, h9]), ...week('2026-09-07', [h8, h8, h8, h8, h7]) };
    const august = evaluate(plan, '2026-08-01', '2026-08-31');
    expect(august.weeks.map((w) => [w.from, w.to, w.settledInPeriod])).toEqual([
      ['2026-07-27', '2026-08-02', true],
      [W1, '2026-08-16', true],
      [W3, '2026-08-30', true],
      ['2026-08-31', '2026-08-31', false],
    ]);
    const september = evaluate(plan, '2026-09-01', '2026-09-30');
    expect(september.weeks[0]).toMatchObject({ from: '2026-08-31', to: '2026-09-13', settledInPeriod: true, workedSeconds: 86 * H, netOvertimeSeconds: 2 * H });
    expect(september.totals.netOvertimeSeconds).toBe(2 * H);
    // What to load for a period that starts or ends mid-cycle: the whole cycles (a day more each side for night shifts).
    expect(evaluationLoadRange('2026-09-08', '2026-09-30', pact2)).toMatchObject({ from: '2026-08-30', to: '2026-10-12', marks: { from: '2026-08-30', to: '2026-10-01' } });
    expect(evaluationLoadRange('2026-09-08', '2026-09-30')).toMatchObject({ from: '2026-09-06', to: '2026-10-05' });
    expect(settlementRange('2026-08-11', '2026-08-18', pact2)).toEqual({ from: W1, to: '2026-08-30' });
    expect(settlementRange('2026-08-11', '2026-08-18')).toEqual({ from: W2, to: '2026-08-23' });
  });

  it('payroll values the cycle’s overtime with the agreed average (42 h: 5,000 pesos an hour on 600,000)', () => {
    const plan = { ...week(W1, [h9, h9, h9, h9, h10]), ...week(W2, [h8, h8, h8, h7, h7]) };
    const v = remunerationVariables(evaluate(plan, '2026-08-01', '2026-08-31'), { salary: 600_000, weeklyHours: 42 });
    expect(v.weeks.find((w) => w.from === W1)).toMatchObject({ to: '2026-08-16', weeklyHoursUsed: 42, netOvertimeSeconds: H, overtimeAmount: 5000 });
    expect(v.overtime).toMatchObject({ seconds: H, hourValue: 5000, amount: 5000 });
  });

  it('an exceptional schedule (art. 38) or the exclusion of art. 22 inc. 2 leaves the pact aside', () => {
    const r = evaluatePeriod({ from: W1, to: addDays(W2, 6), zone: S, plan: plan4539, marks: marksFor(plan4539), agreedWeeklyHours: 42, options: { averagedDistribution: pact2, excludedFromHoursLimit: true } });
    expect(r.weeks.map((w) => w.cycleWeeks)).toEqual([null, null]);
  });

  it('property: cycles of one week give exactly the week-by-week figures', () => {
    const shifts = [h7, h8, h9, h10];
    const daySpec = fc.record({
      shift: fc.integer({ min: -1, max: shifts.length - 1 }),
      works: fc.boolean(),
      entrada: fc.integer({ min: -60, max: 90 }),
      salida: fc.integer({ min: -90, max: 150 }),
    });
    const strip = (r: PeriodResult) => ({
      ...r,
      weeks: r.weeks.map(({ cycleWeeks: _, ...w }) => w),
      days: r.days.map((d) => ({ ...d, overAgreedBasis: d.overAgreedBasis && { weeklySeconds: d.overAgreedBasis.weeklySeconds, source: d.overAgreedBasis.source } })),
      adjacentDays: r.adjacentDays.map((d) => ({ ...d, overAgreedBasis: d.overAgreedBasis && { weeklySeconds: d.overAgreedBasis.weeklySeconds, source: d.overAgreedBasis.source } })),
    });
    fc.assert(
      fc.property(fc.array(daySpec, { minLength: 35, maxLength: 35 }), fc.option(fc.constantFrom(30, 40, 42, 44, 45), { nil: null }), fc.integer({ min: 0, max: 20 }), (specs, agreed, offset) => {
        const first = '2026-06-29';
        const plan: Record<string, PlanEntry> = {};
        const marks: Mark[] = [];
        eachDate(first, addDays(first, 34)).forEach((date, i) => {
          const s = specs[i]!;
          if (s.shift < 0 || isoWeekday(date) === 7) {
            plan[date] = { kind: 'libre' };
            return;
          }
          const template = shifts[s.shift]!;
          plan[date] = { kind: 'turno', shift: template };
          if (!s.works) return;
          marks.push({ id: `${date}a`, kind: 'entrada', at: localToInstant(S, date, parseClockTime(template.start)!) + s.entrada * 60_000 });
          marks.push({ id: `${date}z`, kind: 'salida', at: localToInstant(S, date, parseClockTime(template.end)!) + s.salida * 60_000 });
        });
        const input = { from: addDays(first, 1 + offset), to: addDays(first, 27), zone: S, plan, marks, agreedWeeklyHours: agreed };
        const weekly = evaluatePeriod(input);
        const cycles = evaluatePeriod({ ...input, options: { averagedDistribution: { cycleWeeks: 1, from: first, to: null } } });
        expect(cycles.weeks.every((w) => w.cycleWeeks === 1)).toBe(true);
        expect(strip(cycles)).toEqual(strip(weekly));
      }),
      { numRuns: 150 },
    );
  });
});
