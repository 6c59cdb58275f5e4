import { describe, expect, it } from 'vitest';
import { eachDate } from './calendar/local-date';
import { holidayLookup, type HolidayLookup } from './calendar/holidays';
import { compensatoryRestOwed, type CompensatoryRestDay } from './compensatory-rest';
import type { Mark, MarkKind } from './marks';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import type { Permission } from './permissions';
import type { ShiftTemplate } from './shift-instance';
import { localToInstant, parseClockTime } from './time-zone';

const S = 'America/Santiago';
const store: ShiftTemplate = { id: 'tienda', start: '10:00', end: '18:00', break: { minutes: 60 } };
const night: ShiftTemplate = { id: 'noche', start: '22:00', end: '06:00' };
let seq = 0;
const m = (kind: MarkKind, date: string, clock: string): Mark => ({ id: `m${String(++seq).padStart(5, '0')}`, kind, at: localToInstant(S, date, parseClockTime(clock)!) });
const worked = (date: string) => [m('entrada', date, '10:00'), m('salida', date, '18:00')];

interface Case {
  /** What the case shows, with the rule it applies. */
  name: string;
  from: string;
  to: string;
  /** The dates with a shift (every other date is a rest day). */
  shifts: readonly string[];
  marks: readonly Mark[];
  excepted?: boolean;
  shift?: ShiftTemplate;
  holidays?: HolidayLookup;
  permissions?: readonly Permission[];
  owed: { days: number; sundays: number; holidays: number; dates: string[] };
}

/** The engine's days for a case, as the API stores them: date, status and whether the date is a holiday. */
function evaluatedDays(c: Case): CompensatoryRestDay[] {
  const plan: Record<string, PlanEntry> = {};
  for (const d of eachDate(c.from, c.to)) plan[d] = c.shifts.includes(d) ? { kind: 'turno', shift: c.shift ?? store } : { kind: 'libre' };
  const result = evaluatePeriod({
    from: c.from,
    to: c.to,
    zone: S,
    plan,
    marks: c.marks,
    permissions: c.permissions ?? [],
    ...(c.holidays ? { holidays: c.holidays } : {}),
    // Art. 38 exceptions: a planned holiday shift is owed and ordinary (the API sets it from the same contract flag).
    options: c.excepted === false ? {} : { worksOnHolidays: true },
  });
  return result.days.map((d) => ({ date: d.date, status: d.status, holiday: d.holiday !== null }));
}

// The week of 2026-04-27: Friday 1 May is a holiday (Día del Trabajo), Sunday 3 May is not.
const week = { from: '2026-04-27', to: '2026-05-03' };

