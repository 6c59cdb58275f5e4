import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './calendar/local-date';
import { evaluatePeriod, type AveragedDistribution, type PlanEntry } from './period-evaluation';

/** A Monday-to-Friday shift from 08:00 with 30 minutes of colación and `minutes` ordinary minutes. */
function shiftOf(minutes: number): PlanEntry {
  const end = 8 * 60 + minutes + 30;
  const hhmm = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
  return { kind: 'turno', shift: { id: `m${minutes}`, start: '08:00', end: hhmm, break: { minutes: 30 } } };
}

/** Weeks from `monday`, each of the given ordinary hours over five days, Saturday and Sunday off. */
function weeksPlan(monday: string, hours: readonly number[]): Record<string, PlanEntry> {
  const p: Record<string, PlanEntry> = {};
  hours.forEach((h, w) => {
    for (let d = 0; d < 7; d++) p[addDays(monday, 7 * w + d)] = d < 5 ? shiftOf((h * 60) / 5) : { kind: 'libre' };
  });
  return p;
}

const HOURS_CODES = new Set(['jornada_semanal_sobre_limite', 'jornada_semanal_sobre_pactada', 'jornada_promedio_pacto_sobre_limite', 'jornada_semanal_sobre_tope_promedio']);

function hourAlerts(plan: Record<string, PlanEntry>, from: string, to: string, pact?: AveragedDistribution, agreed?: number) {
  return evaluatePeriod({ from, to, plan, marks: [], agreedWeeklyHours: agreed ?? null, options: pact ? { averagedDistribution: pact } : {} })
    .planAlerts.filter((a) => HOURS_CODES.has(a.code))
    .map((a) => [a.code, a.date, a.value / 3600, a.limit / 3600]);
}

