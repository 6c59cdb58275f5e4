import { describe, expect, it } from 'vitest';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import { limitBreaches } from './alerts';
import { dailyOrdinaryLimit } from './day-evaluation';

describe('commerce in December (art. 24): nobody past 23:00 from 10 to 23 December, nor past 20:00 on 24 and 31 December', () => {
  const late = (start: string, end: string, dates: readonly string[], commerce = true) => {
    const p: Record<string, PlanEntry> = {};
    for (const d of dates) p[d] = { kind: 'turno', shift: { id: `${start}-${end}`, start, end, break: { minutes: 30 } } };
    return evaluatePeriod({ from: '2026-12-01', to: '2026-12-31', plan: p, marks: [], options: { commerce, worksOnHolidays: true } })
      .planAlerts.filter((a) => a.code === 'turno_despues_de_hora_diciembre')
      .map((a) => [a.date, a.value]);
  };
  it.each([
    ['ending at 23:00 from 10 to 23 December passes', '14:00', '23:00', ['2026-12-10', '2026-12-23'], []],
    ['ending at 23:30 on 10 and 23 December fails', '14:30', '23:30', ['2026-12-10', '2026-12-23'], [['2026-12-10', 1800], ['2026-12-23', 1800]]],
    ['ending at 23:30 on 9 December is outside the fifteen days', '14:30', '23:30', ['2026-12-09'], []],
    ['a night shift from 22:00 on 15 December works past 23:00', '22:00', '06:00', ['2026-12-15'], [['2026-12-15', 7 * 3600]]],
    ['ending at 20:00 on 24 and 31 December passes', '11:00', '20:00', ['2026-12-24', '2026-12-31'], []],
    ['ending at 21:00 on 24 and 31 December fails', '12:00', '21:00', ['2026-12-24', '2026-12-31'], [['2026-12-24', 3600], ['2026-12-31', 3600]]],
    ['ending at 21:00 on 22 December passes (23:00 rules)', '12:00', '21:00', ['2026-12-22'], []],
  ] as const)('%s', (_name, start, end, dates, expected) => {
    expect(late(start, end, dates)).toEqual(expected);
  });
  it('says the article and the hour, and is for commerce only', () => {
    const p: Record<string, PlanEntry> = { '2026-12-24': { kind: 'turno', shift: { id: 'x', start: '12:00', end: '21:00', break: { minutes: 30 } } } };
    const alerts = evaluatePeriod({ from: '2026-12-01', to: '2026-12-31', plan: p, marks: [], options: { commerce: true } }).planAlerts;
    expect(alerts.find((a) => a.code === 'turno_despues_de_hora_diciembre')!.message).toBe(
      'Turno 12:00–21:00 del 24-12-2026 con 1 h 00 min después de las 20:00: el 24 y el 31 de diciembre ningún trabajador del comercio puede trabajar más allá de las 20:00 (art. 24).',
    );
    expect(late('12:00', '21:00', ['2026-12-24'], false)).toEqual([]);
  });
});

