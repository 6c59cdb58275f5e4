import { describe, expect, it } from 'vitest';
import { eachDate, isoWeekday } from './calendar/local-date';
import { holidayLookup } from './calendar/holidays';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import type { ShiftTemplate } from './shift-instance';
import { exceptedFromSundayRestOn, exceptedFromSundayRestWithin, extraSundaysOff, sundayRestExceptionOf, sundayRestExclusion, sundaysText, type SundayRestException } from './sunday-rest';

const holidays = holidayLookup();
const shift: ShiftTemplate = { id: 'tienda', start: '10:00', end: '18:00', break: { minutes: 60 } };
// December 2026 has four Sundays: 6, 13, 20 and 27.

/** Tuesday to Sunday shifts from 2026-11-30 to 2027-01-03 (Mondays off), Sundays in `restSundays` off, `unplanned` dates left out. */
function plan(restSundays: readonly string[], unplanned: readonly string[] = []): Record<string, PlanEntry> {
  const out: Record<string, PlanEntry> = {};
  for (const d of eachDate('2026-11-30', '2027-01-03')) {
    if (unplanned.includes(d)) continue;
    out[d] = isoWeekday(d) === 1 || restSundays.includes(d) ? { kind: 'libre' } : { kind: 'turno', shift };
  }
  return out;
}

function sundayAlerts(p: Record<string, PlanEntry>, opts: { hours?: number | null; contractTo?: string | null; art38?: boolean; excepted?: SundayRestException } = {}) {
  const { hours = 42, contractTo = null, art38 = true, excepted } = opts;
  const result = evaluatePeriod({
    from: '2026-12-01',
    to: '2026-12-31',
    plan: p,
    marks: [],
    agreedWeeklyHours: hours,
    options: { worksOnHolidays: excepted ?? true, ...(art38 ? { sundayRest: { contractFrom: '2026-01-01', contractTo, ...(excepted ? { excepted } : {}) } } : {}) },
  });
  return result.planAlerts.filter((a) => a.code === 'domingos_de_descanso_insuficientes');
}

describe('two Sundays of rest a month for workers excepted from Sunday rest (art. 38 inc. 4)', () => {
  it('exactly two Sundays off pass; one fails, dated on the last Sunday worked, with the count in the message', () => {
    expect(sundayAlerts(plan(['2026-12-06', '2026-12-20']))).toEqual([]);
    expect(sundayAlerts(plan(['2026-12-06']))).toEqual([
      {
        code: 'domingos_de_descanso_insuficientes',
        date: '2026-12-27',
        message:
          'Diciembre de 2026: 3 domingos de 4 con turno (13-12-2026, 20-12-2026, 27-12-2026); queda 1 domingo de descanso y la ley exige al menos 2 en cada mes calendario (art. 38 inc. 4).',
        value: 1,
        limit: 2,
      },
    ]);
    expect(sundayAlerts(plan([])).map((a) => [a.value, a.message.slice(0, 40)])).toEqual([[0, 'Diciembre de 2026: 4 domingos de 4 con t']]);
  });

  it('a Sunday not planned yet may still be rest: an incomplete month is alerted only once it cannot reach two', () => {
    // 6 and 13 worked, 20 and 27 not planned yet: two Sundays can still be rest.
    expect(sundayAlerts(plan([], ['2026-12-20', '2026-12-27']))).toEqual([]);
    // 6, 13 and 20 worked, 27 not planned: at most one Sunday of rest is left.
    expect(sundayAlerts(plan([], ['2026-12-27'])).map((a) => [a.date, a.value])).toEqual([['2026-12-20', 1]]);
  });

  it('a week of the month is judged on the whole month of the plan given', () => {
    const oneOff = plan(['2026-12-06']);
    const week = evaluatePeriod({ from: '2026-12-21', to: '2026-12-27', plan: oneOff, marks: [], options: { sundayRest: { contractFrom: '2026-01-01', contractTo: null } } });
    expect(week.planAlerts.filter((a) => a.code === 'domingos_de_descanso_insuficientes').map((a) => [a.date, a.value])).toEqual([['2026-12-27', 1]]);
  });

  it('leaves out the workers art. 38 inc. 4 excludes, and those not excepted from Sunday rest', () => {
    const oneOff = plan(['2026-12-06']);
    // Jornada of 20 weekly hours or fewer: excluded; 21 hours: not.
    expect(sundayAlerts(oneOff, { hours: 20 })).toEqual([]);
    expect(sundayAlerts(oneOff, { hours: 21 })).toHaveLength(1);
    // Unknown agreed hours are not known to be 20 or fewer.
    expect(sundayAlerts(oneOff, { hours: null })).toHaveLength(1);
    // A contract of 30 days or fewer (2026-12-01 to 2026-12-30 from the contract's own start below) is excluded.
    const short = evaluatePeriod({ from: '2026-12-01', to: '2026-12-31', plan: oneOff, marks: [], options: { sundayRest: { contractFrom: '2026-12-01', contractTo: '2026-12-30' } } });
    expect(short.planAlerts.filter((a) => a.code === 'domingos_de_descanso_insuficientes')).toEqual([]);
    const longer = evaluatePeriod({ from: '2026-12-01', to: '2026-12-31', plan: oneOff, marks: [], options: { sundayRest: { contractFrom: '2026-12-01', contractTo: '2026-12-31' } } });
    expect(longer.planAlerts.filter((a) => a.code === 'domingos_de_descanso_insuficientes')).toHaveLength(1);
    // Not excepted from Sunday rest (no art. 38): the rule is not theirs.
    expect(sundayAlerts(oneOff, { art38: false })).toEqual([]);
  });

  it('a worker planned only on Saturdays, Sundays and holidays is hired for weekends: excluded', () => {
    const weekends: Record<string, PlanEntry> = {};
    for (const d of eachDate('2026-11-30', '2027-01-03')) weekends[d] = isoWeekday(d) >= 6 || d === '2026-12-08' ? { kind: 'turno', shift } : { kind: 'libre' };
    expect(sundayAlerts(weekends, { hours: 24 })).toEqual([]);
    // One Friday shift more and the worker is no longer weekend-only.
    weekends['2026-12-11'] = { kind: 'turno', shift };
    expect(sundayAlerts(weekends, { hours: 24 }).map((a) => a.value)).toEqual([0]);
  });
});

