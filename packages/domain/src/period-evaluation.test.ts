import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, eachDate, isoWeekday } from './calendar/local-date';
import { holidayLookup } from './calendar/holidays';
import { agreedWeeklyHoursOn, evaluatePeriod, evaluationLoadRange, type PlanEntry, type PeriodEvaluationInput } from './period-evaluation';
import { PLAN_ALERT_CODES, PLAN_ALERT_LABELS } from './plan-alerts';
import type { Mark, MarkKind } from './marks';
import type { ShiftTemplate } from './shift-instance';
import { localToInstant, parseClockTime } from './time-zone';

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
  const weekAlerts = (p: Record<string, PlanEntry>, from = '2026-04-27', to = '2026-05-03', extra: Partial<PeriodEvaluationInput> = {}) =>
    evaluatePeriod({ from, to, plan: p, marks: [], ...extra }).planAlerts;
  const alerts = weekAlerts;

  it('a 44-hour plan for the week of 2026-04-27 breaks the 42-hour limit; 42 hours passes', () => {
    const over = alerts(weekPlan('08:00', '17:48'));
    expect(over).toEqual([
      {
        code: 'jornada_semanal_sobre_limite',
        date: '2026-04-27',
        message: 'Semana del 27-04-2026: 44 h 00 min planificadas superan el máximo legal de 42 horas semanales.',
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
    expect(a[0]!.message).toBe('Turno 08:00–19:30 del 27-04-2026 con 10 h 30 min ordinarias: supera el máximo legal de 10 horas diarias.');
  });

  it('5 or 6 days a week; 4 only with 40 hours or fewer; part-time weeks exempt', () => {
    // These shifts have no colación; that alert (art. 34) has its own test.
    const alerts = (...args: Parameters<typeof weekAlerts>) => weekAlerts(...args).filter((a) => a.code !== 'colacion_no_planificada');
    const seven = alerts(plan('2026-04-20', '2026-05-10', { start: '09:00', end: '15:00' }, [1, 2, 3, 4, 5, 6, 7]));
    expect(seven.map((a) => [a.code, a.value, a.limit])).toEqual([['dias_por_semana_fuera_de_rango', 7, 6]]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '08:00', end: '15:00' }, [1, 2, 3, 4, 5, 6]))).toEqual([]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '08:00', end: '18:30', break: { minutes: 30 } }, [1, 2, 3, 4]))).toEqual([]);
    const fourLong = alerts(plan('2026-04-20', '2026-05-10', { start: '08:00', end: '19:00', break: { minutes: 30 } }, [1, 2, 3, 4]));
    expect(fourLong.filter((a) => a.code === 'dias_por_semana_fuera_de_rango').map((a) => [a.value, a.limit])).toEqual([[4, 5]]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '09:00', end: '17:00' }, [1, 2, 3]))).toEqual([]);
    expect(alerts(plan('2026-04-20', '2026-05-10', { start: '09:00', end: '15:00' }, [1, 2, 3, 4, 5, 6, 7]), undefined, undefined, { options: { exceptionalSchedule: true } })).toEqual([]);
  });

  it('a week that runs past what is planned is incomplete, not short of days; what it already breaks still counts', () => {
    const office8 = { start: '09:00', end: '18:00', break: { minutes: 60 } };
    // Planned up to Monday 30-11-2026: the rest of that week is not planned yet (December is not).
    const planned = plan('2026-11-02', '2026-11-30', office8, [1, 2, 3, 4, 5]);
    const horizon = evaluatePeriod({ from: '2026-11-01', to: '2026-11-30', plan: planned, marks: [] }).planAlerts;
    expect(horizon).toEqual([]);
    // Three days of 10 hours (30 h: not part time) and the rest of the week planned as rest: a real short week.
    const ten = { start: '09:00', end: '20:00', break: { minutes: 60 } };
    const threeDays = plan('2026-11-30', '2026-12-06', ten, [1, 2, 3]);
    const short = evaluatePeriod({ from: '2026-11-30', to: '2026-12-06', plan: threeDays, marks: [] }).planAlerts;
    expect(short.map((a) => [a.code, a.date, a.value])).toEqual([['dias_por_semana_fuera_de_rango', '2026-11-30', 3]]);
    // A full-time contract planned for one day of a complete week: «1 día», in the singular.
    const oneDay = plan('2026-11-30', '2026-12-06', ten, [1]);
    const single = evaluatePeriod({ from: '2026-11-30', to: '2026-12-06', plan: oneDay, marks: [], agreedWeeklyHours: 42 }).planAlerts;
    expect(single.map((a) => a.message)).toEqual(['Semana del 30-11-2026: 1 día de trabajo planificado; la jornada debe distribuirse en 4 (con 40 horas o menos), 5 o 6 días.']);
    // The same three days with Thursday to Sunday not planned yet: incomplete, nothing to alert.
    const firstThree = plan('2026-11-30', '2026-12-02', ten, [1, 2, 3]);
    expect(evaluatePeriod({ from: '2026-11-30', to: '2026-12-06', plan: firstThree, marks: [] }).planAlerts).toEqual([]);
    // An incomplete week already over the weekly limit is alerted: 50 h planned by Saturday, Sunday not planned.
    const long = plan('2026-11-30', '2026-12-05', { start: '07:00', end: '17:00' }, [1, 2, 3, 4, 5]);
    const overHours = evaluatePeriod({ from: '2026-11-30', to: '2026-12-06', plan: long, marks: [] }).planAlerts;
    expect(overHours.map((a) => a.code)).toContain('jornada_semanal_sobre_limite');
  });

  it('colación under 30 minutes and shifts on irrenunciable holidays for commerce workers', () => {
    const p = plan('2026-09-14', '2026-09-20', { start: '09:00', end: '17:00', break: { minutes: 20 } }, [1, 2, 3, 4, 5, 6]);
    const a = evaluatePeriod({ from: '2026-09-14', to: '2026-09-20', plan: p, marks: [], options: { commerce: true, worksOnHolidays: true } }).planAlerts;
    expect(a.filter((x) => x.code === 'colacion_bajo_minimo')).toHaveLength(6);
    expect(a.filter((x) => x.code === 'turno_en_feriado_irrenunciable').map((x) => [x.date, x.message])).toEqual([
      ['2026-09-18', 'Turno planificado el 18-09-2026 (Independencia Nacional), feriado irrenunciable para trabajadores del comercio.'],
      ['2026-09-19', 'Turno planificado el 19-09-2026 (Día de las Glorias del Ejército), feriado irrenunciable para trabajadores del comercio.'],
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
    expect(r.totals.permissionDays).toEqual([{ type: 'vacaciones', paid: true, unit: 'dias_habiles', days: 3 }]);
    expect(r.weeks.map((w) => w.weekStart)).toEqual(['2026-06-29', '2026-07-06', '2026-07-13', '2026-07-20', '2026-07-27']);
    expect(r.totals.plannedSeconds).toBe(22 * 8 * H); // 23 weekdays minus the 16 July holiday
    expect(r.totals.missingSeconds).toBe(8 * H);
  });

  it('a night shift of the day before the period keeps its morning salida', () => {
    const night: ShiftTemplate = { start: '22:00', end: '06:00' };
    const p: Record<string, PlanEntry> = { '2026-07-01': { kind: 'turno', shift: night }, '2026-07-02': { kind: 'libre' } };
    const r = evaluatePeriod({ from: '2026-07-02', to: '2026-07-02', plan: p, marks: [m('entrada', '2026-07-01', '22:00'), m('salida', '2026-07-02', '06:00')] });
    expect(r.days[0]).toMatchObject({ status: 'libre', inconsistencies: [] });
    // Weeks are settled whole: the plan of the Thursday's week (Monday 06-29 to Sunday 07-05) plus a
    // day each side; marks from that Monday (less a day) to the day after the period.
    expect(evaluationLoadRange('2026-07-02', '2026-07-02')).toEqual({ from: '2026-06-28', to: '2026-07-06', marks: { from: '2026-06-28', to: '2026-07-03' } });
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

describe('art. 32 and the DT’s weekly-compensation criterion, across a period boundary: each week is settled whole, in the period in which it ends', () => {
  // 2026-09-30 is a Wednesday: the week of Monday 09-28 runs into October.
  const p = plan('2026-08-30', '2026-11-02');
  const marks = [
    ...workday('2026-09-28', '08:40'), // 40 min late in September
    ...workday('2026-09-29'),
    ...workday('2026-09-30'),
    ...workday('2026-10-01', '08:00', '17:40'), // made up in October, same week
    ...workday('2026-10-02'),
  ];
  const september = evaluatePeriod({ from: '2026-09-01', to: '2026-09-30', plan: p, marks });
  const october = evaluatePeriod({ from: '2026-10-01', to: '2026-10-31', plan: p, marks });

  it('lateness made up later in the same week is not deducted, whichever month each day falls in', () => {
    expect(september.totals).toMatchObject({ shortfallSeconds: 0, lateAfterCompensationSeconds: 0, netOvertimeSeconds: 0 });
    expect(october.totals).toMatchObject({ shortfallSeconds: 0, compensatedSeconds: 2400, netOvertimeSeconds: 0 });
  });

  it('the days still carry their own results in their own period', () => {
    expect(september.days.find((d) => d.date === '2026-09-28')).toMatchObject({ lateSeconds: 2400, missingSeconds: 2400 });
    expect(october.days[0]).toMatchObject({ date: '2026-10-01', overtimeSeconds: 2400 });
    expect(september.totals.lateSeconds).toBe(2400);
  });

  it('the week appears in both periods, settled only in October; September shows it up to its last day', () => {
    const inSeptember = september.weeks.at(-1)!;
    expect(inSeptember).toMatchObject({ weekStart: '2026-09-28', from: '2026-09-28', to: '2026-09-30', complete: false, settledInPeriod: false, shortfallSeconds: 2400 });
    expect(october.weeks[0]).toMatchObject({ weekStart: '2026-09-28', from: '2026-09-28', to: '2026-10-04', complete: false, settledInPeriod: true, missingSeconds: 2400, compensatedSeconds: 2400 });
    expect(october.adjacentDays.map((d) => d.date)).toEqual(['2026-09-28', '2026-09-29', '2026-09-30']);
  });

  it('evaluationLoadRange names the plan of whole weeks and the marks from the first Monday to the day after the period', () => {
    expect(evaluationLoadRange('2026-10-01', '2026-10-31')).toEqual({ from: '2026-09-27', to: '2026-11-02', marks: { from: '2026-09-27', to: '2026-11-01' } });
    // A period starting on a Monday still evaluates the day before (a night shift into the 1st may work a holiday).
    expect(evaluationLoadRange('2026-06-01', '2026-06-30')).toEqual({ from: '2026-05-30', to: '2026-07-06', marks: { from: '2026-05-30', to: '2026-07-01' } });
  });
});

describe('art. 40 bis: part time moves with the legal limit (two-thirds of it)', () => {
  // Three days of 9 h 30 min ordinary: 28 h 30 min a week.
  const three = (from: string, to: string) => plan(from, to, { start: '08:00', end: '18:00', break: { minutes: 30 } }, [1, 2, 3]);

  it('28 h 30 min in three days were part time under 45 h (limit 30), are not under 42 h (limit 28)', () => {
    const before = evaluatePeriod({ from: '2024-01-08', to: '2024-01-14', plan: three('2024-01-01', '2024-01-21'), marks: [] }).planAlerts;
    expect(before).toEqual([]);
    const now = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: three('2026-06-29', '2026-07-19'), marks: [] }).planAlerts;
    expect(now.map((a) => [a.code, a.value, a.limit])).toEqual([['dias_por_semana_fuera_de_rango', 3, 4]]);
  });

  it('with the contract\'s agreed hours, part time is the contract\'s, not the week\'s', () => {
    const r = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: three('2026-06-29', '2026-07-19'), marks: [], agreedWeeklyHours: 28 });
    expect(r.planAlerts.map((a) => a.code)).toEqual(['jornada_semanal_sobre_pactada']);
  });
});

