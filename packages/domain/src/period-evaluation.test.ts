import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, eachDate, isoWeekday } from './calendar/local-date';
import { holidayLookup } from './calendar/holidays';
import { evaluatePeriod, evaluationLoadRange, type PlanEntry, type PeriodEvaluationInput } from './period-evaluation';
import type { Mark, MarkKind } from './marks';
import { parseClockTime, type ShiftTemplate } from './shift-instance';
import { localToInstant } from './time-zone';

const S = 'America/Santiago';
const H = 3600;
const office: ShiftTemplate = { id: 'oficina', start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5 };
let seq = 0;
const m = (kind: MarkKind, date: string, clock: string): Mark => ({ id: `m${String(++seq).padStart(5, '0')}`, kind, at: localToInstant(S, date, parseClockTime(clock)!) });
const workday = (date: string, entrada = '08:00', salida = '17:00') => [
  m('entrada', date, entrada),
  m('inicio_colacion', date, '13:00'),
  m('fin_colacion', date, '14:00'),
  m('salida', date, salida),
];
function plan(from: string, to: string, shift: ShiftTemplate = office, workdays = [1, 2, 3, 4, 5]): Record<string, PlanEntry> {
  const out: Record<string, PlanEntry> = {};
  for (const d of eachDate(from, to)) out[d] = workdays.includes(isoWeekday(d)) ? { kind: 'turno', shift } : { kind: 'libre' };
  return out;
}

describe('weekly compensation (chile.md)', () => {
  const week = { from: '2026-07-06', to: '2026-07-12', plan: plan('2026-07-05', '2026-07-13') };

  it('20 minutes late on Monday and 20 more on Tuesday, made up in the week: no shortfall', () => {
    const marks = [
      ...workday('2026-07-06', '08:20'),
      ...workday('2026-07-07', '08:20'),
      ...workday('2026-07-08', '08:00', '17:40'),
      ...workday('2026-07-09'),
      ...workday('2026-07-10'),
    ];
    const r = evaluatePeriod({ ...week, marks });
    const w = r.weeks[0]!;
    expect(r.weeks).toHaveLength(1);
    expect(w).toMatchObject({
      weekStart: '2026-07-06',
      complete: true,
      lateSeconds: 2400,
      missingSeconds: 2400,
      overtimeSeconds: 2400,
      compensatedSeconds: 2400,
      shortfallSeconds: 0,
      lateAfterCompensationSeconds: 0,
      netOvertimeSeconds: 0,
      weeklyLimitSeconds: 42 * H,
    });
    expect(r.totals.daysByStatus.presente).toBe(5);
  });

  it('lateness not made up is the week\'s shortfall', () => {
    const marks = [...workday('2026-07-06', '08:20'), ...workday('2026-07-07', '08:20'), ...workday('2026-07-08'), ...workday('2026-07-09'), ...workday('2026-07-10', '08:00', '16:50')];
    const w = evaluatePeriod({ ...week, marks }).weeks[0]!;
    expect(w).toMatchObject({ shortfallSeconds: 3000, lateAfterCompensationSeconds: 2400, earlyLeaveAfterCompensationSeconds: 600, compensatedSeconds: 0 });
  });

  it('extra time of another week does not compensate', () => {
    const marks = [...workday('2026-07-10', '08:00', '17:30'), ...workday('2026-07-13', '08:30')];
    const r = evaluatePeriod({ from: '2026-07-10', to: '2026-07-13', plan: plan('2026-07-09', '2026-07-14'), marks });
    expect(r.weeks.map((w) => [w.weekStart, w.complete, w.shortfallSeconds, w.netOvertimeSeconds])).toEqual([
      ['2026-07-06', false, 0, 1800],
      ['2026-07-13', false, 1800, 0],
    ]);
  });
});

