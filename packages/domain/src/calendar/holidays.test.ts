import { describe, expect, it } from 'vitest';
import { CHILEAN_REGIONS, chileanHolidays, holidayLookup, isHoliday, regionFullName } from './holidays';
import { isValidLocalDate } from './local-date';

const dates = (year: number, options = {}) => chileanHolidays(year, options).map((h) => h.date.slice(5));

describe('Chilean holidays: the chile.md lists', () => {
  it('2026 has exactly the 16 listed days', () => {
    expect(dates(2026)).toEqual([
      '01-01', '04-03', '04-04', '05-01', '05-21', '06-21', '06-29', '07-16', '08-15',
      '09-18', '09-19', '10-12', '10-31', '11-01', '12-08', '12-25',
    ]);
  });

  it('2027 has exactly the 17 listed days', () => {
    expect(dates(2027)).toEqual([
      '01-01', '03-26', '03-27', '05-01', '05-21', '06-21', '06-28', '07-16', '08-15',
      '09-17', '09-18', '09-19', '10-11', '10-31', '11-01', '12-08', '12-25',
    ]);
  });

  it('2024 and 2025 match the official calendars (without their election days)', () => {
    expect(dates(2024)).toEqual([
      '01-01', '03-29', '03-30', '05-01', '05-21', '06-20', '06-29', '07-16', '08-15',
      '09-18', '09-19', '09-20', '10-12', '10-31', '11-01', '12-08', '12-25',
    ]);
    expect(dates(2025)).toEqual([
      '01-01', '04-18', '04-19', '05-01', '05-21', '06-20', '06-29', '07-16', '08-15',
      '09-18', '09-19', '10-12', '10-31', '11-01', '12-08', '12-25',
    ]);
  });
});