describe('art. 38 inc. final: an exceptional system averages its cycle within the weekly limit', () => {
  // 7x7 of 08:00–21:00 with one hour of colación: 12 ordinary hours, 84 in 14 days, 42 a week on average.
  const sevenBySeven = (from: string, count: number, start = '08:00', end = '21:00') => {
    const p: Record<string, PlanEntry> = {};
    for (let i = 0; i < count; i++) {
      const date = addDays(from, i);
      p[date] = i % 14 < 7 ? { kind: 'turno', shift: { start, end, break: { minutes: 60 } } } : { kind: 'libre' };
    }
    return p;
  };
  const cycleAlerts = (p: Record<string, PlanEntry>, from: string, to: string, exceptional: object) =>
    evaluatePeriod({ from, to, plan: p, marks: [], options: { exceptionalSchedule: exceptional } }).planAlerts.filter((a) => a.code === 'jornada_promedio_ciclo_sobre_limite');
  const system = { resolution: '1234/2026', dailyOrdinaryHours: 12, cycle: { workDays: 7, restDays: 7 } };

  it('7x7 of 12 hours averages 42 hours: within the 42 of 2026, over the 40 of 2028', () => {
    expect(cycleAlerts(sevenBySeven('2026-06-01', 70), '2026-06-01', '2026-06-30', system)).toEqual([]);
    const over = cycleAlerts(sevenBySeven('2028-06-05', 70), '2028-06-05', '2028-06-30', system);
    expect(over).toEqual([
      {
        code: 'jornada_promedio_ciclo_sobre_limite',
        date: '2028-06-05',
        message:
          'Ciclo 7x7 del 05-06-2028 al 18-06-2028 (resolución 1234/2026): 84 h 00 min ordinarias promedian 42 h 00 min semanales y superan el máximo legal de 40 horas vigente el 18-06-2028 (art. 38 inc. final).',
        value: 42 * H,
        limit: 40 * H,
      },
    ]);
  });

  it('11 hours a day average 38 h 30 min: within the 40 of 2028; no cycle in the resolution, no average checked', () => {
    expect(cycleAlerts(sevenBySeven('2028-06-05', 70, '08:00', '20:00'), '2028-06-05', '2028-06-30', system)).toEqual([]);
    expect(cycleAlerts(sevenBySeven('2028-06-05', 70), '2028-06-05', '2028-06-30', { resolution: '1234/2026' })).toEqual([]);
  });

  it('a 66-hour week of a 6x1 worker without a resolution is a weekly infraction; with a 7x7 resolution only the average counts', () => {
    const week = plan('2028-06-04', '2028-06-12', { start: '08:00', end: '20:00', break: { minutes: 60 } }, [1, 2, 3, 4, 5, 6]);
    const codes = (options: object) => new Set(evaluatePeriod({ from: '2028-06-05', to: '2028-06-11', plan: week, marks: [], options }).planAlerts.map((a) => a.code));
    expect(codes({})).toContain('jornada_semanal_sobre_limite');
    expect(codes({ exceptionalSchedule: system })).not.toContain('jornada_semanal_sobre_limite');
  });
});

