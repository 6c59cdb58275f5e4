import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  civilFromDays,
  daysFromCivil,
  diffDays,
  eachDate,
  fromDayNumber,
  isValidLocalDate,
  isoWeekday,
  periodBounds,
  toDayNumber,
  weekStart,
} from './local-date';

describe('local dates', () => {
  it('validates real calendar dates only', () => {
    expect(isValidLocalDate('2024-02-29')).toBe(true);
    expect(isValidLocalDate('2026-02-29')).toBe(false);
    expect(isValidLocalDate('2100-02-29')).toBe(false);
    expect(isValidLocalDate('2000-02-29')).toBe(true);
    expect(isValidLocalDate('2026-13-01')).toBe(false);
    expect(isValidLocalDate('2026-1-01')).toBe(false);
    expect(isValidLocalDate(20260101)).toBe(false);
  });

  it('counts days from 1970-01-01 like Date.UTC does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 200_000 }), (n) => {
        const { year, month, day } = civilFromDays(n);
        expect(daysFromCivil(year, month, day)).toBe(n);
        if (year >= 1000 && year <= 9999) expect(Date.UTC(year, month - 1, day) / 86_400_000).toBe(n);
      }),
    );
  });

  it('adds days across months, leap days and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(diffDays('2026-04-01', '2026-05-01')).toBe(30);
    expect(fromDayNumber(toDayNumber('2026-09-06'))).toBe('2026-09-06');
  });

  it('uses ISO weekdays and Monday-started weeks', () => {
    expect(isoWeekday('2026-04-27')).toBe(1);
    expect(isoWeekday('2026-04-26')).toBe(7);
    expect(isoWeekday('2026-04-04')).toBe(6);
    expect(weekStart('2026-04-26')).toBe('2026-04-20');
    expect(weekStart('2026-04-27')).toBe('2026-04-27');
  });

  it('lists the dates of a range and the bounds of a payroll period', () => {
    expect(eachDate('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDate('2026-03-02', '2026-03-01')).toEqual([]);
    expect(periodBounds('202602')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodBounds('202402')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(() => periodBounds('202613')).toThrow(RangeError);
  });

  it('rejects malformed dates instead of guessing', () => {
    expect(() => toDayNumber('2026-02-30')).toThrow(RangeError);
    expect(() => toDayNumber('2026/02/03')).toThrow(RangeError);
    expect(() => toDayNumber('2026-0a-03')).toThrow(RangeError);
  });
});
