import { describe, expect, it } from 'vitest';
import { easterSunday, juneSolsticeDateChile, juneSolsticeInstant } from './astronomy';

describe('Easter', () => {
  it.each([
    [2000, '2000-04-23'],
    [2008, '2008-03-23'],
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2100, '2100-03-28'],
  ])('Easter Sunday %i is %s', (year, date) => expect(easterSunday(year)).toBe(date));
});

describe('June solstice', () => {
  // Published instants (UTC) of the June solstice; the computation must be within 3 minutes.
  it.each([
    [2019, '2019-06-21T15:54Z'],
    [2020, '2020-06-20T21:43Z'],
    [2021, '2021-06-21T03:32Z'],
    [2022, '2022-06-21T09:13Z'],
    [2023, '2023-06-21T14:57Z'],
    [2024, '2024-06-20T20:51Z'],
    [2025, '2025-06-21T02:42Z'],
    [2026, '2026-06-21T08:24Z'],
  ])('%i is at %s', (year, iso) => {
    expect(Math.abs(juneSolsticeInstant(year) - Date.parse(iso))).toBeLessThan(3 * 60_000);
  });

  it('gives the Chilean (UTC-4) date, which differs from the UTC date when the solstice is early in the UTC day', () => {
    expect(juneSolsticeDateChile(2025)).toBe('2025-06-20');
    expect(juneSolsticeDateChile(2024)).toBe('2024-06-20');
    expect(juneSolsticeDateChile(2026)).toBe('2026-06-21');
    expect(juneSolsticeDateChile(2029)).toBe('2029-06-20');
  });
});