describe('art. 34: a colación of at least 30 minutes divides every working day', () => {
  const week = (shift: ShiftTemplate, days = [1, 2, 3, 4, 5]) => plan('2026-07-05', '2026-07-13', shift, days);
  const codes = (p: Record<string, PlanEntry>, extra: Partial<PeriodEvaluationInput> = {}) =>
    evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: p, marks: [], ...extra }).planAlerts.map((a) => [a.code, a.date]);

  it('a shift with no colación at all raises an alert, like a short one', () => {
    const alerts = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: week({ start: '08:00', end: '16:24' }), marks: [] }).planAlerts;
    expect(alerts.map((a) => a.code)).toEqual(Array(5).fill('colacion_no_planificada'));
    expect(alerts[0]).toEqual({
      code: 'colacion_no_planificada',
      date: '2026-07-06',
      message: 'Turno 08:00–16:24 del 06-07-2026 sin colación: la jornada debe dividirse con al menos 30 minutos de colación (art. 34).',
      value: 0,
      limit: 1800,
    });
    expect(codes(week({ start: '08:00', end: '17:00', break: { minutes: 20 } }))[0]).toEqual(['colacion_bajo_minimo', '2026-07-06']);
    expect(codes(week({ start: '08:00', end: '16:30', break: { minutes: 30 } }))).toEqual([]);
  });

  it('continuous-process work (art. 34 inciso 2) and part time (art. 40 bis B) may go without', () => {
    expect(codes(week({ start: '08:00', end: '16:24' }), { options: { continuousProcess: true } })).toEqual([]);
    expect(codes(week({ start: '09:00', end: '14:00' }))).toEqual([]); // 25 h a week: part time under 42 h
  });

  it('art. 40 bis B: a part-time colación lasts from half an hour to one hour', () => {
    // 09:00–15:30 with 90 minutes of colación: 25 h a week, part time, interrupted longer than the law allows.
    const long = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: week({ start: '09:00', end: '15:30', break: { minutes: 90 } }), marks: [] }).planAlerts;
    expect(long.map((a) => [a.code, a.date])).toEqual(['06', '07', '08', '09', '10'].map((d) => ['colacion_sobre_maximo_jornada_parcial', `2026-07-${d}`]));
    expect(long[0]).toMatchObject({
      message: 'Turno 09:00–15:30 del 06-07-2026 con 1 h 30 min de colación: en jornada parcial la colación es de media hora a una hora (art. 40 bis B).',
      value: 5400,
      limit: 3600,
    });
    expect(codes(week({ start: '09:00', end: '15:00', break: { minutes: 60 } }))).toEqual([]); // exactly one hour
    expect(codes(week({ start: '09:00', end: '14:20', break: { minutes: 20 } }))[0]).toEqual(['colacion_bajo_minimo', '2026-07-06']);
    // A full-time worker's long colación is not limited by this rule (art. 34 sets only a minimum).
    expect(codes(week({ start: '08:00', end: '17:30', break: { minutes: 90 } }))).toEqual([]);
  });
});

