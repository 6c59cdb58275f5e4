import fc from 'fast-check';
import { addDays, holidayLookup, placeShift } from '@jornada/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildRosterModel, loadHighs, partitionRoster, solveRoster, type Highs, type RosterInput, type RosterShift, type RosterWorker } from './index';
import { rosterDefects } from './test/check';

const ZONE = 'America/Santiago';
const holidays = holidayLookup();
const MORNING: RosterShift = { id: 'M', name: 'Mañana', template: { start: '08:00', end: '16:30', break: { minutes: 30 } } };
const NIGHT: RosterShift = { id: 'N', name: 'Noche', template: { start: '22:00', end: '06:30', break: { minutes: 30 } } };
const NO_BREAK: RosterShift = { id: 'C', name: 'Corrido', template: { start: '09:00', end: '15:00' } };

let highs: Highs;
beforeAll(async () => {
  highs = await loadHighs();
});

function worker(id: string, extra: Partial<RosterWorker> = {}): RosterWorker {
  return { id, name: `Persona ${id}`, agreedWeeklyHours: 40, ...extra };
}

/** Demand of `required` people on a shift every day of the period. */
function everyDay(from: string, days: number, shiftId: string, required: number): RosterInput['demand'] {
  return Array.from({ length: days }, (_, i) => ({ date: addDays(from, i), shiftId, required }));
}

/**
 * Solves and has the domain judge the result. A worker whose allowed shifts leave no lawful week is reported
 * in `issues`; the only alert allowed is then that worker's days per week.
 */
function solve(input: RosterInput) {
  const proposal = solveRoster({ ...input, options: { timeLimitSeconds: 20, ...input.options } }, highs);
  const flagged = new Set(proposal.issues.map((i) => i.workerId));
  expect(rosterDefects(input, proposal).filter((d) => !(flagged.has(d.workerId) && d.code === 'dias_por_semana_fuera_de_rango'))).toEqual([]);
  return proposal;
}

const shiftOn = (p: ReturnType<typeof solve>, workerId: string, date: string) => p.assignments.find((a) => a.workerId === workerId && a.date === date)?.shiftId;

