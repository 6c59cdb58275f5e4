import { describe, expect, it } from 'vitest';
import {
  allowedDaysPerWeek,
  dayValue,
  isPartTime,
  legalWeeklyHours,
  ordinaryHourValue,
  overtimeFactor,
  overtimeHourValue,
  partTimeMaxWeeklyHours,
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

describe('art. 40 bis: part time is at most two-thirds of the legal weekly limit in force', () => {
  it.each([
    ['2024-04-25', 30],
    ['2024-04-26', 29 + 1 / 3],
    ['2026-04-26', 28],
    ['2028-04-26', 26 + 2 / 3],
  ])('on %s part time is at most %f hours', (date, hours) => {
    expect(partTimeMaxWeeklyHours(date)).toBeCloseTo(hours, 9);
  });

  it('moves with Ley 21.561: 30 hours were part time under 45, are not under 42; 28 are', () => {
    expect(isPartTime(30, '2024-01-15')).toBe(true);
    expect(isPartTime(30, '2026-07-01')).toBe(false);
    expect(isPartTime(28, '2026-07-01')).toBe(true);
    expect(isPartTime(29 + 20 / 60, '2025-01-01')).toBe(true); // 29 h 20 min under 44 h
    expect(isPartTime(29 + 21 / 60, '2025-01-01')).toBe(false);
    expect(isPartTime(27, '2028-05-01')).toBe(false);
  });
});

describe('Ley 21.561: agreed weekly hours above the legal limit in force count as the limit', () => {
  it('44 agreed hours count as 42 from 2026-04-26 and as 40 from 2028-04-26; lower agreements stand', () => {
    expect(legalWeeklyHours(44, '2026-04-25')).toBe(44);
    expect(legalWeeklyHours(44, '2026-04-26')).toBe(42);
    expect(legalWeeklyHours(44, '2028-04-26')).toBe(40);
    expect(legalWeeklyHours(30, '2028-04-26')).toBe(30);
  });
});
