import { describe, expect, it } from 'vitest';
import { addDays, eachDate } from './calendar/local-date';
import { holidayLookup, type HolidayLookup } from './calendar/holidays';
import { compensatoryRestOwed, splitCompensatoryRest, uncompensatedRest, uncompensatedRestText, type CompensatoryRestDay } from './compensatory-rest';
import type { Mark, MarkKind } from './marks';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import type { Permission } from './permissions';
import type { ShiftTemplate } from './shift-instance';
import type { SundayRestException } from './sunday-rest';
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
  /** The exception from Sunday rest: the whole contract (true, the default), none (false) or its dates. */
  excepted?: boolean | SundayRestException;
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
    options: c.excepted === false ? {} : { worksOnHolidays: c.excepted ?? true },
  });
  return result.days.map((d) => ({ date: d.date, status: d.status, holiday: d.holiday !== null }));
}

// The week of 2026-04-27: Friday 1 May is a holiday (Día del Trabajo), Sunday 3 May is not.
const week = { from: '2026-04-27', to: '2026-05-03' };

const weekOf = (from: string) => eachDate(from, addDays(from, 6));
const nightWorked = (date: string) => [m('entrada', date, '22:00'), m('salida', addDays(date, 1), '06:00')];

const CASES: Case[] = [
  {
    name: 'a Sunday worked in a week with a rest day has had its compensation: «un día de descanso a la semana» (art. 38 inc. 3)',
    from: '2026-05-04',
    to: '2026-05-10',
    shifts: ['2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10'],
    marks: ['2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09', '2026-05-10'].flatMap(worked),
    owed: { days: 0, sundays: 0, holidays: 0, dates: [] },
  },
  {
    name: 'a Sunday that ends seven days worked owes a day: the week had no rest to compensate it (art. 38 inc. 3)',
    from: '2026-05-04',
    to: '2026-05-10',
    shifts: weekOf('2026-05-04'),
    marks: weekOf('2026-05-04').flatMap(worked),
    owed: { days: 1, sundays: 1, holidays: 0, dates: ['2026-05-10'] },
  },
  {
    name: 'a holiday worked owes a day beyond the weekly rest (art. 38 inc. 3: «y otro por cada festivo en que los trabajadores debieron prestar servicios»; DT Ord. 4697/271)',
    ...week,
    shifts: ['2026-05-01'],
    marks: worked('2026-05-01'),
    owed: { days: 1, sundays: 0, holidays: 1, dates: ['2026-05-01'] },
  },
  {
    name: 'a Sunday and a holiday worked in a week with rest days owe the holiday only (art. 38 inc. 3)',
    ...week,
    shifts: ['2026-04-28', '2026-05-01', '2026-05-03'],
    marks: [...worked('2026-04-28'), ...worked('2026-05-01'), ...worked('2026-05-03')],
    owed: { days: 1, sundays: 0, holidays: 1, dates: ['2026-05-01'] },
  },
  {
    name: 'a holiday on a Sunday (Todos los Santos, 1 November 2026) after six days worked owes one day, not two; the Saturday holiday before it (31 October) owes its own (art. 38 inc. 3, DT)',
    from: '2026-10-26',
    to: '2026-11-01',
    shifts: weekOf('2026-10-26'),
    marks: weekOf('2026-10-26').flatMap(worked),
    owed: { days: 2, sundays: 1, holidays: 1, dates: ['2026-10-31', '2026-11-01'] },
  },
  {
    name: 'a worker not excepted from Sunday rest (art. 38) is owed nothing: the holiday lifts the shift and the work is overtime (art. 35 and 32)',
    ...week,
    shifts: weekOf('2026-04-27'),
    marks: weekOf('2026-04-27').flatMap(worked),
    excepted: false,
    owed: { days: 0, sundays: 0, holidays: 0, dates: [] },
  },
  {
    name: 'a Saturday night shift into Sunday is a Saturday worked (the engine gives a night shift to the day it starts): nothing owed',
    ...week,
    shift: night,
    shifts: ['2026-05-02'],
    marks: nightWorked('2026-05-02'),
    owed: { days: 0, sundays: 0, holidays: 0, dates: [] },
  },
  {
    name: 'seven night shifts, the last from Sunday into Monday: the Sunday and the holiday (Friday 1 May) owe a day each',
    from: '2026-04-27',
    to: '2026-05-04',
    shift: night,
    shifts: weekOf('2026-04-27'),
    marks: weekOf('2026-04-27').flatMap(nightWorked),
    owed: { days: 2, sundays: 1, holidays: 1, dates: ['2026-05-01', '2026-05-03'] },
  },
  {
    name: 'a Sunday with only the entry (incompleto) is a day worked; a planned Sunday without marks (ausente) is not',
    from: '2026-05-03',
    to: '2026-05-10',
    shifts: ['2026-05-03', ...weekOf('2026-05-04')],
    marks: [...['2026-05-04', '2026-05-05', '2026-05-06', '2026-05-07', '2026-05-08', '2026-05-09'].flatMap(worked), m('entrada', '2026-05-10', '10:00')],
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
    shifts: weekOf('2026-05-04'),
    marks: weekOf('2026-05-04').flatMap(worked),
    permissions: [{ type: 'VAC.', paid: true, from: '2026-05-10', to: '2026-05-10', hours: null, unit: 'dias_corridos' }],
    owed: { days: 0, sundays: 0, holidays: 0, dates: [] },
  },
  {
    name: 'an exception that starts on a date (a transfer to a store open on Sundays): the holiday and Sunday before it owe nothing, the Sunday that ends a week worked under it owes a day (art. 38 inc. 3, read on each day)',
    from: '2026-04-27',
    to: '2026-05-10',
    shifts: [...weekOf('2026-04-27'), ...weekOf('2026-05-04')],
    marks: [...weekOf('2026-04-27'), ...weekOf('2026-05-04')].flatMap(worked),
    excepted: { from: '2026-05-04', to: null },
    owed: { days: 1, sundays: 1, holidays: 0, dates: ['2026-05-10'] },
  },
  {
    name: 'an exception that ends on a date: the holiday within it owes a day, the Sunday after it is the worker’s weekly rest again (art. 38 inc. 3 and art. 35)',
    ...week,
    shifts: weekOf('2026-04-27'),
    marks: weekOf('2026-04-27').flatMap(worked),
    excepted: { from: null, to: '2026-05-01' },
    owed: { days: 1, sundays: 0, holidays: 1, dates: ['2026-05-01'] },
  },
];