describe('hard rules', () => {
  // Monday 2026-06-01 to Sunday 2026-06-07.
  const week = { zone: ZONE, from: '2026-06-01', to: '2026-06-07', holidays };

  it('never assigns a worker on leave', () => {
    const p = solve({ ...week, shifts: [MORNING], demand: everyDay('2026-06-01', 7, 'M', 1), workers: [worker('a', { unavailableDates: ['2026-06-03'] })] });
    expect(shiftOn(p, 'a', '2026-06-03')).toBeNull();
    expect(p.assignments.find((a) => a.date === '2026-06-03')?.unavailable).toBe(true);
    expect(p.shortfalls.find((s) => s.date === '2026-06-03')?.reason).toContain('vacaciones, licencia o permiso');
  });

  it('keeps 12 hours of rest: no morning after a night', () => {
    const input: RosterInput = {
      ...week,
      to: '2026-06-02',
      shifts: [MORNING, NIGHT],
      demand: [
        { date: '2026-06-01', shiftId: 'N', required: 1 },
        { date: '2026-06-02', shiftId: 'M', required: 1 },
      ],
      workers: [worker('a')],
    };
    const p = solve(input);
    expect(p.shortfalls).toHaveLength(1);
    expect(p.shortfalls[0]!.reason).toMatch(/descanso mínimo entre turnos/);
    // The rest also runs from the last shift before the period.
    const after = solve({ ...input, demand: [{ date: '2026-06-01', shiftId: 'M', required: 1 }], workers: [worker('a', { history: { lastShiftEnd: placeShift(NIGHT.template, '2026-05-31', ZONE).end } })] });
    expect(shiftOn(after, 'a', '2026-06-01')).toBeNull();
  });

  it('leaves an art. 38 worker two Sundays off in the month', () => {
    const june = { zone: ZONE, from: '2026-06-01', to: '2026-06-28', holidays };
    const sundays = ['2026-06-07', '2026-06-14', '2026-06-21', '2026-06-28'];
    const p = solve({
      ...june,
      shifts: [MORNING],
      demand: sundays.map((date) => ({ date, shiftId: 'M', required: 1 })),
      workers: [worker('a', { commerce: true, sundayRest: { contractFrom: '2025-01-01', contractTo: null } })],
    });
    expect(sundays.filter((d) => shiftOn(p, 'a', d) === 'M')).toHaveLength(2);
    expect(p.shortfalls.map((s) => s.reason).join(' ')).toContain('ya tiene 2 domingos trabajados en el mes');
  });

  it('keeps commerce workers off irrenunciable holidays', () => {
    const p = solve({
      zone: ZONE,
      from: '2026-09-14',
      to: '2026-09-20',
      holidays,
      shifts: [MORNING],
      demand: [{ date: '2026-09-18', shiftId: 'M', required: 2 }],
      workers: [worker('com', { commerce: true }), worker('ind')],
    });
    expect(shiftOn(p, 'com', '2026-09-18')).toBeNull();
    expect(shiftOn(p, 'ind', '2026-09-18')).toBe('M');
    expect(p.shortfalls[0]!.reason).toContain('feriado irrenunciable');
  });

  it('keeps a part-timer within the agreed weekly hours', () => {
    const p = solve({ ...week, shifts: [MORNING], demand: everyDay('2026-06-01', 7, 'M', 1), workers: [worker('a', { agreedWeeklyHours: 20 })] });
    // 8 hours a shift: at most two in 20 hours.
    expect(p.assignments.filter((a) => a.shiftId === 'M')).toHaveLength(2);
    expect(p.perWorker[0]!.plannedSeconds).toBe(16 * 3600);
    expect(p.shortfalls.map((s) => s.reason).join(' ')).toContain('ya completa sus horas semanales');
  });

  it('keeps the weekly average of an exceptional cycle within the legal limit in force (art. 38 inc. final)', () => {
    // 7x7 of 12 ordinary hours: 84 hours in 14 days average 42 a week, lawful in 2026 (42 h), over the 40 h of 2028.
    const TWELVE: RosterShift = { id: 'D', name: 'Día', template: { start: '08:00', end: '20:30', break: { minutes: 30 } } };
    const exceptionalSchedule = { resolution: 'R-77', dailyOrdinaryHours: 12, cycle: { workDays: 7, restDays: 7 } };
    const planned = (from: string, days: number, agreedWeeklyHours: number) => {
      const p = solve({ zone: ZONE, from, to: addDays(from, days - 1), holidays, shifts: [TWELVE], demand: everyDay(from, days, 'D', 1), workers: [worker('a', { agreedWeeklyHours, exceptionalSchedule })] });
      return p.assignments.filter((a) => a.shiftId !== null).length;
    };
    expect(planned('2026-06-01', 14, 42)).toBe(7);
    // Four weeks of a 40-hour contract allow 160 hours (13 shifts), but each 14-day window only 80 (6 shifts).
    expect(planned('2028-06-05', 28, 40)).toBe(12);
  });

  it('keeps the fixed days', () => {
    const p = solve({
      ...week,
      shifts: [MORNING],
      demand: everyDay('2026-06-01', 7, 'M', 1),
      workers: [worker('a', { fixed: [{ date: '2026-06-02', shiftId: null }, { date: '2026-06-06', shiftId: 'M' }] }), worker('b')],
    });
    expect(shiftOn(p, 'a', '2026-06-02')).toBeNull();
    expect(shiftOn(p, 'a', '2026-06-06')).toBe('M');
  });

  it('gives shifts without colación only to those who may go without', () => {
    // The full-timer has no lawful week with this shift alone: reported, and still never given it.
    const p = solve({ ...week, shifts: [NO_BREAK], demand: everyDay('2026-06-01', 7, 'C', 2), workers: [worker('full', { agreedWeeklyHours: 42 }), worker('part', { agreedWeeklyHours: 24 })] });
    expect(p.assignments.filter((a) => a.workerId === 'full' && a.shiftId !== null)).toHaveLength(0);
    expect(p.assignments.filter((a) => a.workerId === 'part' && a.shiftId === 'C')).toHaveLength(4);
    expect(p.issues.some((i) => i.workerId === 'full')).toBe(true);
  });

  it('only assigns allowed shifts', () => {
    const p = solve({ ...week, shifts: [MORNING, NIGHT], demand: everyDay('2026-06-01', 7, 'N', 1), workers: [worker('a', { allowedShiftIds: ['M'] })] });
    expect(p.assignments.some((a) => a.shiftId === 'N')).toBe(false);
    expect(p.shortfalls[0]!.reason).toContain('no hay trabajadores habilitados para los turnos que la cubren');
  });

  it('reports demand nobody can cover as shortfalls with a Spanish reason, never an error', () => {
    const p = solve({ ...week, shifts: [MORNING], demand: everyDay('2026-06-01', 7, 'M', 3), workers: [worker('a'), worker('b')] });
    expect(p.status).toBe('optimal');
    // Two 40-hour workers give ten 8-hour shifts of the 21 asked for.
    expect(p.shortfalls.reduce((n, s) => n + s.missing, 0)).toBe(11);
    expect(p.shortfalls[0]!.reason).toMatch(/^Falta(n \d personas| 1 persona) el \S+ \d\d-06 de 08:00 a 16:30: nadie más puede cubrirla; /);
    expect(p.coverage.every((c) => c.planned <= c.required)).toBe(true);
  });

  it('keeps the published plan when nothing asks to change it', () => {
    const published = [{ date: '2026-06-01', shiftId: 'M' }, { date: '2026-06-02', shiftId: null }];
    const p = solve({ ...week, shifts: [MORNING], demand: [], workers: [worker('a', { published, agreedWeeklyHours: 40 })] });
    expect(shiftOn(p, 'a', '2026-06-01')).toBe('M');
    expect(shiftOn(p, 'a', '2026-06-02')).toBeNull();
    expect(p.perWorker[0]!.changedDays).toBe(0);
  });
});