describe('art. 38 inciso final: exceptional schedules', () => {
  const fourByFour = plan('2026-07-05', '2026-07-13', { start: '08:00', end: '21:00', break: { minutes: 60 } }, [1, 2, 3, 4]);
  const alerts = (exceptionalSchedule?: PeriodEvaluationInput['options'] extends infer O ? O extends { exceptionalSchedule?: infer E } ? E : never : never) =>
    evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: fourByFour, marks: [], options: { exceptionalSchedule } }).planAlerts;

  it('12-hour shifts break the 10-hour day and the 42-hour week of an ordinary schedule', () => {
    expect(alerts().map((a) => a.code)).toEqual([...Array(4).fill('jornada_diaria_sobre_limite'), 'jornada_semanal_sobre_limite', 'dias_por_semana_fuera_de_rango']);
  });

  it('but not of an authorised one, whose resolution sets the daily limit', () => {
    expect(alerts(true)).toEqual([]);
    expect(alerts({ resolution: '1234/2026', dailyOrdinaryHours: 12 })).toEqual([]);
    const eleven = alerts({ resolution: '1234/2026', dailyOrdinaryHours: 11 });
    expect(eleven.map((a) => a.code)).toEqual(Array(4).fill('jornada_diaria_sobre_limite'));
    expect(eleven[0]!.message).toBe('Turno 08:00–21:00 del 06-07-2026 con 12 h 00 min ordinarias: supera las 11 horas diarias que autoriza la resolución de jornada excepcional 1234/2026.');
  });
});

describe('Ley 21.561: agreed hours above the limit in force, and weeks the law changes in, day by day', () => {
  const office44: ShiftTemplate = { start: '08:00', end: '17:48', break: { minutes: 60 } };

  it('44 agreed hours in a week under 42 are flagged and never used silently', () => {
    const r = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: plan('2026-07-05', '2026-07-13', office), marks: [], agreedWeeklyHours: 44 });
    expect(r.planAlerts).toEqual([
      {
        code: 'jornada_pactada_sobre_limite_legal',
        date: '2026-07-06',
        message: 'Semana del 06-07-2026: la jornada pactada de 44 horas supera el máximo legal de 42 horas semanales; rige el máximo legal y las horas extra se valoran con 42 horas.',
        value: 44 * H,
        limit: 42 * H,
      },
    ]);
  });

  it('the week of 2026-04-20 (the limit falls on its Sunday): 44 h Monday to Friday were under 44; planning the Sunday too is over 42', () => {
    const weekdays = plan('2026-04-19', '2026-04-27', office44);
    expect(evaluatePeriod({ from: '2026-04-20', to: '2026-04-26', plan: weekdays, marks: [] }).planAlerts).toEqual([]);
    const withSunday = { ...weekdays, '2026-04-26': { kind: 'turno', shift: { start: '09:00', end: '11:00' } } as PlanEntry };
    const alerts = evaluatePeriod({ from: '2026-04-20', to: '2026-04-26', plan: withSunday, marks: [] }).planAlerts.filter((a) => a.code === 'jornada_semanal_sobre_limite');
    expect(alerts.map((a) => [a.value / H, a.limit / H])).toEqual([[46, 42]]);
  });

  it('the week of 2028-04-24 starts under 42 h and ends under 40 h (from Wednesday): 41 h Monday to Friday are over', () => {
    const week41: ShiftTemplate = { start: '08:00', end: '17:12', break: { minutes: 60 } };
    const r = evaluatePeriod({ from: '2028-04-24', to: '2028-04-30', plan: plan('2028-04-23', '2028-05-01', week41), marks: [] });
    expect(r.planAlerts.map((a) => [a.code, a.value / H, a.limit / H])).toEqual([['jornada_semanal_sobre_limite', 41, 40]]);
    expect(r.weeks[0]!.weeklyLimitSeconds).toBe(40 * H);
    // Worked only Monday and Tuesday, the same hours answer to 42.
    const early = evaluatePeriod({ from: '2028-04-24', to: '2028-04-30', plan: plan('2028-04-23', '2028-05-01', { start: '08:00', end: '18:00', break: { minutes: 30 } }, [1, 2]), marks: [] });
    expect(early.weeks[0]!.weeklyLimitSeconds).toBe(42 * H);
  });
});

