import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareMarks, formatDurationEs, formatSignedHms, isEvaluableMark, markOrderConflict, sortMarks, type Mark, type MarkKind } from './marks';

describe('marks', () => {
  it('orders by time, then kind in day order, then id', () => {
    const list: Mark[] = [
      { id: 'b', kind: 'salida', at: 10 },
      { id: 'a', kind: 'salida', at: 10 },
      { id: 'z', kind: 'entrada', at: 10 },
      { id: 'y', kind: 'entrada', at: 5 },
    ];
    expect([...list].sort(compareMarks).map((m) => m.id)).toEqual(['y', 'z', 'a', 'b']);
  });

  it('recognises evaluable marks', () => {
    expect(isEvaluableMark({ id: '1', kind: 'fin_colacion', at: 0 })).toBe(true);
    expect(isEvaluableMark({ id: '1', kind: 'pausa', at: 0 })).toBe(false);
    expect(isEvaluableMark({ id: '1', kind: 'entrada', at: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isEvaluableMark({ id: 1, kind: 'entrada', at: 0 })).toBe(false);
    expect(isEvaluableMark(null)).toBe(false);
  });

  it('writes durations for Spanish explanations', () => {
    expect(formatDurationEs(45)).toBe('45 s');
    expect(formatDurationEs(720)).toBe('12 min');
    expect(formatDurationEs(750)).toBe('12 min 30 s');
    expect(formatDurationEs(2 * 3600 + 300)).toBe('2 h 05 min');
  });

  it('writes the weekly balance as ±hh:mm:ss (legal report b)', () => {
    expect(formatSignedHms(-2400)).toBe('-00:40:00');
    expect(formatSignedHms(45 * 3600 + 61)).toBe('+45:01:01');
    expect(formatSignedHms(0)).toBe('+00:00:00');
  });

  it('sortMarks gives the canonical order of compareMarks, for any marks (ties, fractions, huge spans)', () => {
    const mark = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      kind: fc.constantFrom<MarkKind>('entrada', 'salida', 'inicio_colacion', 'fin_colacion'),
      at: fc.oneof(fc.integer({ min: 1_780_000_000_000, max: 1_780_000_000_100 }), fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.double({ min: 0, max: 10, noNaN: true })),
    });
    fc.assert(
      fc.property(fc.array(mark, { maxLength: 40 }), (marks) => {
        const input = marks.map((m, i) => ({ ...m, id: `${m.id}${i % 3}` }));
        const sorted = sortMarks(input);
        expect(sorted).toEqual([...input].sort(compareMarks));
        expect(sorted).not.toBe(input);
      }),
      { numRuns: 300 },
    );
  });
});

describe('markOrderConflict: a proposed mark keeps the workday in order', () => {
  const H = 3600_000;
  const at = (h: number, m = 0) => Date.UTC(2026, 10, 26, h, m);
  const mark = (kind: MarkKind, time: number) => ({ kind, at: time });
  it.each([
    // Entry 15:03, colación 18:08–18:41, no exit: an exit at 18:00 would come before the colación.
    ['exit before the colación', mark('entrada', at(15, 3)), 'salida', at(18), mark('inicio_colacion', at(18, 8)), { side: 'before', kind: 'inicio_colacion' }],
    ['exit after the colación', mark('fin_colacion', at(18, 41)), 'salida', at(19), null, null],
    ['missing exit between two workdays', mark('entrada', at(8)), 'salida', at(17), mark('entrada', at(8) + 24 * H), null],
    ['entry after the colación began', mark('inicio_colacion', at(13)), 'entrada', at(13, 30), mark('fin_colacion', at(14)), { side: 'after', kind: 'inicio_colacion' }],
    ['entry before the first mark', null, 'entrada', at(7, 55), mark('inicio_colacion', at(13)), null],
    ['colación before the entry', null, 'inicio_colacion', at(7), mark('entrada', at(8)), { side: 'before', kind: 'entrada' }],
    ['colación after the exit', mark('salida', at(17)), 'inicio_colacion', at(17, 30), null, { side: 'after', kind: 'salida' }],
    ['colación end between its start and the exit', mark('inicio_colacion', at(13)), 'fin_colacion', at(14), mark('salida', at(17)), null],
    ['an exit with no entry that day is missing an entry, not out of order', null, 'salida', at(17), null, null],
    ['an exit before the day’s first mark', null, 'salida', at(8), mark('entrada', at(9)), { side: 'before', kind: 'entrada' }],
    ['a mark 17 hours away is another workday', mark('inicio_colacion', at(0)), 'entrada', at(17), null, null],
  ] as const)('%s', (_name, previous, kind, when, next, expected) => {
    const conflict = markOrderConflict(previous, kind, when, next);
    expect(conflict === null ? null : { side: conflict.side, kind: conflict.mark.kind }).toEqual(expected);
  });
});