describe('model and parts', () => {
  it('writes the model as CPLEX LP text with one binary per open worker, day and shift', () => {
    const model = buildRosterModel({ zone: ZONE, from: '2026-06-01', to: '2026-06-02', holidays, shifts: [MORNING], demand: [{ date: '2026-06-01', shiftId: 'M', required: 1 }], workers: [worker('a', { unavailableDates: ['2026-06-02'] })] });
    expect(model.lp).toMatch(/^Minimize\n obj: /);
    expect(model.lp).toContain('Generals');
    const assigns = [...model.variables.values()].filter((v) => v.kind === 'assign');
    expect(assigns).toEqual([{ kind: 'assign', worker: 0, day: 0, shift: 0 }]);
    expect(model.variables.get('u0')).toEqual({ kind: 'short', band: 0 });
  });

  it('splits workers into independent parts by the shifts they may take and the demand those cover', () => {
    const a: RosterShift = { ...MORNING, id: 'A' };
    const b: RosterShift = { ...MORNING, id: 'B' };
    const c: RosterShift = { ...NIGHT, id: 'C' };
    const parts = partitionRoster({
      zone: ZONE,
      from: '2026-06-01',
      to: '2026-06-07',
      holidays,
      shifts: [a, b, c],
      demand: [
        { date: '2026-06-01', start: '09:00', end: '10:00', required: 1, shiftIds: ['A'] },
        { date: '2026-06-01', start: '23:00', end: '00:00', required: 1 },
        { date: '2026-06-01', start: '03:00', end: '04:00', required: 1, shiftIds: ['A'] },
      ],
      workers: [worker('1', { allowedShiftIds: ['A'] }), worker('2', { allowedShiftIds: ['B'] }), worker('3', { allowedShiftIds: ['C'] }), worker('4', { allowedShiftIds: ['A', 'B'] })],
    });
    expect(parts.map((p) => p.workers.map((w) => w.id))).toEqual([['1', '2', '4'], ['3'], []]);
    expect(parts[0]!.shifts.map((s) => s.id).sort()).toEqual(['A', 'B']);
    expect(parts[1]!.demand).toHaveLength(1);
    // The 03:00 band no allowed shift covers forms a part without workers.
    expect(parts[2]!.workers).toEqual([]);
    expect(parts[2]!.demand).toHaveLength(1);
  });

  it('out of time before HiGHS accepts a roster, keeps the lawful greedy start instead of returning none', () => {
    const from = '2026-06-01';
    const demand = Array.from({ length: 28 }, (_, i) => [
      { date: addDays(from, i), shiftId: 'M', required: 12 },
      { date: addDays(from, i), shiftId: 'N', required: 6 },
    ]).flat();
    const workers = Array.from({ length: 40 }, (_, i) => worker(`w${i}`, { agreedWeeklyHours: i % 5 === 0 ? 30 : 42 }));
    const p = solve({ zone: ZONE, from, to: addDays(from, 27), holidays, shifts: [MORNING, NIGHT], demand, workers, options: { timeLimitSeconds: 0.001 } });
    expect(p.status).toBe('feasible');
    expect(p.assignments.filter((a) => a.shiftId !== null).length).toBeGreaterThan(600);
    // Without HiGHS's bound there is no proven gap to report; with it, the gap is a number.
    if (p.gap !== null) expect(p.gap).toBeGreaterThanOrEqual(0);
  });

  it('reports the status and a proven gap; a tiny time limit never claims optimality', () => {
    const input: RosterInput = { zone: ZONE, from: '2026-06-01', to: '2026-06-14', holidays, shifts: [MORNING, NIGHT], demand: [...everyDay('2026-06-01', 14, 'M', 2), ...everyDay('2026-06-01', 14, 'N', 1)], workers: ['a', 'b', 'c', 'd'].map((id) => worker(id)) };
    const full = solve({ ...input, options: { mipRelGap: 0 } });
    expect(full.status).toBe('optimal');
    expect(full.gap).toBeLessThanOrEqual(1e-6);
    const rushed = solveRoster({ ...input, options: { timeLimitSeconds: 0.001 } }, highs);
    expect(['feasible', 'optimal']).toContain(rushed.status);
    if (rushed.status === 'optimal') expect(rushed.gap).toBeLessThanOrEqual(1e-6);
    // Out of time before HiGHS accepted a roster, a part keeps its lawful greedy start, with no proven gap.
    expect(rushed.assignments.some((a) => a.shiftId !== null)).toBe(true);
  });
});

