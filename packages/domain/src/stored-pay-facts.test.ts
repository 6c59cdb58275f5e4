import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, eachDate, weekStart } from './calendar/local-date';
import type { Mark } from './marks';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import type { Permission } from './permissions';
import { remunerationFactsOf } from './remuneration';
import type { ShiftTemplate } from './shift-instance';
import { payFactsLoadFrom, remunerationFactsOfStoredDays, storedPayDayOf } from './stored-pay-facts';
import { localToInstant, parseClockTime } from './time-zone';

const S = 'America/Santiago';
const day: ShiftTemplate = { id: 'dia', start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' }, lateToleranceMinutes: 5 };
const night: ShiftTemplate = { id: 'noche', start: '22:00', end: '06:00', break: { minutes: 30 } };
const short: ShiftTemplate = { id: 'corta', start: '09:00', end: '13:00' };

/** Months with a Sunday or holiday at an edge: September (18 and 19, the clocks move), May (1 and 21), June into July, December into January. */
const periods = [
  { from: '2026-09-01', to: '2026-09-30' },
  { from: '2026-05-01', to: '2026-05-31' },
  { from: '2026-06-01', to: '2026-06-30' },
  { from: '2026-11-01', to: '2026-11-30' },
  { from: '2027-01-01', to: '2027-01-31' },
];

const daySpec = fc.record({
  plan: fc.constantFrom<'dia' | 'noche' | 'corta' | 'libre' | 'nada'>('dia', 'noche', 'corta', 'libre', 'nada'),
  works: fc.boolean(),
  entrada: fc.integer({ min: -90, max: 90 }),
  salida: fc.integer({ min: -90, max: 180 }),
  exitForgotten: fc.boolean(),
});

const permissionSpec = fc.record({
  offset: fc.integer({ min: -8, max: 40 }),
  length: fc.integer({ min: 0, max: 6 }),
  type: fc.constantFrom('vacaciones', 'permiso_sin_goce', 'licencia_medica'),
  paid: fc.boolean(),
  hours: fc.boolean(),
});

const templates = { dia: day, noche: night, corta: short } as const;

describe('remunerationFactsOfStoredDays', () => {
  it('property: the facts of the stored days equal those of a fresh evaluation of the same inputs', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...periods),
        fc.array(daySpec, { minLength: 46, maxLength: 46 }),
        fc.array(permissionSpec, { maxLength: 3 }),
        fc.option(fc.integer({ min: 20, max: 45 }), { nil: null }),
        fc.boolean(),
        // Art. 22 inc. 2: a worker excluded from the hours limit (no overtime, lateness nor absences) reads the same stored.
        fc.boolean(),
        // Art. 22 bis: an averaged distribution pact settles cycles of 2 to 4 weeks, started on a Monday before or in the period.
        fc.option(fc.record({ cycleWeeks: fc.integer({ min: 2, max: 4 }), weeksBefore: fc.integer({ min: -2, max: 5 }), weeksLong: fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }) }), { nil: null }),
        (period, specs, permissionSpecs, agreed, worksOnHolidays, excludedFromHoursLimit, pactSpec) => {
          const first = addDays(period.from, -8);
          const dates = eachDate(first, addDays(period.to, 7));
          const plan: Record<string, PlanEntry> = {};
          const marks: Mark[] = [];
          dates.forEach((date, i) => {
            const s = specs[i % specs.length]!;
            if (s.plan === 'nada') return;
            if (s.plan === 'libre') {
              plan[date] = { kind: 'libre' };
              return;
            }
            const template = templates[s.plan];
            plan[date] = { kind: 'turno', shift: template };
            if (!s.works) return;
            const start = localToInstant(S, date, parseClockTime(template.start)!);
            const endClock = parseClockTime(template.end)!;
            const end = localToInstant(S, endClock <= parseClockTime(template.start)! ? addDays(date, 1) : date, endClock);
            marks.push({ id: `${date}a`, kind: 'entrada', at: start + s.entrada * 60_000 });
            if (!s.exitForgotten) marks.push({ id: `${date}z`, kind: 'salida', at: end + s.salida * 60_000 });
          });
          const permissions: Permission[] = permissionSpecs.map((p) => ({
            type: p.type,
            paid: p.paid,
            from: addDays(period.from, p.offset),
            to: addDays(period.from, p.offset + p.length),
            ...(p.hours ? { hours: { start: '08:00', end: '10:00' }, unit: 'horas' as const } : {}),
          }));
          const pactFrom = pactSpec ? addDays(weekStart(period.from), -7 * pactSpec.weeksBefore) : null;
          const averagedDistribution =
            pactSpec && pactFrom ? { cycleWeeks: pactSpec.cycleWeeks, from: pactFrom, to: pactSpec.weeksLong === null ? null : addDays(pactFrom, 7 * pactSpec.weeksLong - 1) } : undefined;
          const r = evaluatePeriod({
            ...period,
            zone: S,
            plan,
            marks,
            permissions,
            agreedWeeklyHours: agreed,
            options: { worksOnHolidays, excludedFromHoursLimit, ...(averagedDistribution ? { averagedDistribution } : {}) },
          });
          // What the API stores: each day, and on the last day of each week (or cycle) settled, its settlement.
          const weekBySunday = new Map(r.weeks.filter((w) => w.settledInPeriod).map((w) => [w.to, w]));
          const loadFrom = payFactsLoadFrom(period.from, averagedDistribution);
          const stored = [...r.adjacentDays, ...r.days].filter((d) => d.date >= loadFrom && d.date <= period.to).map((d) => storedPayDayOf(d, weekBySunday.get(d.date) ?? null));
          expect(remunerationFactsOfStoredDays(stored, period.from, period.to)).toEqual(remunerationFactsOf(r));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('counts a Sunday once when a Saturday night shift and a Sunday shift both work it, and in the month that holds it', () => {
    const plan: Record<string, PlanEntry> = {
      '2026-05-30': { kind: 'turno', shift: night },
      '2026-05-31': { kind: 'turno', shift: day },
    };
    const at = (date: string, clock: string) => localToInstant(S, date, parseClockTime(clock)!);
    const marks: Mark[] = [
      { id: 'a', kind: 'entrada', at: at('2026-05-30', '22:00') },
      { id: 'b', kind: 'salida', at: at('2026-05-31', '06:00') },
      { id: 'c', kind: 'entrada', at: at('2026-05-31', '08:00') },
      { id: 'd', kind: 'salida', at: at('2026-05-31', '17:00') },
    ];
    const may = evaluatePeriod({ from: '2026-05-01', to: '2026-05-31', zone: S, plan, marks });
    const weekBySunday = new Map(may.weeks.map((w) => [w.to, w]));
    const stored = [...may.adjacentDays, ...may.days].map((d) => storedPayDayOf(d, weekBySunday.get(d.date) ?? null));
    const facts = remunerationFactsOfStoredDays(stored, '2026-05-01', '2026-05-31');
    expect(facts.totals.sundaysWorked).toBe(1);
    expect(facts.totals).toEqual(remunerationFactsOf(may).totals);
    // The night shift of Saturday 2026-10-31 reaches Sunday 11-01 (also a holiday): November counts it.
    const nov = evaluatePeriod({
      from: '2026-11-01',
      to: '2026-11-30',
      zone: S,
      plan: { '2026-10-31': { kind: 'turno', shift: night } },
      marks: [
        { id: 'e', kind: 'entrada', at: at('2026-10-31', '22:00') },
        { id: 'f', kind: 'salida', at: at('2026-11-01', '06:00') },
      ],
    });
    const novWeeks = new Map(nov.weeks.map((w) => [w.to, w]));
    const novStored = [...nov.adjacentDays, ...nov.days].filter((d) => d.date >= payFactsLoadFrom('2026-11-01')).map((d) => storedPayDayOf(d, novWeeks.get(d.date) ?? null));
    const novFacts = remunerationFactsOfStoredDays(novStored, '2026-11-01', '2026-11-30');
    expect(novFacts.totals.sundaysWorked).toBe(1);
    expect(novFacts.totals.holidaysWorked).toBe(1);
    expect(novFacts.totals.sundaysOrHolidaysWorked).toBe(1);
  });
});