describe('plan legal-limit alerts', () => {
  const weekPlan = (start: string, end: string, breakMinutes = 60, days = [1, 2, 3, 4, 5]) =>
    plan('2026-04-20', '2026-05-10', { start, end, break: { minutes: breakMinutes } }, days);
  const alerts = (p: Record<string, PlanEntry>, from = '2026-04-27', to = '2026-05-03', extra: Partial<PeriodEvaluationInput> = {}) =>
    evaluatePeriod({ from, to, plan: p, marks: [], ...extra }).planAlerts;

  it('a 44-hour plan for the week of 2026-04-27 breaks the 42-hour limit; 42 hours passes', () => {
    const over = alerts(weekPlan('08:00', '17:48'));
    expect(over).toEqual([
      {
        code: 'jornada_semanal_sobre_limite',
        date: '2026-04-27',
        message: 'Semana del 2026-04-27: 44 h 00 min planificadas superan el máximo legal de 42 horas semanales.',
        value: 44 * H,
        limit: 42 * H,
      },
    ]);
    expect(alerts(weekPlan('08:00', '17:24'))).toEqual([]);
  });

  it('the same 44 hours were legal the week before (limit 44 until 2026-04-25)', () => {
    expect(alerts(weekPlan('08:00', '17:48'), '2026-04-20', '2026-04-26')).toEqual([]);
  });

  it('more than 10 ordinary hours in a day', () => {
    const a = alerts(weekPlan('08:00', '19:30', 60, [1, 2, 3]));
    expect(a.filter((x) => x.code === 'jornada_diaria_sobre_limite').map((x) => x.date)).toEqual(['2026-04-27', '2026-04-28', '2026-04-29']);
    expect(a[0]!.message).toBe('Turno 08:00–19:30 del 2026-04-27 con 10 h 30 min ordinarias: supera el máximo legal de 10 horas diarias.');
  });

  it('5 or 6 days a week; 4 only with 40 hours or fewer; part-time weeks exempt', () => {
    const seven = alerts(plan('2026-04-20', '2026-05-10', { start: '09:00', end: '15:00' }, [1, 2, 3, 4, 5, 6, 7]));
    expect(seven.map((a) => [a.code, a.value, a.limit])).toEqual([['dias_por_semana_fuera_de_rango', 7, 6]]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '08:00', end: '15:00' }, [1, 2, 3, 4, 5, 6]))).toEqual([]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '08:00', end: '18:30', break: { minutes: 30 } }, [1, 2, 3, 4]))).toEqual([]);
    const fourLong = alerts(plan('2026-04-20', '2026-05-10', { start: '08:00', end: '19:00', break: { minutes: 30 } }, [1, 2, 3, 4]));
    expect(fourLong.filter((a) => a.code === 'dias_por_semana_fuera_de_rango').map((a) => [a.value, a.limit])).toEqual([[4, 5]]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '09:00', end: '17:00' }, [1, 2, 3]))).toEqual([]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '09:00', end: '15:00' }, [1, 2, 3, 4, 5, 6, 7]), undefined, undefined, { options: { exceptionalSchedule: true } })).toEqual([]);
  });

  it('colación under 30 minutes and shifts on irrenunciable holidays for commerce workers', () => {
    const p = plan('2026-09-14', '2026-09-20', { start: '09:00', end: '17:00', break: { minutes: 20 } }, [1, 2, 3, 4, 5, 6]);
    const a = evaluatePeriod({ from: '2026-09-14', to: '2026-09-20', plan: p, marks: [], options: { commerce: true, worksOnHolidays: true } }).planAlerts;
    expect(a.filter((x) => x.code === 'colacion_bajo_minimo')).toHaveLength(6);
    expect(a.filter((x) => x.code === 'turno_en_feriado_irrenunciable').map((x) => [x.date, x.message])).toEqual([
      ['2026-09-18', 'Turno planificado el 2026-09-18 (Independencia Nacional), feriado irrenunciable para trabajadores del comercio.'],
      ['2026-09-19', 'Turno planificado el 2026-09-19 (Día de las Glorias del Ejército), feriado irrenunciable para trabajadores del comercio.'],
    ]);
    const noCommerce = evaluatePeriod({ from: '2026-09-14', to: '2026-09-20', plan: p, marks: [] }).planAlerts;
    expect(noCommerce.some((x) => x.code === 'turno_en_feriado_irrenunciable')).toBe(false);
  });
});