describe('the plan against the contract\'s agreed weekly hours', () => {
  const fullTime = plan('2026-07-05', '2026-07-20', { start: '09:00', end: '17:00', break: { minutes: 30 } }); // 37 h 30 min a week

  it('a worker contracted for 20 hours planned 37 h 30 min raises an alert', () => {
    const r = evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: fullTime, marks: [], agreedWeeklyHours: 20 });
    expect(r.planAlerts).toEqual([
      {
        code: 'jornada_semanal_sobre_pactada',
        date: '2026-07-06',
        message: 'Semana del 06-07-2026: 37 h 30 min planificadas superan las 20 horas semanales pactadas en el contrato.',
        value: 37.5 * H,
        limit: 20 * H,
      },
    ]);
    expect(evaluatePeriod({ from: '2026-07-06', to: '2026-07-12', plan: fullTime, marks: [], agreedWeeklyHours: 40 }).planAlerts).toEqual([]);
  });

  it('agreed hours by date: 20 until the contract changes to 40 on 2026-07-13', () => {
    const r = evaluatePeriod({ from: '2026-07-06', to: '2026-07-19', plan: fullTime, marks: [], agreedWeeklyHours: [{ from: '2026-07-13', hours: 40 }, { from: '2026-01-01', hours: 20 }] });
    expect(r.planAlerts.map((a) => [a.code, a.date])).toEqual([['jornada_semanal_sobre_pactada', '2026-07-06']]);
    expect(agreedWeeklyHoursOn([{ from: '2026-07-13', hours: 40 }], '2026-07-12')).toBeNull();
  });

  it('every alert code has a Spanish label', () => {
    for (const code of PLAN_ALERT_CODES) expect(PLAN_ALERT_LABELS[code]).toMatch(/^[A-ZÁÉÍÓÚ]/);
  });
});

