/**
 * Properties of the period evaluation (fast-check): any marks in any order never break it, each mark
 * goes to one day, and days and weeks add up, also across DST changes and a week split between two
 * periods. The tests by legal rule (tables, and art. 30's own property) are in period-evaluation.test.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays, eachDate } from './calendar/local-date';
import { evaluatePeriod, type PlanEntry } from './period-evaluation';
import type { Mark, MarkKind } from './marks';
import type { ShiftTemplate } from './shift-instance';
import { localToInstant, parseClockTime } from './time-zone';

const S = 'America/Santiago';
/** A plan with the shift on every date from `from` to `to`. */
function plan(from: string, to: string, shift: ShiftTemplate): Record<string, PlanEntry> {
  const out: Record<string, PlanEntry> = {};
  for (const d of eachDate(from, to)) out[d] = { kind: 'turno', shift };
  return out;
}

describe('period evaluation properties', () => {
  const from = '2026-04-01';
  const to = '2026-04-14';
  // Night shifts every day across Holy Week and the end of summer time (the 2026-04-04 shift lasts 10 real hours).
  const p = plan('2026-03-31', '2026-04-15', { start: '22:00', end: '07:00', break: { start: '02:00', end: '03:00' }, lateToleranceMinutes: 5 });
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

describe('DST weeks with colación (properties)', () => {
  // Shifts with a fixed colación window, every day of the weeks around the 2026 and 2027 changes.
  const templates: ShiftTemplate[] = [
    { id: 'noche', start: '20:00', end: '04:00', break: { start: '23:30', end: '00:30' }, lateToleranceMinutes: 5 },
    { id: 'madrugada', start: '22:00', end: '07:00', break: { start: '00:00', end: '00:45' } },
    { id: 'dia', start: '08:00', end: '17:00', break: { start: '13:00', end: '14:00' } },
    { id: 'minutos', start: '21:00', end: '06:00', break: { minutes: 45 } },
  ];
  const weeks = [
    { from: '2026-03-30', to: '2026-04-12' }, // summer time ends on the night of Saturday 04-04
    { from: '2026-08-31', to: '2026-09-13' }, // summer time starts on the night of Saturday 09-05
    { from: '2027-08-30', to: '2027-09-12' },
  ];
  const daySpec = fc.record({
    works: fc.boolean(),
    entrada: fc.integer({ min: -90, max: 90 }),
    salida: fc.integer({ min: -90, max: 120 }),
    breakMarked: fc.boolean(),
    breakShift: fc.integer({ min: -20, max: 20 }),
  });

  function scenario(template: ShiftTemplate, week: { from: string; to: string }, specs: { works: boolean; entrada: number; salida: number; breakMarked: boolean; breakShift: number }[], zone: string) {
    const p = plan(addDays(week.from, -1), addDays(week.to, 1), template);
    const marks: Mark[] = [];
    eachDate(week.from, week.to).forEach((date, i) => {
      const s = specs[i]!;
      if (!s.works) return;
      const start = localToInstant(zone, date, parseClockTime(template.start)!);
      const endClock = parseClockTime(template.end)!;
      const end = localToInstant(zone, date, endClock <= parseClockTime(template.start)! ? endClock + 86_400 : endClock);
      const entrada = start + s.entrada * 60_000;
      const salida = end + s.salida * 60_000;
      marks.push({ id: `${date}a`, kind: 'entrada', at: entrada });
      if (s.breakMarked) {
        const middle = start + (end - start) / 2 + s.breakShift * 60_000;
        if (middle > entrada && middle + 1_800_000 < salida) {
          marks.push({ id: `${date}b`, kind: 'inicio_colacion', at: middle }, { id: `${date}c`, kind: 'fin_colacion', at: middle + 1_800_000 });
        }
      }
      marks.push({ id: `${date}d`, kind: 'salida', at: salida });
    });
    return { plan: p, marks };
  }

  it('days and weeks add up: planned = ordinary + missing (+ justified), worked = ordinary + overtime; compensation never invents time', () => {
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.constantFrom(...weeks), fc.array(daySpec, { minLength: 14, maxLength: 14 }), fc.constantFrom(S, 'Pacific/Easter'), (template, week, specs, zone) => {
        const { plan: p, marks } = scenario(template, week, specs, zone);
        const r = evaluatePeriod({ from: week.from, to: week.to, zone, plan: p, marks, options: { worksOnHolidays: true } });
        for (const d of r.days) {
          expect(d.ordinarySeconds + d.missingSeconds + d.justifiedSeconds).toBe(d.plannedSeconds);
          expect(d.ordinarySeconds + d.overtimeSeconds).toBe(d.workedSeconds);
          expect(d.breakSeconds).toBeGreaterThanOrEqual(0);
          if (d.shift && d.status === 'presente') {
            // An unmarked colación is at most its written length, whatever the DST change.
            const written = template.break && 'minutes' in template.break ? template.break.minutes * 60 : d.shift.breakSeconds;
            if (!d.marks.some((a) => a.mark.kind === 'inicio_colacion')) expect(d.breakSeconds).toBeLessThanOrEqual(written);
          }
        }
        for (const w of r.weeks) {
          expect(w.compensatedSeconds).toBeLessThanOrEqual(Math.min(w.missingSeconds, w.overtimeSeconds));
          expect(w.shortfallSeconds + w.compensatedSeconds).toBe(w.missingSeconds);
          // Every day of these weeks is planned (56 h and more): the ordinary time over the legal 42 h is overtime too (art. 30).
          expect(w.netOvertimeSeconds + w.compensatedSeconds).toBeCloseTo(w.overtimeSeconds + w.overtimeOverAgreedSeconds, 6);
          expect(w.lateAfterCompensationSeconds + w.earlyLeaveAfterCompensationSeconds).toBeLessThanOrEqual(w.shortfallSeconds);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('a week split between two periods is settled once: the two periods add up to the whole', () => {
    fc.assert(
      fc.property(fc.constantFrom(...templates), fc.constantFrom(...weeks), fc.array(daySpec, { minLength: 14, maxLength: 14 }), fc.integer({ min: 0, max: 12 }), (template, week, specs, cut) => {
        const { plan: p, marks } = scenario(template, week, specs, S);
        const split = addDays(week.from, cut);
        const whole = evaluatePeriod({ from: week.from, to: week.to, plan: p, marks }).totals;
        const a = evaluatePeriod({ from: week.from, to: split, plan: p, marks }).totals;
        const b = evaluatePeriod({ from: addDays(split, 1), to: week.to, plan: p, marks }).totals;
        for (const key of ['shortfallSeconds', 'compensatedSeconds', 'netOvertimeSeconds', 'lateAfterCompensationSeconds', 'earlyLeaveAfterCompensationSeconds', 'pendingSeconds', 'workedSeconds', 'lateSeconds'] as const) {
          expect(a[key] + b[key]).toBeCloseTo(whole[key], 6);
        }
      }),
      { numRuns: 150 },
    );
  });
});
