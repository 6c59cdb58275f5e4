import { describe, expect, it } from 'vitest';
import { compareMarks, formatDurationEs, formatSignedHms, isEvaluableMark, type Mark } from './marks';

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
});
