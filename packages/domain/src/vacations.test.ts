import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualVacationDays,
  farSouthVacation,
  legalVacation,
  progressiveVacation,
  progressiveVacationDays,
  vacationReferenceDate,
  wholeYearsBetween,
} from './vacations';

describe('art. 67 inc. 2: twenty business days in Magallanes, Aysén and the province of Palena', () => {
  it.each([
    { region: 'MA', commune: 'Punta Arenas', days: 20, place: 'la región de Magallanes' },
    { region: 'MA', commune: null, days: 20, place: 'la región de Magallanes' },
    { region: 'AI', commune: 'Coyhaique', days: 20, place: 'la región de Aysén' },
    { region: 'LL', commune: 'Chaitén', days: 20, place: 'la provincia de Palena (comuna de Chaitén)' },
    { region: 'LL', commune: 'FUTALEUFU', days: 20, place: 'la provincia de Palena (comuna de Futaleufú)' },
    { region: 'LL', commune: ' hualaihué ', days: 20, place: 'la provincia de Palena (comuna de Hualaihué)' },
    { region: 'LL', commune: 'Palena', days: 20, place: 'la provincia de Palena (comuna de Palena)' },
    // The rest of Los Lagos is not the province of Palena.
    { region: 'LL', commune: 'Puerto Montt', days: 15, place: null },
    { region: 'LL', commune: null, days: 15, place: null },
    { region: 'RM', commune: 'Las Condes', days: 15, place: null },
    // A commune named like Palena's in another region does not count: the region decides first.
    { region: 'RM', commune: 'Palena', days: 15, place: null },
    // A worker without a site, or a site without a region.
    { region: null, commune: null, days: 15, place: null },
    { region: undefined, commune: 'Chaitén', days: 15, place: null },
  ])('$region $commune: $days days', ({ region, commune, days, place }) => {
    expect(annualVacationDays({ region, commune })).toBe(days);
    expect(farSouthVacation({ region, commune })?.place ?? null).toBe(place);
  });

  it('the law sets a minimum: a company figure above 20 stands in the far south too', () => {
    expect(annualVacationDays({ region: 'MA' }, 15)).toBe(20);
    expect(annualVacationDays({ region: 'MA' }, 22)).toBe(22);
    expect(annualVacationDays({ region: 'RM' }, 17)).toBe(17);
  });
});

describe('whole years of work', () => {
  it('a year completes on its anniversary, not the day before', () => {
    expect(wholeYearsBetween('2013-03-01', '2026-02-28')).toBe(12);
    expect(wholeYearsBetween('2013-03-01', '2026-03-01')).toBe(13);
    expect(wholeYearsBetween('2026-03-01', '2026-02-01')).toBe(0); // before the contract starts
    expect(wholeYearsBetween('2020-02-29', '2021-02-28')).toBe(0);
    expect(wholeYearsBetween('2020-02-29', '2021-03-01')).toBe(1);
    expect(wholeYearsBetween('2020-02-29', '2024-02-29')).toBe(4);
    expect(() => wholeYearsBetween('2020-02-30', '2024-02-29')).toThrow(RangeError);
  });
});