describe('Chilean holidays: moving and conditional rules', () => {
  const has = (date: string) => isHoliday(date);

  it.each([
    ['2022-06-27', '2022-06-29', 'Wednesday -> that Monday'],
    ['2023-06-26', '2023-06-29', 'Thursday -> that Monday'],
    ['2027-06-28', '2027-06-29', 'Tuesday -> that Monday'],
    ['2018-07-02', '2018-06-29', 'Friday -> next Monday'],
    ['2021-10-11', '2021-10-12', 'Tuesday -> that Monday'],
    ['2023-10-09', '2023-10-12', 'Thursday -> that Monday'],
    ['2018-10-15', '2018-10-12', 'Friday -> next Monday'],
    ['2029-10-15', '2029-10-12', 'Friday -> next Monday'],
    ['2032-06-28', '2032-06-29', 'Tuesday -> that Monday'],
  ])('San Pedro y San Pablo / Encuentro de Dos Mundos: %s replaces %s (%s)', (moved, original) => {
    expect(has(moved)).toBe(true);
    expect(has(original)).toBe(false);
  });

  it('29 Jun and 12 Oct stay on Monday, Saturday and Sunday', () => {
    expect(has('2026-06-29')).toBe(true); // Monday
    expect(has('2024-06-29')).toBe(true); // Saturday
    expect(has('2025-06-29')).toBe(true); // Sunday
    expect(has('2024-10-12')).toBe(true); // Saturday
    expect(has('2025-10-12')).toBe(true); // Sunday
  });

  it('31 Oct moves to the previous Friday on Tuesday and to that Friday on Wednesday', () => {
    expect(has('2023-10-27')).toBe(true);
    expect(has('2023-10-31')).toBe(false);
    expect(has('2018-11-02')).toBe(true);
    expect(has('2018-10-31')).toBe(false);
    expect(has('2028-10-27')).toBe(true); // 2028-10-31 is a Tuesday
    expect(has('2029-11-02')).toBe(true); // 2029-10-31 is a Wednesday
    expect(has('2024-10-31')).toBe(true); // Thursday stays
    expect(has('2007-10-31')).toBe(false); // Ley 20.299 starts in 2008
  });

  it('Pueblos Indígenas is the solstice day (20 or 21 June) since 2021, 21 June in 2021 by the transitory article', () => {
    const day = (y: number) => chileanHolidays(y).find((h) => h.name === 'Día Nacional de los Pueblos Indígenas')?.date;
    expect(day(2020)).toBeUndefined();
    expect(day(2021)).toBe('2021-06-21');
    expect(day(2022)).toBe('2022-06-21');
    expect(day(2023)).toBe('2023-06-21');
    expect(day(2024)).toBe('2024-06-20');
    expect(day(2025)).toBe('2025-06-20');
    expect(day(2026)).toBe('2026-06-21');
    expect(day(2028)).toBe('2028-06-20');
  });

  it('17 Sep on Monday (since 2007) or Friday (since 2017); 20 Sep on Friday', () => {
    expect(has('2012-09-17')).toBe(true); // Monday
    expect(has('2018-09-17')).toBe(true); // Monday
    expect(has('2021-09-17')).toBe(true); // Friday
    expect(has('2027-09-17')).toBe(true); // Friday
    expect(has('2010-09-17')).toBe(false); // Friday before Ley 20.983: the Bicentenario was a one-off law (an extra day)
    expect(has('2026-09-17')).toBe(false); // Thursday
    expect(has('2013-09-20')).toBe(true); // Friday
    expect(has('2019-09-20')).toBe(true); // Friday
    expect(has('2024-09-20')).toBe(true); // Friday
    expect(has('2025-09-20')).toBe(false); // Saturday
    expect(has('2001-09-17')).toBe(false); // Monday, before Ley 20.215
  });

  it('2 Jan is a holiday when it is a Monday, since 2017', () => {
    expect(has('2017-01-02')).toBe(true);
    expect(has('2023-01-02')).toBe(true);
    expect(has('2034-01-02')).toBe(true);
    expect(has('2012-01-02')).toBe(false);
    expect(has('2026-01-02')).toBe(false);
  });

  it('Holy Friday and Holy Saturday are holidays; Easter Sunday is not', () => {
    expect(has('2019-04-19')).toBe(true);
    expect(has('2019-04-20')).toBe(true);
    expect(has('2019-04-21')).toBe(false);
    expect(has('2038-04-23')).toBe(true);
    expect(has('2038-04-24')).toBe(true);
  });

  it('Virgen del Carmen starts in 2007', () => {
    expect(has('2006-07-16')).toBe(false);
    expect(has('2007-07-16')).toBe(true);
  });

  it('flags exactly the five irrenunciable days', () => {
    expect(chileanHolidays(2026).filter((h) => h.irrenunciable).map((h) => h.date)).toEqual([
      '2026-01-01', '2026-05-01', '2026-09-18', '2026-09-19', '2026-12-25',
    ]);
  });
});