describe('compensatory rest owed to workers excepted from Sunday rest (art. 38 inc. 3)', () => {
  for (const c of CASES) {
    it(c.name, () => {
      expect(compensatoryRestOwed(evaluatedDays(c), { exceptedFromSundayRest: c.excepted ?? true })).toEqual(c.owed);
    });
  }

  it('counts each date once, whatever the order; a week with a day not known is taken as compensated', () => {
    const fullWeek = ['2026-05-11', '2026-05-12', '2026-05-13', '2026-05-14', '2026-05-15', '2026-05-16', '2026-05-17'];
    const days: CompensatoryRestDay[] = [
      { date: '2026-05-10', status: 'presente', holiday: false },
      { date: '2026-05-01', status: 'incompleto', holiday: true },
      { date: '2026-05-10', status: 'presente', holiday: false },
      { date: '2026-05-21', status: 'feriado', holiday: true },
      { date: '2026-05-24', status: 'ausente', holiday: false },
      { date: '2026-05-05', status: 'presente', holiday: false },
      ...fullWeek.reverse().map((date) => ({ date, status: 'presente' as const, holiday: false })),
      { date: '2026-05-17', status: 'libre', holiday: false },
    ];
    expect(compensatoryRestOwed(days, { exceptedFromSundayRest: true })).toEqual({ days: 2, sundays: 1, holidays: 1, dates: ['2026-05-01', '2026-05-17'] });
    expect(compensatoryRestOwed([], { exceptedFromSundayRest: true }).days).toBe(0);
    // From 17 May on, the days before only tell that its week had no rest.
    expect(compensatoryRestOwed(days, { exceptedFromSundayRest: true }, '2026-05-17')).toEqual({ days: 1, sundays: 1, holidays: 0, dates: ['2026-05-17'] });
  });
});