describe('period evaluation', () => {
  it('evaluates a month: statuses, holidays, Sundays worked, permissions', () => {
    const days = eachDate('2026-07-01', '2026-07-31');
    const marks: Mark[] = [];
    for (const d of days) {
      const wd = isoWeekday(d);
      if (wd <= 5 && d !== '2026-07-16' && d !== '2026-07-08' && !(d >= '2026-07-20' && d <= '2026-07-22')) marks.push(...workday(d));
    }
    marks.push(m('entrada', '2026-07-05', '10:00'), m('salida', '2026-07-05', '14:00')); // a Sunday
    marks.push(m('entrada', '2026-07-16', '09:00'), m('salida', '2026-07-16', '12:00')); // the holiday
    const r = evaluatePeriod({
      from: '2026-07-01',
      to: '2026-07-31',
      plan: plan('2026-06-30', '2026-08-01'),
      marks,
      permissions: [{ type: 'vacaciones', paid: true, from: '2026-07-20', to: '2026-07-22' }],
    });
    expect(r.days).toHaveLength(31);
    expect(r.totals.daysByStatus).toEqual({ presente: 20, ausente: 1, justificado: 3, libre: 7, feriado: 0, incompleto: 0 });
    expect(r.days.find((d) => d.date === '2026-07-16')).toMatchObject({ status: 'presente', plannedSeconds: 0, workedSeconds: 3 * H, workedOnSundayOrHoliday: true });
    expect(r.totals).toMatchObject({ sundaysWorked: 1, holidaysWorked: 1, sundaysOrHolidaysWorked: 2, daysWorked: 20 });
    expect(r.totals.permissionDays).toEqual([{ type: 'vacaciones', paid: true, days: 3 }]);
    expect(r.weeks.map((w) => w.weekStart)).toEqual(['2026-06-29', '2026-07-06', '2026-07-13', '2026-07-20', '2026-07-27']);
    expect(r.totals.plannedSeconds).toBe(22 * 8 * H); // 23 weekdays minus the 16 July holiday
    expect(r.totals.missingSeconds).toBe(8 * H);
  });

  it('a night shift of the day before the period keeps its morning salida', () => {
    const night: ShiftTemplate = { start: '22:00', end: '06:00' };
    const p: Record<string, PlanEntry> = { '2026-07-01': { kind: 'turno', shift: night }, '2026-07-02': { kind: 'libre' } };
    const r = evaluatePeriod({ from: '2026-07-02', to: '2026-07-02', plan: p, marks: [m('entrada', '2026-07-01', '22:00'), m('salida', '2026-07-02', '06:00')] });
    expect(r.days[0]).toMatchObject({ status: 'libre', inconsistencies: [] });
    expect(evaluationLoadRange('2026-07-02', '2026-07-02')).toEqual({ from: '2026-07-01', to: '2026-07-03' });
  });

  it('uses the site zone and its regional holidays', () => {
    // 2027-06-07 is a Monday: a holiday in Arica y Parinacota only.
    const p = plan('2027-06-06', '2027-06-08');
    const national = evaluatePeriod({ from: '2027-06-07', to: '2027-06-07', plan: p, marks: [] });
    const arica = evaluatePeriod({ from: '2027-06-07', to: '2027-06-07', plan: p, marks: [], holidays: holidayLookup({ region: 'AP' }) });
    expect(national.days[0]!.status).toBe('ausente');
    expect(arica.days[0]).toMatchObject({ status: 'feriado', holiday: { name: 'Asalto y Toma del Morro de Arica', region: 'AP' } });
    const marks = [m('entrada', '2026-06-08', '08:00')];
    const punta = evaluatePeriod({ from: '2026-06-08', to: '2026-06-08', plan: plan('2026-06-07', '2026-06-09'), marks, zone: 'America/Punta_Arenas' });
    expect(punta.days[0]!.lateSeconds).toBe(3600); // 08:00 in Santiago is 09:00 in Punta Arenas
  });

  it('refuses an inverted period', () => {
    expect(() => evaluatePeriod({ from: '2026-07-02', to: '2026-07-01', plan: {}, marks: [] })).toThrow(RangeError);
  });
});