describe('the exception from Sunday rest in force on a day (art. 38, on the contract with its dates)', () => {
  it('true is the whole contract, false none; a range holds from its first to its last day, a null bound open', () => {
    expect(exceptedFromSundayRestOn(true, '2020-01-05')).toBe(true);
    expect(exceptedFromSundayRestOn(false, '2020-01-05')).toBe(false);
    expect(exceptedFromSundayRestOn(null, '2020-01-05')).toBe(false);
    const range = { from: '2026-03-01', to: '2026-06-30' };
    expect(['2026-02-28', '2026-03-01', '2026-06-30', '2026-07-01'].map((d) => exceptedFromSundayRestOn(range, d))).toEqual([false, true, true, false]);
    expect(exceptedFromSundayRestOn({ from: '2026-03-01', to: null }, '2030-01-01')).toBe(true);
    expect(exceptedFromSundayRestOn({ from: null, to: '2026-03-01' }, '2026-03-02')).toBe(false);
    expect(exceptedFromSundayRestWithin(range, '2026-07-01', '2026-07-31')).toBe(false);
    expect(exceptedFromSundayRestWithin(range, '2026-06-01', '2026-06-30')).toBe(true);
  });

  it('reads the contract: no flag, none; a flag without dates, the whole contract; with dates, the range', () => {
    expect(sundayRestExceptionOf(false, '2026-03-01', null)).toBe(false);
    expect(sundayRestExceptionOf(true, null, null)).toBe(true);
    expect(sundayRestExceptionOf(true, '2026-03-01', null)).toEqual({ from: '2026-03-01', to: null });
  });

  it('two Sundays off a month (art. 38 inc. 4) are checked only in the months the exception reaches', () => {
    // December with only one Sunday off: alerted while excepted, not once the exception ended in November.
    expect(sundayAlerts(plan(['2026-12-06']), { excepted: { from: null, to: '2026-11-30' } })).toEqual([]);
    expect(sundayAlerts(plan(['2026-12-06']), { excepted: { from: '2026-12-20', to: null } }).map((a) => a.value)).toEqual([1]);
  });

  it('a holiday shift is ordinary work only while the exception is in force (art. 38; otherwise art. 35 lifts it)', () => {
    const day = (excepted: SundayRestException) =>
      evaluatePeriod({ from: '2026-12-08', to: '2026-12-08', plan: { '2026-12-08': { kind: 'turno', shift } }, marks: [], options: { worksOnHolidays: excepted } }).days[0]!.status;
    // No marks on the Immaculate Conception: absent when the shift is owed, a holiday when the law lifts it.
    expect(day({ from: '2026-12-01', to: null })).toBe('ausente');
    expect(day({ from: '2026-12-09', to: null })).toBe('feriado');
  });
});

describe('sundayRestExclusion (art. 38 inc. 4, the same for art. 38 bis)', () => {
  const base = { agreedWeeklyHours: 42, contractFrom: '2026-01-01', contractTo: null, workDates: ['2026-12-01', '2026-12-06'], isHoliday: (d: string) => holidays(d) !== undefined };
  it.each([
    ['full time, indefinite, weekdays and Sundays', {}, null],
    ['20 weekly hours', { agreedWeeklyHours: 20 }, 'jornada_hasta_20_horas'],
    ['20.5 weekly hours', { agreedWeeklyHours: 20.5 }, null],
    ['21 weekly hours', { agreedWeeklyHours: 21 }, null],
    ['hours not recorded', { agreedWeeklyHours: null }, null],
    ['a contract of 30 days', { contractFrom: '2026-12-01', contractTo: '2026-12-30' }, 'contrato_hasta_30_dias'],
    ['a contract of 31 days', { contractFrom: '2026-12-01', contractTo: '2026-12-31' }, null],
    ['work only on Saturday, Sunday and a holiday', { workDates: ['2026-12-05', '2026-12-06', '2026-12-08'] }, 'solo_fines_de_semana'],
    ['no work in the month', { workDates: [] }, null],
  ] as const)('%s', (_name, change, expected) => {
    expect(sundayRestExclusion({ ...base, ...change })).toBe(expected);
  });
});

describe('extra Sundays off a year (art. 38 bis)', () => {
  it('counts the Sundays off of each month beyond two', () => {
    expect(extraSundaysOff([2, 2, 3, 4, 1, 5, 0])).toBe(0 + 0 + 1 + 2 + 0 + 3 + 0);
    expect(extraSundaysOff([])).toBe(0);
  });
  it('says Sundays in the singular and plural', () => {
    expect([sundaysText(1), sundaysText(2), sundaysText(0)]).toEqual(['1 domingo', '2 domingos', '0 domingos']);
  });
});