describe('compensatory rest not granted within its term (art. 38 inc. 3: «un día de descanso a la semana»; term of seven days, verificar)', () => {
  // Sunday 10 May 2026 and Thursday 21 May 2026 (Glorias Navales) worked and owed.
  const owed = ['2026-05-10', '2026-05-21'];
  const none = { restDays: [], permissions: [] };
  const dc38 = (from: string, to = from, hours: unknown = null) => ({ from, to, hours });

  it.each([
    {
      name: 'nothing granted: both are reported once their seven days are over, with their term',
      grants: none,
      today: '2026-06-01',
      expected: [
        { date: '2026-05-10', kind: 'domingo', termEnd: '2026-05-17' },
        { date: '2026-05-21', kind: 'festivo', termEnd: '2026-05-28' },
      ],
    },
    { name: 'a term still running is not reported: the Sunday on its last day, the holiday not yet', grants: none, today: '2026-05-17', expected: [] },
    { name: 'the day after the term, the Sunday is', grants: none, today: '2026-05-18', expected: [{ date: '2026-05-10', kind: 'domingo', termEnd: '2026-05-17' }] },
    {
      name: 'a rest day of the plan within the week after compensates the Sunday, not the holiday (DT, Ord. 4697/271)',
      grants: { restDays: ['2026-05-12', '2026-05-25'], permissions: [] },
      today: '2026-06-01',
      expected: [{ date: '2026-05-21', kind: 'festivo', termEnd: '2026-05-28' }],
    },
    { name: 'a D.C.38 permission within each term compensates both', grants: { restDays: [], permissions: [dc38('2026-05-13'), dc38('2026-05-26')] }, today: '2026-06-01', expected: [] },
    {
      name: 'a D.C.38 day granted after the term is late: the date is still reported',
      grants: { restDays: [], permissions: [dc38('2026-05-18'), dc38('2026-05-29')] },
      today: '2026-06-01',
      expected: [
        { date: '2026-05-10', kind: 'domingo', termEnd: '2026-05-17' },
        { date: '2026-05-21', kind: 'festivo', termEnd: '2026-05-28' },
      ],
    },
    {
      name: 'a D.C.38 permission by hours is no day of rest: it compensates nothing',
      grants: { restDays: [], permissions: [dc38('2026-05-13', '2026-05-13', { start: '09:00', end: '13:00' })] },
      today: '2026-06-01',
      expected: [
        { date: '2026-05-10', kind: 'domingo', termEnd: '2026-05-17' },
        { date: '2026-05-21', kind: 'festivo', termEnd: '2026-05-28' },
      ],
    },
  ])('$name', ({ grants, today, expected }) => {
    expect(uncompensatedRest(owed, grants, today)).toEqual(expected);
  });

  it('each day of rest compensates one date: a holiday and the Sunday after it with one D.C.38 day between them leave the Sunday owed', () => {
    // Thursday 1 January 2026 and Sunday 4 January, one D.C.38 day on Monday 5 January: it goes to the holiday.
    expect(uncompensatedRest(['2026-01-01', '2026-01-04'], { restDays: [], permissions: [dc38('2026-01-05')] }, '2026-02-01')).toEqual([
      { date: '2026-01-04', kind: 'domingo', termEnd: '2026-01-11' },
    ]);
    // With a rest day of the plan on Tuesday 6 January as well, the Sunday takes it.
    expect(uncompensatedRest(['2026-01-01', '2026-01-04'], { restDays: ['2026-01-06'], permissions: [dc38('2026-01-05')] }, '2026-02-01')).toEqual([]);
  });

  it('says who worked which Sunday or holiday, and until when the day was due', () => {
    expect(uncompensatedRestText('Ana Pérez', '2026-05-10')).toBe('Ana Pérez trabajó el domingo 10-05-2026 y no se le otorgó su día de descanso compensatorio hasta el 17-05-2026 (art. 38 inc. 3).');
    expect(uncompensatedRestText('Ana Pérez', '2026-05-21')).toBe('Ana Pérez trabajó el festivo 21-05-2026 y no se le otorgó su día de descanso compensatorio hasta el 28-05-2026 (art. 38 inc. 3).');
  });
});

describe('more than one compensatory day in a week, paid under an agreement (art. 38 inc. 5)', () => {
  // Week of 27 April 2026: Friday 1 May (Día del Trabajo) and Sunday 3 May after seven days worked owe two days.
  const twoInAWeek = ['2026-05-01', '2026-05-03'];

  it.each([
    { name: 'without an agreement both stay rest days: paying them needs the parties’ agreement (art. 38 inc. 5)', signed: null, expected: { rest: twoInAWeek, paid: [] } },
    { name: 'with an agreement, the day past one a week is paid (at no less than the overtime rate, art. 32)', signed: '2026-04-01', expected: { rest: ['2026-05-01'], paid: ['2026-05-03'] } },
    { name: 'an agreement signed after the week changes nothing before it', signed: '2026-05-04', expected: { rest: twoInAWeek, paid: [] } },
  ])('$name', ({ signed, expected }) => {
    expect(splitCompensatoryRest(twoInAWeek, signed)).toEqual(expected);
  });

  it('one day a week is never paid, whatever the agreement: only those that exceed one weekly (art. 38 inc. 5)', () => {
    // 1 May and 21 May 2026 are in different weeks; Thursday 21 May (Glorias Navales) and Sunday 24 May share one.
    expect(splitCompensatoryRest(['2026-05-01', '2026-05-21', '2026-05-24', '2026-05-21'], '2026-01-01')).toEqual({ rest: ['2026-05-01', '2026-05-21'], paid: ['2026-05-24'] });
  });
});