describe('period evaluation properties', () => {
  const from = '2026-04-01';
  const to = '2026-04-14';
  // Night shifts every day across Holy Week and the end of summer time (the 2026-04-04 shift lasts 10 real hours).
  const p = plan('2026-03-31', '2026-04-15', { start: '22:00', end: '07:00', break: { start: '02:00', end: '03:00' }, lateToleranceMinutes: 5 }, [1, 2, 3, 4, 5, 6, 7]);
  const base = Date.parse('2026-03-31T00:00Z');
  const anyMarks = fc
    .array(
      fc.record({ kind: fc.constantFrom<MarkKind>('entrada', 'salida', 'inicio_colacion', 'fin_colacion'), second: fc.integer({ min: 0, max: 16 * 86_400 }) }),
      { maxLength: 80 },
    )
    .map((list) => list.map((x, i): Mark => ({ id: `r${i}`, kind: x.kind, at: base + x.second * 1000 })));

  it('never throws on any list of marks, even unreadable ones', () => {
    fc.assert(
      fc.property(anyMarks, fc.array(fc.anything(), { maxLength: 3 }), (marks, junk) => {
        const r = evaluatePeriod({ from, to, plan: p, marks: [...marks, ...(junk as Mark[])] });
        expect(r.days).toHaveLength(14);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same result whatever the order of the marks', () => {
    fc.assert(
      fc.property(anyMarks.chain((ms) => fc.tuple(fc.constant(ms), fc.shuffledSubarray(ms, { minLength: ms.length, maxLength: ms.length }))), ([marks, shuffled]) => {
        expect(evaluatePeriod({ from, to, plan: p, marks: shuffled })).toEqual(evaluatePeriod({ from, to, plan: p, marks }));
      }),
      { numRuns: 200 },
    );
  });

  it('attributes each mark to at most one day', () => {
    fc.assert(
      fc.property(anyMarks, (marks) => {
        const ids = evaluatePeriod({ from, to, plan: p, marks }).days.flatMap((d) => d.marks.map((a) => a.mark.id));
        expect(new Set(ids).size).toBe(ids.length);
      }),
      { numRuns: 200 },
    );
  });

  it('with complete marks, worked + missing = planned + overtime and ordinary + overtime = worked, every day', () => {
    const dayMarks = fc.record({
      entradaOffset: fc.integer({ min: -3 * 3600, max: 4 * 3600 }),
      salidaOffset: fc.integer({ min: -4 * 3600, max: 3 * 3600 }),
      colacion: fc.option(fc.tuple(fc.integer({ min: 3 * 3600, max: 4 * 3600 }), fc.integer({ min: 60, max: 3600 }))),
    });
    fc.assert(
      fc.property(fc.array(dayMarks, { minLength: 14, maxLength: 14 }), (specs) => {
        const marks: Mark[] = [];
        eachDate(from, to).forEach((date, i) => {
          const s = specs[i]!;
          const start = localToInstant(S, date, parseClockTime('22:00')!);
          const end = localToInstant(S, addDays(date, 1), parseClockTime('07:00')!);
          const entrada = start + s.entradaOffset * 1000;
          const salida = end + s.salidaOffset * 1000;
          marks.push({ id: `${date}e`, kind: 'entrada', at: entrada });
          if (s.colacion) {
            const ic = start + s.colacion[0] * 1000;
            if (ic > entrada && ic + s.colacion[1] * 1000 < salida) {
              marks.push({ id: `${date}i`, kind: 'inicio_colacion', at: ic }, { id: `${date}f`, kind: 'fin_colacion', at: ic + s.colacion[1] * 1000 });
            }
          }
          marks.push({ id: `${date}s`, kind: 'salida', at: salida });
        });
        // Holy Week falls in the period: the worker works holidays, so every day stays planned.
        for (const d of evaluatePeriod({ from, to, plan: p, marks, options: { worksOnHolidays: true } }).days) {
          expect(d.status).toBe('presente');
          expect(d.workedSeconds + d.missingSeconds).toBe(d.plannedSeconds + d.overtimeSeconds);
          expect(d.ordinarySeconds + d.overtimeSeconds).toBe(d.workedSeconds);
          expect(d.ordinarySeconds + d.missingSeconds).toBe(d.plannedSeconds);
          expect(d.missingSeconds === 0 || d.overtimeSeconds === 0).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });
});