describe('art. 68: one more day for each three new years past ten; only ten years with previous employers count', () => {
  // Years with this employer are whole years since the contract's start on the date.
  const on = '2026-06-30';
  const startedYearsAgo = (n: number) => `${2026 - n}-01-15`;
  it.each([
    { previous: 10, current: 3, days: 1 },
    { previous: 15, current: 2, days: 0 }, // only 10 of the 15 count: 12 years
    { previous: 15, current: 3, days: 1 },
    { previous: 0, current: 13, days: 1 },
    { previous: 0, current: 12, days: 0 },
    { previous: 5, current: 8, days: 1 },
    { previous: 10, current: 9, days: 3 },
    { previous: 10, current: 0, days: 0 }, // ten years alone give nothing: the day comes with three new ones
    { previous: 0, current: 0, days: 0 },
    { previous: 60, current: 30, days: 10 },
  ])('$previous previous + $current with the employer = $days', ({ previous, current, days }) => {
    expect(progressiveVacationDays(previous, startedYearsAgo(current), on)).toBe(days);
  });

  it('the day before the anniversary that completes thirteen years gives nothing; the anniversary gives the day', () => {
    expect(progressiveVacationDays(10, '2023-03-01', '2026-02-28')).toBe(0);
    expect(progressiveVacationDays(10, '2023-03-01', '2026-03-01')).toBe(1);
    expect(progressiveVacationDays(0, '2013-03-01', '2026-02-28')).toBe(0);
    expect(progressiveVacationDays(0, '2013-03-01', '2026-03-01')).toBe(1);
  });

  it('says what the figure rests on', () => {
    expect(progressiveVacation({ previousYears: 15, contractStart: '2022-01-01', on: '2026-12-31' })).toEqual({
      previousYears: 15,
      countedPreviousYears: 10,
      yearsWithEmployer: 4,
      days: 1,
    });
    expect(() => progressiveVacation({ previousYears: -1, contractStart: '2022-01-01', on: '2026-12-31' })).toThrow(RangeError);
    expect(() => progressiveVacation({ previousYears: 2.5, contractStart: '2022-01-01', on: '2026-12-31' })).toThrow(RangeError);
  });

  it('never decreases as time goes by, and grows by at most one day a year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 }), (previous, years) => {
        const start = '1980-05-20';
        const a = progressiveVacationDays(previous, start, `${1980 + years}-05-20`);
        const b = progressiveVacationDays(previous, start, `${1981 + years}-05-20`);
        expect(b - a).toBeGreaterThanOrEqual(0);
        expect(b - a).toBeLessThanOrEqual(1);
        // Previous years beyond ten change nothing.
        if (previous >= 10) expect(a).toBe(progressiveVacationDays(10, start, `${1980 + years}-05-20`));
      }),
    );
  });
});

describe('the legal vacation of a calendar year', () => {
  it('counts the years on the last day of the year, or of the contract if it ends before', () => {
    expect(vacationReferenceDate(2026, null)).toBe('2026-12-31');
    expect(vacationReferenceDate(2026, '2026-07-31')).toBe('2026-07-31');
    expect(vacationReferenceDate(2026, '2027-03-31')).toBe('2026-12-31');
  });

  it('adds the far south and the progressive days, and says why in Spanish', () => {
    const magallanes = legalVacation({ place: { region: 'MA', commune: 'Punta Arenas' }, previousYears: 10, contractStart: '2022-03-01', year: 2026 });
    expect(magallanes).toMatchObject({ baseDays: 20, totalDays: 21, progressive: { yearsWithEmployer: 4, days: 1 } });
    expect(magallanes.basis).toEqual(['20 días por trabajar en la región de Magallanes (art. 67 inc. 2)', '10 años reconocidos y 4 con la empresa: 1 día progresivo (art. 68)']);

    const santiago = legalVacation({ place: { region: 'RM' }, previousYears: 0, contractStart: '2022-03-01', year: 2026 });
    expect(santiago).toMatchObject({ baseDays: 15, totalDays: 15, basis: [] });

    const longServing = legalVacation({ place: { region: null }, previousYears: 0, contractStart: '2012-08-01', year: 2026 });
    expect(longServing).toMatchObject({ totalDays: 16, basis: ['14 años con la empresa: 1 día progresivo (art. 68)'] });

    const capped = legalVacation({ place: { region: 'RM' }, previousYears: 15, contractStart: '2024-03-01', year: 2026 });
    expect(capped.basis).toEqual(['10 años reconocidos (de 15: solo cuentan 10) y 2 con la empresa: 0 días progresivos (art. 68)']);

    const one = legalVacation({ place: { region: 'RM' }, previousYears: 1, contractStart: '2025-03-01', year: 2026 });
    expect(one.basis).toEqual(['1 año reconocido y 1 con la empresa: 0 días progresivos (art. 68)']);

    // The thirteenth year completes in July 2026: the day counts for the whole of 2026, not for 2025.
    const july = { place: { region: 'RM' }, previousYears: 10, contractStart: '2023-07-15' };
    expect(legalVacation({ ...july, year: 2025 }).totalDays).toBe(15);
    expect(legalVacation({ ...july, year: 2026 }).totalDays).toBe(16);
    // A contract that ends in June 2026 never reaches it.
    expect(legalVacation({ ...july, contractEnd: '2026-06-30', year: 2026 }).totalDays).toBe(15);
  });
});
