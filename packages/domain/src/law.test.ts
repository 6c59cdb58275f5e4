import { describe, expect, it } from 'vitest';
import {
  allowedDaysPerWeek,
  dayValue,
  ordinaryHourValue,
  overtimeFactor,
  overtimeHourValue,
  roundPesos,
  weeklyHoursLimit,
  weeklyLimitSeconds,
} from './law';

describe('weekly hours limit by date (Ley 21.561)', () => {
  it.each([
    ['2000-01-01', 45],
    ['2024-04-25', 45],
    ['2024-04-26', 44],
    ['2026-04-25', 44],
    ['2026-04-26', 42],
    ['2026-04-27', 42],
    ['2028-04-25', 42],
    ['2028-04-26', 40],
    ['2090-01-01', 40],
  ])('on %s the limit is %i hours', (date, hours) => {
    expect(weeklyHoursLimit(date)).toBe(hours);
    expect(weeklyLimitSeconds(date)).toBe(hours * 3600);
  });

  it('spreads the week over 5 or 6 days, 4 only with 40 hours or fewer', () => {
    expect(allowedDaysPerWeek(44)).toEqual({ min: 5, max: 6 });
    expect(allowedDaysPerWeek(42)).toEqual({ min: 5, max: 6 });
    expect(allowedDaysPerWeek(40)).toEqual({ min: 4, max: 6 });
  });
});

describe('overtime and hour values (chile.md vectors)', () => {
  it.each([
    [45, 0.0077777, 4667],
    [44, 0.0079545, 4773],
    [42, 0.0083333, 5000],
    [40, 0.00875, 5250],
  ])('%i hours: factor %f, overtime hour on 600,000 is %i pesos', (hours, factor, value) => {
    // chile.md writes the factors truncated to 7 decimals.
    expect(overtimeFactor(hours)).toBeCloseTo(factor, 6);
    expect(roundPesos(overtimeHourValue(600_000, hours))).toBe(value);
  });

  it('the factor is the legal formula salary / 30 * 28 / (4H) * 1.5', () => {
    for (const h of [20, 30, 40, 42, 44, 45]) expect(overtimeHourValue(1_000_000, h)).toBeCloseTo((1_000_000 / 30) * 28 / (4 * h) * 1.5, 9);
  });

  it('ordinary hour is the overtime value without the surcharge (42h, 600,000 -> 3,333)', () => {
    expect(roundPesos(ordinaryHourValue(600_000, 42))).toBe(3333);
    expect(ordinaryHourValue(600_000, 42)).toBeCloseTo(3333.3333, 3);
  });

  it('a day is salary / 30, rounded only at the money output', () => {
    expect(dayValue(600_000)).toBe(20_000);
    expect(dayValue(500_000)).toBeCloseTo(16_666.667, 3);
    expect(roundPesos(dayValue(500_000))).toBe(16_667);
    expect(roundPesos(2.5)).toBe(3);
    expect(roundPesos(-2.5)).toBe(-3);
    expect(Object.is(roundPesos(-0.2), 0)).toBe(true);
  });

  it('refuses impossible weekly hours', () => {
    expect(() => overtimeFactor(0)).toThrow(RangeError);
    expect(() => overtimeHourValue(600_000, Number.NaN)).toThrow(RangeError);
  });
});
