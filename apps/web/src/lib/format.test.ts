import { describe, expect, it } from 'vitest';
import { formatClp, formatInteger, plural, timeOnDevice, todayOnDevice } from './format';

describe('number formats without Intl', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.000'],
    [12345, '12.345'],
    [1234567, '1.234.567'],
    [-4500, '-4.500'],
    [2.6, '3'],
  ])('formatInteger(%s) = %s', (value, expected) => {
    expect(formatInteger(value)).toBe(expected);
    if (Number.isInteger(value)) expect(formatInteger(value)).toBe(value.toLocaleString('es-CL', { useGrouping: 'always' } as Intl.NumberFormatOptions));
  });

  it('pesos and plurals read the same as before', () => {
    expect(formatClp(1234567)).toBe('$ 1.234.567');
    expect(formatClp(-1500.4)).toBe('-$ 1.500');
    expect(formatClp(null)).toBe('');
    expect(plural(1, 'persona')).toBe('1 persona');
    expect(plural(12000, 'persona')).toBe('12.000 personas');
  });
});

describe('the device clock', () => {
  it('gives today and a time as the device reads them', () => {
    const at = new Date(2026, 0, 5, 7, 3, 59);
    expect(todayOnDevice(at)).toBe('2026-01-05');
    expect(timeOnDevice(at)).toBe('07:03');
  });
});