describe('commerce in December (art. 24): the extension days the employer declares, up to 2 hours on nine of 10 to 24 December', () => {
  const shift = (start: string, end: string) => ({ kind: 'turno' as const, shift: { id: `${start}-${end}`, start, end, break: { minutes: 60 } } });
  const alertsOf = (plan: Record<string, PlanEntry>, declared: Record<string, number>, commerce = true, agreed: number | null = null) =>
    evaluatePeriod({
      from: '2026-12-01',
      to: '2026-12-31',
      plan,
      marks: [],
      agreedWeeklyHours: agreed,
      options: { commerce, worksOnHolidays: true, decemberExtensions: new Map(Object.entries(declared)) },
    }).planAlerts;
  const daily = (plan: Record<string, PlanEntry>, declared: Record<string, number>, commerce = true) =>
    alertsOf(plan, declared, commerce)
      .filter((a) => a.code === 'jornada_diaria_sobre_limite')
      .map((a) => [a.date, a.value, a.limit]);

  // 10:00–23:00 with one hour of colación: 12 ordinary hours, ending at 23:00.
  it.each([
    ['12 h on a day declared with 2 h: within 10 + 2', { '2026-12-15': shift('10:00', '23:00') }, { '2026-12-15': 7200 }, [], true],
    ['12 h on a day declared with 1 h 30 min: over 11 h 30 min', { '2026-12-15': shift('10:00', '23:00') }, { '2026-12-15': 5400 }, [['2026-12-15', 12 * 3600, 11.5 * 3600]], true],
    ['12 h on an undeclared day of the window: over 10 h', { '2026-12-16': shift('10:00', '23:00') }, { '2026-12-15': 7200 }, [['2026-12-16', 12 * 3600, 10 * 3600]], true],
    ['12 h 30 min on a declared day: over 12 h', { '2026-12-15': shift('09:30', '23:00') }, { '2026-12-15': 7200 }, [['2026-12-15', 12.5 * 3600, 12 * 3600]], true],
    ['a declaration outside commerce changes nothing', { '2026-12-15': shift('10:00', '23:00') }, { '2026-12-15': 7200 }, [['2026-12-15', 12 * 3600, 10 * 3600]], false],
  ] as const)('%s', (_name, plan, declared, expected, commerce) => {
    expect(daily(plan, declared, commerce)).toEqual(expected);
  });

  it('says the declared extension, or suggests declaring an undeclared day of the window', () => {
    const alerts = alertsOf({ '2026-12-15': shift('09:30', '23:00'), '2026-12-16': shift('10:00', '23:00'), '2026-12-08': shift('10:00', '23:00') }, { '2026-12-15': 7200 });
    const messages = alerts.filter((a) => a.code === 'jornada_diaria_sobre_limite').map((a) => a.message);
    expect(messages).toEqual([
      'Turno 10:00–23:00 del 08-12-2026 con 12 h 00 min ordinarias: supera el máximo legal de 10 horas diarias.',
      'Turno 09:30–23:00 del 15-12-2026 con 12 h 30 min ordinarias: supera las 12 h 00 min del día (10 horas más 2 h 00 min de extensión declarada, art. 24).',
      'Turno 10:00–23:00 del 16-12-2026 con 12 h 00 min ordinarias: supera el máximo legal de 10 horas diarias. Del 10 al 24 de diciembre el comercio puede declarar este día como extendido, hasta 2 horas en nueve días (art. 24).',
    ]);
  });

  it('pays the week over 42 h as overtime up to the declared extension, instead of alerting the week (art. 24 inc. 1)', () => {
    // Monday 14 to Friday 18 December 2026: 8 h a day is 40 h; with two days of 10 h (declared +2 h) the week has 44 h.
    const plan: Record<string, PlanEntry> = {};
    for (const d of ['2026-12-14', '2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18']) plan[d] = shift('10:00', '19:00');
    plan['2026-12-15'] = shift('10:00', '21:00');
    plan['2026-12-16'] = shift('10:00', '21:00');
    const weekly = (declared: Record<string, number>) =>
      alertsOf(plan, declared, true, 40)
        .filter((a) => a.code === 'jornada_semanal_sobre_limite' || a.code === 'jornada_semanal_sobre_pactada')
        .map((a) => [a.code, a.value]);
    expect(weekly({})).toEqual([
      ['jornada_semanal_sobre_limite', 44 * 3600],
      ['jornada_semanal_sobre_pactada', 44 * 3600],
    ]);
    expect(weekly({ '2026-12-15': 7200, '2026-12-16': 7200 })).toEqual([]);
    // Only one day declared: 44 h less its 2 h is 42 h, within the legal week, over the 40 agreed.
    expect(weekly({ '2026-12-15': 7200 })).toEqual([['jornada_semanal_sobre_pactada', 42 * 3600]]);
    expect(alertsOf(plan, { '2026-12-15': 7200 }, true, 40).find((a) => a.code === 'jornada_semanal_sobre_pactada')!.message).toBe(
      'Semana del 14-12-2026: 42 h 00 min planificadas (además de 2 h 00 min de extensión de diciembre, que se pagan como horas extra, art. 24) superan las 40 horas semanales pactadas en el contrato.',
    );
  });

  it('keeps the 23:00 closing on every day from 10 to 23 December, declared or not (DT Ord. 5000/107)', () => {
    const late = alertsOf({ '2026-12-15': shift('12:00', '23:30'), '2026-12-16': shift('12:00', '23:30') }, { '2026-12-15': 7200 })
      .filter((a) => a.code === 'turno_despues_de_hora_diciembre')
      .map((a) => a.date);
    expect(late).toEqual(['2026-12-15', '2026-12-16']);
  });
});

describe('commerce in December (art. 24): the declared extension in the daily limit of worked time', () => {
  it.each([
    ['a day declared with 2 hours', '2026-12-15', 12 * 3600],
    ['a day declared with 1 hour', '2026-12-16', 11 * 3600],
    ['an undeclared day', '2026-12-17', 10 * 3600],
  ] as const)('%s: 10 hours plus its extension', (_name, date, limit) => {
    const decemberExtensions = new Map([['2026-12-15', 7200], ['2026-12-16', 3600]]);
    expect(dailyOrdinaryLimit({ decemberExtensions }, date)).toBe(limit);
  });
  it('an exceptional schedule keeps its resolution’s hours, declared or not', () => {
    expect(dailyOrdinaryLimit({ decemberExtensions: new Map([['2026-12-15', 7200]]), exceptionalSchedule: { dailyOrdinaryHours: 12 } }, '2026-12-15')).toBe(12 * 3600);
  });
  it('limitBreaches (Res. Ex. 38 alerts): 12 hours worked pass on a declared day, not on another', () => {
    const days = [
      { date: '2026-12-15', workedSeconds: 12 * 3600 },
      { date: '2026-12-16', workedSeconds: 12 * 3600 },
    ];
    const breaches = limitBreaches(days, { decemberExtensions: new Map([['2026-12-15', 7200]]) }).filter((b) => b.kind === 'limite_diario');
    expect(breaches.map((b) => [b.date, b.limitSeconds])).toEqual([['2026-12-16', 10 * 3600]]);
  });
});