describe('Chilean holidays: regional and company days', () => {
  it('7 June only for Arica y Parinacota', () => {
    expect(dates(2026)).not.toContain('06-07');
    const arica = chileanHolidays(2026, { region: 'AP' }).find((h) => h.date === '2026-06-07');
    expect(arica).toMatchObject({ scope: 'regional', region: 'AP', irrenunciable: false });
    expect(chileanHolidays(2012, { region: 'AP' }).some((h) => h.date === '2012-06-07')).toBe(false);
  });

  it('20 August only for Chillán and Chillán Viejo (commune compared without accents)', () => {
    expect(dates(2026, { region: 'NB' })).not.toContain('08-20');
    expect(dates(2026, { region: 'NB', commune: 'chillan viejo' })).toContain('08-20');
    expect(dates(2026, { region: 'NB', commune: 'Chillán' })).toContain('08-20');
    expect(dates(2026, { region: 'NB', commune: 'San Carlos' })).not.toContain('08-20');
    expect(dates(2026, { region: 'RM', commune: 'Chillán' })).not.toContain('08-20');
  });

  it('lists every regional day tagged with its region for the calendar screen', () => {
    const regional = chileanHolidays(2026, { allRegions: true }).filter((h) => h.scope === 'regional');
    expect(regional.map((h) => [h.date, h.region])).toEqual([
      ['2026-06-07', 'AP'],
      ['2026-08-20', 'NB'],
    ]);
  });

  it('adds company days such as election days, in their year only', () => {
    const extra = [
      { date: '2025-11-16', name: 'Elecciones presidenciales y parlamentarias', irrenunciable: true },
      { date: '2025-12-14', name: 'Segunda vuelta presidencial', irrenunciable: true },
    ];
    const y2025 = chileanHolidays(2025, { extra });
    expect(y2025.find((h) => h.date === '2025-11-16')).toMatchObject({ scope: 'empresa', irrenunciable: true });
    expect(y2025).toHaveLength(18);
    expect(chileanHolidays(2026, { extra })).toHaveLength(16);
    expect(() => chileanHolidays(2025, { extra: [{ date: '2025-02-30', name: 'x' }] })).toThrow(RangeError);
  });

  it('merges two holidays on one date in the lookup', () => {
    const lookup = holidayLookup({ extra: [{ date: '2026-09-18', name: 'Elección', irrenunciable: false }] });
    expect(lookup('2026-09-18')).toMatchObject({ name: 'Independencia Nacional / Elección', irrenunciable: true });
    expect(lookup('2026-09-17')).toBeUndefined();
    expect(lookup('1999-01-01')).toBeUndefined();
  });
});

describe('Chilean holidays: every year 2000..2100', () => {
  it('gives 13 (before 2007) or 15 to 19 sorted, valid, distinct dates inside the year and refuses years outside', () => {
    for (let year = 2000; year <= 2100; year++) {
      const list = chileanHolidays(year);
      expect(list.length).toBeGreaterThanOrEqual(year < 2007 ? 13 : 15);
      expect(list.length).toBeLessThanOrEqual(19);
      const ds = list.map((h) => h.date);
      expect(new Set(ds).size).toBe(ds.length);
      expect([...ds].sort()).toEqual(ds);
      for (const d of ds) {
        expect(isValidLocalDate(d)).toBe(true);
        expect(d.startsWith(String(year))).toBe(true);
      }
    }
    expect(() => chileanHolidays(1999)).toThrow(RangeError);
    expect(() => chileanHolidays(2101)).toThrow(RangeError);
  });

  it('never puts a moved 29 Jun / 12 Oct on a day other than Monday, Saturday or Sunday', () => {
    for (let year = 2000; year <= 2100; year++) {
      for (const h of chileanHolidays(year)) {
        if (h.name === 'San Pedro y San Pablo' || h.name === 'Encuentro de Dos Mundos') {
          expect([0, 1, 6]).toContain(new Date(`${h.date}T12:00Z`).getUTCDay());
        }
      }
    }
  });
});

describe('regionFullName: the official names a full address prints', () => {
  it.each([
    ['RM', 'Región Metropolitana de Santiago'],
    ['VS', 'Región de Valparaíso'],
    ['BI', 'Región del Biobío'],
    ['ML', 'Región del Maule'],
    ['LI', "Región del Libertador General Bernardo O'Higgins"],
    ['AR', 'Región de La Araucanía'],
    ['NB', 'Región de Ñuble'],
    ['MA', 'Región de Magallanes y de la Antártica Chilena'],
  ] as const)('%s → %s', (code, name) => {
    expect(regionFullName(code)).toBe(name);
  });

  it('names all sixteen regions', () => {
    const names = Object.keys(CHILEAN_REGIONS).map((code) => regionFullName(code as keyof typeof CHILEAN_REGIONS));
    expect(new Set(names).size).toBe(16);
    for (const name of names) expect(name).toMatch(/^Región (de |del )?[A-ZÑ]/);
  });
});