describe('each worker under their own regime', () => {
  // Commerce's December extension (art. 24): Tuesday 15 December 2026 declared with 2 hours.
  const LONG: RosterShift = { id: 'L', name: 'Larga', template: { start: '10:00', end: '22:30', break: { minutes: 30 } } };
  const december = { zone: ZONE, from: '2026-12-14', to: '2026-12-20', holidays, shifts: [MORNING, LONG] };
  // The long day ends at 22:30: the next morning is closed by the 12 hours of rest.
  const demand: RosterInput['demand'] = [{ date: '2026-12-15', shiftId: 'L', required: 1 }, ...everyDay('2026-12-17', 3, 'M', 1)];

  it('plans 10 hours plus the extension on a declared December day, and not on the others (art. 24)', () => {
    const declared = solve({ ...december, demand, workers: [worker('a', { commerce: true, decemberExtensions: { '2026-12-15': 2 * 3600 } })] });
    expect(shiftOn(declared, 'a', '2026-12-15')).toBe('L');
    // The 12-hour day's extension does not count against the week: 10 + 3 × 8 hours fit the 40 agreed.
    expect(['2026-12-17', '2026-12-18', '2026-12-19'].map((d) => shiftOn(declared, 'a', d))).toEqual(['M', 'M', 'M']);
    const undeclared = solve({ ...december, demand, workers: [worker('a', { commerce: true })] });
    expect(shiftOn(undeclared, 'a', '2026-12-15')).toBeNull();
    expect(undeclared.shortfalls.find((f) => f.date === '2026-12-15')?.reason).toContain('límite diario');
  });

  // Averaged distribution (art. 22 bis): cycles of two weeks from Monday 1 June 2026 (legal limit 42 h).
  const NINE: RosterShift = { id: 'H', name: 'Nueve', template: { start: '08:00', end: '17:30', break: { minutes: 30 } } };
  const SIX: RosterShift = { id: 'S', name: 'Seis', template: { start: '08:00', end: '14:30', break: { minutes: 30 } } };
  const cycle = { zone: ZONE, from: '2026-06-01', to: '2026-06-14', holidays, shifts: [NINE, SIX], demand: everyDay('2026-06-01', 5, 'H', 1) };

  it('under an averaged pact a week may reach 45 hours when its cycle stays within the average', () => {
    const pact = solve({ ...cycle, workers: [worker('a', { averagedDistribution: { cycleWeeks: 2, from: '2026-06-01', to: null } })] });
    expect(['2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'].map((d) => shiftOn(pact, 'a', d))).toEqual(['H', 'H', 'H', 'H', 'H']);
    const perWeek = (p: ReturnType<typeof solve>, from: string) =>
      p.assignments.filter((a) => a.shiftId !== null && a.date >= from && a.date <= addDays(from, 6)).reduce((sum, a) => sum + (a.shiftId === 'H' ? 9 : 6), 0);
    expect(perWeek(pact, '2026-06-01')).toBe(45);
    expect(perWeek(pact, '2026-06-01') + perWeek(pact, '2026-06-08')).toBeLessThanOrEqual(80);
    // Week by week, the same worker stops at 40 hours: one day of the demand is left.
    const weekly = solve({ ...cycle, workers: [worker('a')] });
    expect(weekly.shortfalls).toHaveLength(1);
  });

  it('the lawful greedy start, kept when time runs out, honours the pact and the December days too', () => {
    for (const from of ['2026-06-01', '2026-11-30']) {
      const demand = Array.from({ length: 28 }, (_, i) => [
        { date: addDays(from, i), shiftId: 'H', required: 3 },
        { date: addDays(from, i), shiftId: 'L', required: 1 },
      ]).flat();
      const workers = Array.from({ length: 5 }, (_, i) =>
        worker(`w${i}`, {
          commerce: true,
          decemberExtensions: { '2026-12-15': 7200, '2026-12-16': 7200 },
          ...(i % 2 === 0 ? { averagedDistribution: { cycleWeeks: 2 + (i % 3), from: '2026-01-05', to: null } } : {}),
        }),
      );
      // `solve` has the domain judge the proposal under each worker's regime.
      solve({ zone: ZONE, from, to: addDays(from, 27), holidays, shifts: [NINE, { id: 'L', name: 'Larga', template: { start: '10:00', end: '22:30', break: { minutes: 30 } } }], demand, workers, options: { timeLimitSeconds: 0.001 } });
    }
  });

  it('never plans a third week in a row over the legal limit inside a cycle', () => {
    const from = '2026-06-01';
    const p = solve({
      zone: ZONE,
      from,
      to: addDays(from, 27),
      holidays,
      shifts: [NINE, SIX],
      demand: everyDay(from, 28, 'H', 1),
      workers: [worker('a', { agreedWeeklyHours: 42, averagedDistribution: { cycleWeeks: 4, from, to: null } })],
    });
    const hours = [0, 1, 2, 3].map((k) =>
      p.assignments.filter((a) => a.shiftId !== null && a.date >= addDays(from, 7 * k) && a.date <= addDays(from, 7 * k + 6)).reduce((sum, a) => sum + (a.shiftId === 'H' ? 9 : 6), 0),
    );
    const over = hours.map((h) => h > 42);
    expect(over.some((o, k) => o && over[k + 1] && over[k + 2])).toBe(false);
    expect(hours.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4 * 42);
  });
});