describe('art. 22 bis (Ley 21.561): an averaged distribution is checked against the cycle\'s average, not week by week', () => {
  const twoWeeks: AveragedDistribution = { cycleWeeks: 2, from: '2026-06-01', to: null };

  it.each([
    ['45 h then 39 h average 42: within the 42 of 2026', [45, 39], twoWeeks, []],
    ['without the pact, the 45 h week is over the limit', [45, 39], undefined, [['jornada_semanal_sobre_limite', '2026-06-01', 45, 42]]],
    ['46 h then 38 h average 42, but no week may pass 45 ordinary hours', [46, 38], twoWeeks, [['jornada_semanal_sobre_tope_promedio', '2026-06-01', 46, 45]]],
    ['45 h then 41 h average 43: over the 42 of the cycle', [45, 41], twoWeeks, [['jornada_promedio_pacto_sobre_limite', '2026-06-01', 43, 42]]],
    ['two cycles: the second one alone is over', [40, 40, 44, 42], twoWeeks, [['jornada_promedio_pacto_sobre_limite', '2026-06-15', 43, 42]]],
    ['four weeks: a third week in a row over 42 h is alerted though the average passes', [43, 43, 43, 37], { cycleWeeks: 4, from: '2026-06-01', to: null }, [['jornada_semanal_sobre_tope_promedio', '2026-06-15', 43, 42]]],
    ['four weeks: two weeks in a row over 42 h pass', [43, 43, 37, 43], { cycleWeeks: 4, from: '2026-06-01', to: null }, []],
    ['the pact ends after its first cycle: the next weeks are judged alone', [40, 44, 44, 40], { cycleWeeks: 2, from: '2026-06-01', to: '2026-06-14' }, [['jornada_semanal_sobre_limite', '2026-06-15', 44, 42]]],
  ] as const)('%s', (_name, hours, pact, expected) => {
    const alerts = hourAlerts(weeksPlan('2026-06-01', hours), '2026-06-01', addDays('2026-06-01', 7 * hours.length - 1), pact);
    expect(alerts).toEqual(expected);
  });

  it('the limit in force on each week: the cycle of 2028-04-17 answers to 42 h then 40 h', () => {
    // 42 + 40 = 82: exactly the sum of both weeks' limits; 42 + 41 passes it.
    expect(hourAlerts(weeksPlan('2028-04-17', [42, 40]), '2028-04-17', '2028-04-30', { cycleWeeks: 2, from: '2028-04-17', to: null })).toEqual([]);
    expect(hourAlerts(weeksPlan('2028-04-17', [42, 41]), '2028-04-17', '2028-04-30', { cycleWeeks: 2, from: '2028-04-17', to: null })).toEqual([
      ['jornada_promedio_pacto_sobre_limite', '2028-04-17', 41.5, 41],
    ]);
  });

  it('agreed hours are an average over the cycle too', () => {
    expect(hourAlerts(weeksPlan('2026-06-01', [42, 38]), '2026-06-01', '2026-06-14', twoWeeks, 40)).toEqual([]);
    expect(hourAlerts(weeksPlan('2026-06-01', [42, 40]), '2026-06-01', '2026-06-14', twoWeeks, 40)).toEqual([['jornada_semanal_sobre_pactada', '2026-06-01', 41, 40]]);
    // Without the pact the first week passes the agreed 40.
    expect(hourAlerts(weeksPlan('2026-06-01', [42, 38]), '2026-06-01', '2026-06-14', undefined, 40)).toEqual([['jornada_semanal_sobre_pactada', '2026-06-01', 42, 40]]);
  });

  it('a cycle straddling the period is judged whole from the plan given, dated on the first evaluated Monday', () => {
    const plan = weeksPlan('2026-06-01', [45, 41]);
    expect(hourAlerts(plan, '2026-06-08', '2026-06-14', twoWeeks)).toEqual([['jornada_promedio_pacto_sobre_limite', '2026-06-08', 43, 42]]);
    // Its first week not planned yet: 41 h cannot break the cycle's 84 h, and what is missing may still be planned.
    const second = weeksPlan('2026-06-08', [41]);
    expect(hourAlerts(second, '2026-06-08', '2026-06-14', twoWeeks)).toEqual([]);
  });

  it('says the article, the cycle and the figures', () => {
    const alerts = evaluatePeriod({ from: '2026-06-01', to: '2026-06-14', plan: weeksPlan('2026-06-01', [45, 41]), marks: [], options: { averagedDistribution: twoWeeks } }).planAlerts;
    expect(alerts.map((a) => a.message)).toEqual([
      'Ciclo de 2 semanas del 01-06-2026 al 14-06-2026 (jornada promedio, art. 22 bis): 86 h 00 min planificadas promedian 43 h 00 min semanales y superan el máximo legal de 42 horas semanales.',
    ]);
  });

  it('an exceptional schedule (art. 38) or an exclusion (art. 22 inc. 2) leaves the pact aside', () => {
    const plan = weeksPlan('2026-06-01', [46, 40]);
    const excluded = evaluatePeriod({ from: '2026-06-01', to: '2026-06-14', plan, marks: [], options: { averagedDistribution: twoWeeks, excludedFromHoursLimit: true } });
    expect(excluded.planAlerts.filter((a) => HOURS_CODES.has(a.code))).toEqual([]);
  });

  it('property: a cycle of one week gives exactly the week-by-week alerts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 30, max: 50 }), { minLength: 1, maxLength: 6 }), fc.option(fc.integer({ min: 30, max: 45 }), { nil: undefined }), (hours, agreed) => {
        const plan = weeksPlan('2026-06-01', hours);
        const to = addDays('2026-06-01', 7 * hours.length - 1);
        const weekly = evaluatePeriod({ from: '2026-06-01', to, plan, marks: [], agreedWeeklyHours: agreed ?? null });
        const oneWeek = evaluatePeriod({ from: '2026-06-01', to, plan, marks: [], agreedWeeklyHours: agreed ?? null, options: { averagedDistribution: { cycleWeeks: 1, from: '2026-06-01', to: null } } });
        expect(oneWeek.planAlerts).toEqual(weekly.planAlerts);
      }),
      { numRuns: 60 },
    );
  });

  it('property: a pact never alerts a plan whose every week keeps within the weekly limit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 30, max: 42 }), { minLength: 2, maxLength: 8 }), fc.integer({ min: 2, max: 4 }), (hours, cycleWeeks) => {
        const plan = weeksPlan('2026-06-01', hours);
        const to = addDays('2026-06-01', 7 * hours.length - 1);
        expect(hourAlerts(plan, '2026-06-01', to, { cycleWeeks, from: '2026-06-01', to: null })).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});