const CASES: Case[] = [
  {
    name: 'a Sunday worked owes one day (art. 38 inc. 3: «un día de descanso a la semana en compensación a las actividades desarrolladas en día domingo»)',
    ...week,
    shifts: ['2026-05-03'],
    marks: worked('2026-05-03'),
    owed: { days: 1, sundays: 1, holidays: 0, dates: ['2026-05-03'] },
  },
  {
    name: 'a holiday worked owes one day (art. 38 inc. 3: «y otro por cada festivo en que los trabajadores debieron prestar servicios»)',
    ...week,
    shifts: ['2026-05-01'],
    marks: worked('2026-05-01'),
    owed: { days: 1, sundays: 0, holidays: 1, dates: ['2026-05-01'] },
  },
  {
    name: 'a Sunday and a holiday worked in the same week owe two days (art. 38 inc. 3)',
    ...week,
    shifts: ['2026-04-28', '2026-05-01', '2026-05-03'],
    marks: [...worked('2026-04-28'), ...worked('2026-05-01'), ...worked('2026-05-03')],
    owed: { days: 2, sundays: 1, holidays: 1, dates: ['2026-05-01', '2026-05-03'] },
  },
  {
    name: 'a holiday on a Sunday (Todos los Santos, 1 November 2026) owes one day: one day worked, one day of rest (art. 38 inc. 3, DT)',
    from: '2026-10-26',
    to: '2026-11-01',
    shifts: ['2026-11-01'],
    marks: worked('2026-11-01'),
    owed: { days: 1, sundays: 1, holidays: 0, dates: ['2026-11-01'] },
  },
  {
    name: 'a worker not excepted from Sunday rest (art. 38) is owed nothing: the holiday lifts the shift and the work is overtime (art. 35 and 32)',
    ...week,
    shifts: ['2026-05-01', '2026-05-03'],
    marks: [...worked('2026-05-01'), ...worked('2026-05-03')],
    excepted: false,
    owed: { days: 0, sundays: 0, holidays: 0, dates: [] },
  },
  {
    name: 'a Saturday night shift into Sunday is a Saturday worked (the engine gives a night shift to the day it starts): nothing owed',
    ...week,
    shift: night,
    shifts: ['2026-05-02'],
    marks: [m('entrada', '2026-05-02', '22:00'), m('salida', '2026-05-03', '06:00')],
    owed: { days: 0, sundays: 0, holidays: 0, dates: [] },
  },
  {
    name: 'a Sunday night shift into Monday is a Sunday worked: one day owed (art. 38 inc. 3)',
    from: '2026-05-03',
    to: '2026-05-10',
    shift: night,
    shifts: ['2026-05-03'],
    marks: [m('entrada', '2026-05-03', '22:00'), m('salida', '2026-05-04', '06:00')],
    owed: { days: 1, sundays: 1, holidays: 0, dates: ['2026-05-03'] },
  },
  {
    name: 'a Sunday with only the entry (incompleto) is a day worked; a planned Sunday without marks (ausente) is not',
    from: '2026-05-03',
    to: '2026-05-10',
    shifts: ['2026-05-03', '2026-05-10'],
    marks: [m('entrada', '2026-05-10', '10:00')],
    owed: { days: 1, sundays: 1, holidays: 0, dates: ['2026-05-10'] },
  },
  {
    name: 'a day the company added as a holiday counts like the law’s: the engine’s calendar decides',
    from: '2026-05-04',
    to: '2026-05-10',
    shifts: ['2026-05-06'],
    marks: worked('2026-05-06'),
    holidays: holidayLookup({ extra: [{ date: '2026-05-06', name: 'Aniversario de la empresa' }] }),
    owed: { days: 1, sundays: 0, holidays: 1, dates: ['2026-05-06'] },
  },
  {
    name: 'a Sunday under a whole-day permission is justified, not worked, even with marks: nothing owed',
    from: '2026-05-04',
    to: '2026-05-10',
    shifts: ['2026-05-10'],
    marks: worked('2026-05-10'),
    permissions: [{ type: 'VAC.', paid: true, from: '2026-05-10', to: '2026-05-10', hours: null, unit: 'dias_corridos' }],
    owed: { days: 0, sundays: 0, holidays: 0, dates: [] },
  },
];

describe('compensatory rest owed to workers excepted from Sunday rest (art. 38 inc. 3)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      expect(compensatoryRestOwed(evaluatedDays(c), { exceptedFromSundayRest: c.excepted ?? true })).toEqual(c.owed);
    });
  }

  it('counts each date once, whatever the order, and no day that was not worked', () => {
    const days: CompensatoryRestDay[] = [
      { date: '2026-05-10', status: 'presente', holiday: false },
      { date: '2026-05-01', status: 'incompleto', holiday: true },
      { date: '2026-05-10', status: 'presente', holiday: false },
      { date: '2026-05-17', status: 'libre', holiday: false },
      { date: '2026-05-21', status: 'feriado', holiday: true },
      { date: '2026-05-24', status: 'ausente', holiday: false },
      { date: '2026-05-05', status: 'presente', holiday: false },
    ];
    expect(compensatoryRestOwed(days, { exceptedFromSundayRest: true })).toEqual({ days: 2, sundays: 1, holidays: 1, dates: ['2026-05-01', '2026-05-10'] });
    expect(compensatoryRestOwed([], { exceptedFromSundayRest: true }).days).toBe(0);
  });
});