describe('the domain finds no alert in any proposal', () => {
  it('random small instances', () => {
    const shiftPool = [
      MORNING,
      NIGHT,
      { id: 'T', name: 'Tarde', template: { start: '14:00', end: '22:30', break: { minutes: 30 } } },
      NO_BREAK,
      // 12 hours: only on a declared December extension day (art. 24).
      { id: 'L', name: 'Larga', template: { start: '10:00', end: '22:30', break: { minutes: 30 } } },
      { id: 'H', name: 'Nueve', template: { start: '08:00', end: '17:30', break: { minutes: 30 } } },
    ];
    // The December days a commerce company declared (read only for commerce workers).
    const extensions = { '2026-12-15': 7200, '2026-12-16': 3600, '2026-12-22': 7200 };
    fc.assert(
      fc.property(
        fc.record({
          start: fc.constantFrom('2026-04-20', '2026-09-14', '2026-12-14', '2026-06-03'),
          days: fc.integer({ min: 3, max: 14 }),
          shifts: fc.subarray(shiftPool, { minLength: 1 }),
          workers: fc.array(
            fc.record({
              agreed: fc.constantFrom(20, 30, 40, 42),
              commerce: fc.boolean(),
              art38: fc.boolean(),
              cycle: fc.option(fc.constantFrom([4, 3], [5, 2], [3, 3]), { nil: undefined }),
              // An averaged distribution pact (art. 22 bis) in cycles of 2 to 4 weeks from a Monday before the period.
              averaged: fc.option(fc.constantFrom(2, 3, 4), { nil: undefined }),
              leave: fc.option(fc.integer({ min: 0, max: 13 }), { nil: undefined }),
              fixedOff: fc.option(fc.integer({ min: 0, max: 13 }), { nil: undefined }),
            }),
            { minLength: 1, maxLength: 4 },
          ),
          required: fc.integer({ min: 0, max: 3 }),
        }),
        ({ start, days, shifts, workers, required }) => {
          const input: RosterInput = {
            zone: ZONE,
            from: start,
            to: addDays(start, days - 1),
            holidays,
            shifts,
            demand: Array.from({ length: days }, (_, i) => ({ date: addDays(start, i), start: '10:00', end: '12:00', required })),
            workers: workers.map((w, i) =>
              worker(`w${i}`, {
                agreedWeeklyHours: w.agreed,
                commerce: w.commerce,
                ...(w.commerce ? { decemberExtensions: extensions } : {}),
                ...(w.averaged ? { averagedDistribution: { cycleWeeks: w.averaged, from: '2026-01-05', to: null } } : {}),
                ...(w.art38 ? { sundayRest: { contractFrom: '2024-01-01', contractTo: null } } : {}),
                ...(w.cycle ? { exceptionalSchedule: { resolution: 'R-1', dailyOrdinaryHours: 10, cycle: { workDays: w.cycle[0]!, restDays: w.cycle[1]! } } } : {}),
                ...(w.leave !== undefined ? { unavailableDates: [addDays(start, w.leave)] } : {}),
                ...(w.fixedOff !== undefined ? { fixed: [{ date: addDays(start, w.fixedOff), shiftId: null }] } : {}),
              }),
            ),
            options: { timeLimitSeconds: 10 },
          };
          const proposal = solve(input);
          expect(proposal.status).not.toBe('infeasible');
        },
      ),
      { numRuns: 40, seed: 2026 },
    );
  });
});
