import { describe, expect, it } from 'vitest';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';

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
