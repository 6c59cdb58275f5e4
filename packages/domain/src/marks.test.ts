import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareMarks, formatDurationEs, formatSignedHms, isEvaluableMark, sortMarks, type Mark, type MarkKind } from './marks';

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
