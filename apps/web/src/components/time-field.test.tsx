import { describe, expect, it } from 'vitest';
import { normalizeTypedTime } from './time-field';

describe('normalizeTypedTime: 24-hour times whatever is typed', () => {
  it.each([
    ['9', false, '09:00'],
    ['1830', false, '18:30'],
    ['18.30', false, '18:30'],
    ['18:30', false, '18:30'],
    ['7:05:09', true, '07:05:09'],
    ['18:00', true, '18:00:00'],
    ['0', false, '00:00'],
    ['24:00', false, '24:00'],
    ['18:60', false, '18:60'],
    ['6 PM', false, '6 PM'],
    ['', false, ''],
  ])('«%s» (seconds: %s) → «%s»', (typed, withSeconds, expected) => {
    expect(normalizeTypedTime(typed, withSeconds)).toBe(expected);
  });
});