describe('art. 35-38 and Ley 19.973: Sundays and holidays by the clock in a period', () => {
  const night: ShiftTemplate = { start: '22:00', end: '06:00', break: { minutes: 30 } };

  it('a commerce night shift from 31 December into 1 January works on an irrenunciable holiday', () => {
    const p: Record<string, PlanEntry> = { '2026-12-31': { kind: 'turno', shift: night } };
    const january = evaluatePeriod({ from: '2027-01-01', to: '2027-01-31', plan: p, marks: [], options: { commerce: true } });
    expect(january.planAlerts.filter((a) => a.code === 'turno_en_feriado_irrenunciable')).toEqual([
      {
        code: 'turno_en_feriado_irrenunciable',
        date: '2027-01-01',
        message:
          'Turno 22:00–06:00 del 31-12-2026 con 8 h 00 min en el descanso del 01-01-2027 (Año Nuevo), feriado irrenunciable para trabajadores del comercio: va de las 20:00 del día anterior a las 06:00 del día siguiente.',
        value: 8 * H,
        limit: 0,
      },
    ]);
    // Planning December shows it too: the shift is planned in December.
    const december = evaluatePeriod({ from: '2026-12-01', to: '2026-12-31', plan: p, marks: [], options: { commerce: true } });
    expect(december.planAlerts.filter((a) => a.code === 'turno_en_feriado_irrenunciable').map((a) => [a.date, a.value])).toEqual([['2027-01-01', 8 * H]]);
    // A night shift from 30 December ends before the rest begins.
    const before = evaluatePeriod({ from: '2026-12-28', to: '2027-01-03', plan: { '2026-12-30': { kind: 'turno', shift: night } }, marks: [], options: { commerce: true } });
    expect(before.planAlerts.filter((a) => a.code === 'turno_en_feriado_irrenunciable')).toEqual([]);
  });

  it('Ley 19.973 art. 2: the rest of an irrenunciable holiday runs from 21:00 the day before to 06:00 the day after', () => {
    const alertsOf = (plan: Record<string, PlanEntry>, from: string, to: string) =>
      evaluatePeriod({ from, to, plan, marks: [], options: { commerce: true } }).planAlerts.filter((a) => a.code === 'turno_en_feriado_irrenunciable');
    const evening: ShiftTemplate = { start: '14:00', end: '22:30', break: { minutes: 30 } };
    // 17 September until 22:30: 1 h 30 min inside the rest of the 18th.
    expect(alertsOf({ '2026-09-17': { kind: 'turno', shift: evening } }, '2026-09-14', '2026-09-20').map((a) => [a.date, a.value, a.message])).toEqual([
      [
        '2026-09-18',
        1.5 * H,
        'Turno 14:00–22:30 del 17-09-2026 con 1 h 30 min en el descanso del 18-09-2026 (Independencia Nacional), feriado irrenunciable para trabajadores del comercio: va de las 21:00 del día anterior a las 06:00 del día siguiente.',
      ],
    ]);
    // Until 21:00 exactly is allowed.
    expect(alertsOf({ '2026-09-17': { kind: 'turno', shift: { start: '13:00', end: '21:00', break: { minutes: 30 } } } }, '2026-09-14', '2026-09-20')).toEqual([]);
    // 26 December from 05:00: one hour inside the rest that follows Christmas.
    const early: ShiftTemplate = { start: '05:00', end: '13:00', break: { minutes: 30 } };
    expect(alertsOf({ '2026-12-26': { kind: 'turno', shift: early } }, '2026-12-21', '2026-12-27').map((a) => [a.date, a.value])).toEqual([['2026-12-25', 1 * H]]);
    // 31 December: commerce closes at 20:00, so a shift until 20:30 is 30 minutes inside the rest of 1 January.
    const late: ShiftTemplate = { start: '12:00', end: '20:30', break: { minutes: 30 } };
    expect(alertsOf({ '2026-12-31': { kind: 'turno', shift: late } }, '2026-12-28', '2027-01-03').map((a) => [a.date, a.value])).toEqual([['2027-01-01', 0.5 * H]]);
  });

  it('Sundays and holidays worked count the dates work touched, in the period of the date', () => {
    const p: Record<string, PlanEntry> = {
      '2026-12-31': { kind: 'turno', shift: night }, // into 1 January, a holiday
      '2027-01-02': { kind: 'turno', shift: night }, // Saturday into Sunday the 3rd
      '2027-01-03': { kind: 'turno', shift: night }, // Sunday into Monday: 2 h of Sunday
    };
    const marks = [
      m('entrada', '2026-12-31', '22:00'), m('salida', '2027-01-01', '06:00'),
      m('entrada', '2027-01-02', '22:00'), m('salida', '2027-01-03', '06:00'),
      m('entrada', '2027-01-03', '22:00'), m('salida', '2027-01-04', '06:00'),
    ];
    const january = evaluatePeriod({ from: '2027-01-01', to: '2027-01-31', plan: p, marks });
    expect(january.totals).toMatchObject({ holidaysWorked: 1, sundaysWorked: 1, sundaysOrHolidaysWorked: 2, holidayWorkedSeconds: 5.5 * H, sundayWorkedSeconds: 5.5 * H + 2 * H });
    const december = evaluatePeriod({ from: '2026-12-01', to: '2026-12-31', plan: p, marks });
    expect(december.totals).toMatchObject({ holidaysWorked: 0, sundaysOrHolidaysWorked: 0 });
    expect(december.days.at(-1)!.holidaySeconds).toBe(5.5 * H);
  });
});

describe('art. 69: vacaciones count business days in the totals; hour permissions count hours', () => {
  it('a week of vacaciones with a holiday is 4 business days, 7 days justified', () => {
    const p = plan('2026-09-13', '2026-09-21');
    const r = evaluatePeriod({ from: '2026-09-14', to: '2026-09-20', plan: p, marks: [], permissions: [{ type: 'vacaciones', paid: true, from: '2026-09-14', to: '2026-09-20' }] });
    expect(r.totals.daysByStatus.justificado).toBe(7);
    expect(r.totals.permissionDays).toEqual([{ type: 'vacaciones', paid: true, unit: 'dias_habiles', days: 4 }]);
    const sick = evaluatePeriod({ from: '2026-09-14', to: '2026-09-20', plan: p, marks: [], permissions: [{ type: 'licencia_medica', paid: true, from: '2026-09-14', to: '2026-09-20' }] });
    expect(sick.totals.permissionDays).toEqual([{ type: 'licencia_medica', paid: true, unit: 'dias_corridos', days: 7 }]);
  });

  it('an hour permission every day of a week (e.g. 08:00-09:00) adds up in hours', () => {
    const marks = eachDate('2026-07-06', '2026-07-10').flatMap((d) => workday(d, '09:00'));
    const r = evaluatePeriod({
      from: '2026-07-06',
      to: '2026-07-12',
      plan: plan('2026-07-05', '2026-07-13'),
      marks,
      permissions: [{ type: 'permiso_sin_goce', paid: false, from: '2026-07-06', to: '2026-07-10', hours: { start: '08:00', end: '09:00' } }],
    });
    expect(r.totals).toMatchObject({ lateSeconds: 0, missingSeconds: 0, justifiedSeconds: 5 * H, permissionDays: [], permissionHours: [{ type: 'permiso_sin_goce', paid: false, seconds: 5 * H }] });
  });
});

describe('art. 30: overtime is what exceeds the agreed weekly hours, or the legal limit if lower, even when planned', () => {
  const week = { from: '2026-07-06', to: '2026-07-12' };
  const fullWeek = () => ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10'].flatMap((d) => workday(d));

  it('a 20-hour contract planned and worked 40 hours has 20 hours of overtime, the week\'s last ones', () => {
    const r = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13'), marks: fullWeek(), agreedWeeklyHours: 20 });
    const w = r.weeks[0]!;
    expect(w).toMatchObject({ agreedLimitSeconds: 20 * H, overtimeSeconds: 0, overtimeOverAgreedSeconds: 20 * H, netOvertimeSeconds: 20 * H });
    expect(r.days.map((d) => d.overtimeOverAgreedSeconds)).toEqual([0, 0, 4 * H, 8 * H, 8 * H, 0, 0]);
    // Each day may add 2 hours within the daily limit (art. 31): Wednesday, Thursday and Friday.
    expect(w.netOvertimeWithinLimitSeconds).toBe(6 * H);
    expect(w.netOvertimeBeyondLimitSeconds).toBe(14 * H);
    expect(r.totals.netOvertimeSeconds).toBe(20 * H);
  });

  it('40 hours worked against 40 agreed (or no agreed hours, under the legal 42) have none', () => {
    for (const agreedWeeklyHours of [40, 45, null]) {
      const w = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13'), marks: fullWeek(), agreedWeeklyHours }).weeks[0]!;
      expect(w.overtimeOverAgreedSeconds).toBe(0);
      expect(w.netOvertimeSeconds).toBe(0);
    }
  });

  it('agreed hours above the legal limit are measured against the limit: 44 planned and worked under 42 and a 45-hour contract give 2 hours', () => {
    const long: ShiftTemplate = { id: 'larga', start: '08:00', end: '17:48', break: { start: '13:00', end: '14:00' } };
    const marks = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10'].flatMap((d) => workday(d, '08:00', '17:48'));
    const w = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13', long), marks, agreedWeeklyHours: 45 }).weeks[0]!;
    expect(w.plannedSeconds).toBe(44 * H);
    expect(w.agreedLimitSeconds).toBe(42 * H);
    expect(w.overtimeOverAgreedSeconds).toBe(2 * H);
  });

  it('time beyond the plan stays overtime and the compensation of lateness counts as ordinary time', () => {
    // 20 minutes late on Monday, made up on Friday: 40 h ordinary against 20 agreed, plus nothing beyond the plan.
    const marks = [...workday('2026-07-06', '08:20'), ...workday('2026-07-07'), ...workday('2026-07-08'), ...workday('2026-07-09'), ...workday('2026-07-10', '08:00', '17:50')];
    const w = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13'), marks, agreedWeeklyHours: 20 }).weeks[0]!;
    expect(w).toMatchObject({ compensatedSeconds: 1200, shortfallSeconds: 0, overtimeSeconds: 3000, overtimeOverAgreedSeconds: 20 * H });
    expect(w.netOvertimeSeconds).toBe(20 * H + 1800);
  });

  it('an exceptional schedule (art. 38) is not measured week by week', () => {
    const w = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13'), marks: fullWeek(), agreedWeeklyHours: 20, options: { exceptionalSchedule: true } }).weeks[0]!;
    expect(w.agreedLimitSeconds).toBeNull();
    expect(w.overtimeOverAgreedSeconds).toBe(0);
  });

  it('the night the clocks go back (DT Ord. 4126/210): 43 real hours against 42 agreed are 1 hour of overtime', () => {
    // Monday to Thursday 8 h 24 min by day; Saturday 3 April 2027 a night shift of 8 h 24 min on the clock
    // that lasts one real hour more (summer time ends at 24:00; in 2026 that Saturday was a holiday, Sábado Santo).
    const day: ShiftTemplate = { id: 'dia', start: '08:00', end: '17:24', break: { start: '13:00', end: '14:00' } };
    const night: ShiftTemplate = { id: 'noche', start: '22:00', end: '07:24', break: { start: '02:00', end: '03:00' } };
    const p: Record<string, PlanEntry> = {};
    for (const d of eachDate('2027-03-28', '2027-04-05')) p[d] = { kind: 'libre' };
    for (const d of ['2027-03-29', '2027-03-30', '2027-03-31', '2027-04-01']) p[d] = { kind: 'turno', shift: day };
    p['2027-04-03'] = { kind: 'turno', shift: night };
    const marks = [
      ...['2027-03-29', '2027-03-30', '2027-03-31', '2027-04-01'].flatMap((d) => workday(d, '08:00', '17:24')),
      m('entrada', '2027-04-03', '22:00'),
      m('inicio_colacion', '2027-04-04', '02:00'),
      m('fin_colacion', '2027-04-04', '03:00'),
      m('salida', '2027-04-04', '07:24'),
    ];
    const r = evaluatePeriod({ from: '2027-03-29', to: '2027-04-04', plan: p, marks, agreedWeeklyHours: 42 });
    const w = r.weeks[0]!;
    expect(w.plannedSeconds).toBe(43 * H);
    expect(w.workedSeconds).toBe(43 * H);
    expect(w.overtimeOverAgreedSeconds).toBe(H);
    expect(w.netOvertimeSeconds).toBe(H);
    expect(r.days.find((d) => d.date === '2027-04-03')!.overtimeOverAgreedSeconds).toBe(H);
  });

  it('property: a week\'s overtime is never less than its attended work minus the agreed hours (or the legal limit, if lower)', () => {
    const shifts: ShiftTemplate[] = [office, { id: 'corta', start: '09:00', end: '13:00' }, { id: 'larga', start: '07:00', end: '19:00', break: { start: '13:00', end: '14:00' } }];
    fc.assert(
      fc.property(
        fc.constantFrom(...shifts),
        fc.array(fc.record({ planned: fc.boolean(), works: fc.boolean(), entrada: fc.integer({ min: -60, max: 60 }), salida: fc.integer({ min: -60, max: 180 }) }), { minLength: 7, maxLength: 7 }),
        fc.option(fc.integer({ min: 8, max: 48 }), { nil: null }),
        (shift, specs, agreed) => {
          const dates = eachDate('2026-07-06', '2026-07-12');
          const p: Record<string, PlanEntry> = { '2026-07-05': { kind: 'libre' }, '2026-07-13': { kind: 'libre' } };
          const marks: Mark[] = [];
          dates.forEach((date, i) => {
            const s = specs[i]!;
            p[date] = s.planned ? { kind: 'turno', shift } : { kind: 'libre' };
            if (!s.works) return;
            const start = localToInstant(S, date, parseClockTime(shift.start)!) + s.entrada * 60_000;
            const end = localToInstant(S, date, parseClockTime(shift.end)!) + s.salida * 60_000;
            marks.push({ id: `${date}a`, kind: 'entrada', at: start }, { id: `${date}z`, kind: 'salida', at: end });
          });
          const r = evaluatePeriod({ ...week, plan: p, marks, agreedWeeklyHours: agreed });
          const w = r.weeks[0]!;
          const attended = r.days.filter((d) => d.status === 'presente').reduce((sum, d) => sum + d.workedSeconds, 0);
          const bound = Math.min(agreed ?? Infinity, 42) * H;
          expect(w.netOvertimeSeconds + w.compensatedSeconds).toBeGreaterThanOrEqual(attended - bound - 1e-6);
          expect(w.netOvertimeSeconds).toBeGreaterThanOrEqual(0);
          expect(w.netOvertimeWithinLimitSeconds + w.netOvertimeBeyondLimitSeconds).toBeCloseTo(w.netOvertimeSeconds, 6);
          expect(r.days.reduce((sum, d) => sum + d.overtimeOverAgreedSeconds, 0)).toBeCloseTo(w.overtimeOverAgreedSeconds, 6);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('art. 22 inc. 2: a worker excluded from the limitation of the working day, over a period', () => {
  const week = { from: '2026-07-06', to: '2026-07-12' };
  const excluded = { excludedFromHoursLimit: true };
  const dates = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10'];

  it('art. 22 inc. 2: 60 hours in a week against 20 agreed are no overtime, no shortfall and no weekly bound', () => {
    // 12 hours a day (07:00-20:00 less the colación), against a plan of 08:00-17:00.
    const marks = dates.flatMap((d) => workday(d, '07:00', '20:00'));
    const r = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13'), marks, agreedWeeklyHours: 20, options: excluded });
    const w = r.weeks[0]!;
    expect(w).toMatchObject({ agreedLimitSeconds: null, workedSeconds: 60 * H, overtimeSeconds: 0, missingSeconds: 0, shortfallSeconds: 0, overtimeOverAgreedSeconds: 0, netOvertimeSeconds: 0 });
    expect(r.totals).toMatchObject({ workedSeconds: 60 * H, ordinarySeconds: 60 * H, overtimeSeconds: 0, netOvertimeSeconds: 0, lateSeconds: 0, shortfallSeconds: 0 });
    expect(r.days.flatMap((d) => d.inconsistencies.map((i) => i.code))).toEqual([]);
    // The same week under the limit: 3 h a day past 17:00 and the 20 planned hours over the 20 agreed are overtime (the
    // hour before 08:00 is not worked time under a jornada), and the days pass the legal maximum (more than 2 h extra).
    const limited = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13'), marks, agreedWeeklyHours: 20 });
    expect(limited.weeks[0]!.netOvertimeSeconds).toBe(35 * H);
    expect(limited.days.some((d) => d.inconsistencies.some((i) => i.code === 'jornada_sobre_maximo_legal'))).toBe(true);
  });

  it('art. 22 inc. 2: planned days without marks are no absences and deduct nothing; worked Sundays still count', () => {
    const sunday = [m('entrada', '2026-07-12', '10:00'), m('salida', '2026-07-12', '14:00')];
    const r = evaluatePeriod({ ...week, plan: plan('2026-07-05', '2026-07-13'), marks: [...workday('2026-07-06'), ...sunday], options: excluded });
    expect(r.totals.daysByStatus).toMatchObject({ presente: 2, ausente: 0, libre: 5 });
    expect(r.totals).toMatchObject({ shortfallSeconds: 0, sundaysWorked: 1, sundaySeconds: 4 * H, workedSeconds: 12 * H });
  });

  it('art. 22 inc. 2: the plan raises no hours or days-per-week alerts (the colación ones stay)', () => {
    const long = plan('2026-04-20', '2026-05-10', { start: '07:00', end: '20:00' }, [1, 2, 3, 4, 5, 6, 7]);
    const alerts = (options = {}) => evaluatePeriod({ from: '2026-04-27', to: '2026-05-03', plan: long, marks: [], agreedWeeklyHours: 45, options }).planAlerts.map((a) => a.code);
    expect(new Set(alerts())).toEqual(new Set(['jornada_diaria_sobre_limite', 'jornada_semanal_sobre_limite', 'jornada_semanal_sobre_pactada', 'jornada_pactada_sobre_limite_legal', 'dias_por_semana_fuera_de_rango', 'colacion_no_planificada']));
    expect(new Set(alerts(excluded))).toEqual(new Set(['colacion_no_planificada']));
  });
});
