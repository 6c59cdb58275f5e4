import { describe, expect, it } from 'vitest';
import { CHILEAN_REGIONS, chileanHolidays, holidayLookup, isHoliday, ONE_OFF_HOLIDAYS, regionFullName } from './holidays';
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

  it('2024 and 2025 match the official calendars, election days included', () => {
    expect(dates(2024)).toEqual([
      '01-01', '03-29', '03-30', '05-01', '05-21', '06-09', '06-20', '06-29', '07-16', '08-15',
      '09-18', '09-19', '09-20', '10-12', '10-27', '10-31', '11-01', '12-08', '12-25',
    ]);
    // The runoff of regional governors (24 Nov 2024) was held, and was a holiday, in 11 regions only.
    expect(dates(2024, { region: 'RM' })).toContain('11-24');
    expect(dates(2024, { region: 'MA' })).not.toContain('11-24');
    expect(dates(2025)).toEqual([
      '01-01', '04-18', '04-19', '05-01', '05-21', '06-20', '06-29', '06-29', '07-16', '08-15',
      '09-18', '09-19', '10-12', '10-31', '11-01', '11-16', '12-08', '12-14', '12-25',
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

describe('Chilean holidays: election days and one-off laws', () => {
  const on = (date: string, options = {}) => chileanHolidays(Number(date.slice(0, 4)), options).filter((h) => h.date === date && h.law !== undefined && h.name !== 'San Pedro y San Pablo');

  it.each([
    ['2016-06-19', 'Elecciones primarias municipales', false],
    ['2016-10-23', 'Elecciones municipales', false],
    ['2017-04-19', 'Censo de población y vivienda', true],
    ['2017-07-02', 'Elecciones primarias presidenciales y parlamentarias', false],
    ['2017-11-19', 'Elecciones presidenciales, parlamentarias y de consejeros regionales', false],
    ['2017-12-17', 'Segunda vuelta presidencial', false],
    ['2020-10-25', 'Plebiscito nacional', false],
    ['2021-05-15', 'Elecciones de convencionales constituyentes, gobernadores regionales, alcaldes y concejales', true],
    ['2021-05-16', 'Elecciones de convencionales constituyentes, gobernadores regionales, alcaldes y concejales', true],
    ['2021-07-18', 'Elecciones primarias presidenciales', false],
    ['2021-11-21', 'Elecciones presidenciales, parlamentarias y de consejeros regionales', false],
    ['2021-12-19', 'Segunda vuelta presidencial', false],
    ['2022-09-04', 'Plebiscito constitucional', false],
    ['2022-09-16', 'Fiestas Patrias (feriado adicional de 2022)', false],
    ['2023-05-07', 'Elección de consejeros constitucionales', false],
    ['2023-12-17', 'Plebiscito constitucional', false],
    ['2024-06-09', 'Elecciones primarias de alcaldes y gobernadores regionales', false],
    ['2024-10-27', 'Elecciones municipales y regionales', false],
    ['2025-06-29', 'Elecciones primarias presidenciales', false],
    ['2025-11-16', 'Elecciones presidenciales y parlamentarias', false],
    ['2025-12-14', 'Segunda vuelta presidencial', false],
  ] as const)('%s is a national holiday: %s (irrenunciable for all commerce: %s), with its law', (date, name, irrenunciable) => {
    const [holiday, ...more] = on(date);
    expect(more).toEqual([]);
    expect(holiday).toMatchObject({ date, name, scope: 'nacional', irrenunciable });
    expect(holiday!.law).toMatch(/^Ley /);
    expect(isHoliday(date)).toBe(true);
  });

  it('the Saturday of the two-day 2024 elections was a working day (Ley 21.693); both 2021 days were holidays', () => {
    expect(isHoliday('2024-10-26')).toBe(false);
    expect(isHoliday('2021-05-15')).toBe(true);
  });

  it.each([
    ['2021-06-13', ['AP', 'TA', 'AN', 'AT', 'CO', 'RM', 'LI', 'ML', 'NB', 'BI', 'AR', 'LR', 'LL'], ['VS', 'AI', 'MA']],
    ['2024-11-24', ['AP', 'AN', 'AT', 'CO', 'VS', 'RM', 'LI', 'ML', 'BI', 'AR', 'LL'], ['TA', 'NB', 'LR', 'AI', 'MA']],
  ] as const)('the runoff of regional governors on %s is a holiday only in the regions that voted', (date, voted, elected) => {
    for (const region of voted) expect(on(date, { region })).toHaveLength(1);
    for (const region of elected) expect(on(date, { region })).toEqual([]);
    expect(on(date)).toEqual([]); // a site without a region: not assumed
    expect(on(date, { allRegions: true })[0]).toMatchObject({ scope: 'regional', regions: voted });
    expect(voted.length + elected.length).toBe(16);
  });

  it('lists each one-off day once, in date order, on a date that exists', () => {
    const dates = ONE_OFF_HOLIDAYS.map((h) => h.date);
    expect(new Set(dates).size).toBe(dates.length);
    expect([...dates].sort()).toEqual(dates);
    for (const date of dates) expect(isValidLocalDate(date)).toBe(true);
  });

  it('merges a one-off day with a rule of the same date in the lookup (29 June 2025: San Pedro y San Pablo and the primaries)', () => {
    expect(holidayLookup()('2025-06-29')).toMatchObject({ name: 'San Pedro y San Pablo / Elecciones primarias presidenciales', irrenunciable: false });
  });

  it('adds nothing before 2016 nor in 2018, 2019 and 2026', () => {
    for (const year of [2015, 2018, 2019, 2026]) {
      expect(chileanHolidays(year).filter((h) => ONE_OFF_HOLIDAYS.some((o) => o.date === h.date && o.name === h.name))).toEqual([]);
    }
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

  it('adds company days such as a future election day, in their year only', () => {
    const extra = [
      { date: '2026-11-22', name: 'Aniversario de la empresa', irrenunciable: false },
      { date: '2026-12-24', name: 'Nochebuena', irrenunciable: true },
    ];
    const y2026 = chileanHolidays(2026, { extra });
    expect(y2026.find((h) => h.date === '2026-12-24')).toMatchObject({ scope: 'empresa', irrenunciable: true, name: 'Nochebuena' });
    expect(y2026).toHaveLength(18);
    expect(chileanHolidays(2027, { extra })).toHaveLength(17);
    expect(() => chileanHolidays(2026, { extra: [{ date: '2026-02-30', name: 'x' }] })).toThrow(RangeError);
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
    const oneOff = new Set(ONE_OFF_HOLIDAYS.map((h) => h.date));
    for (let year = 2000; year <= 2100; year++) {
      // The one-off days of a law come on top of the rules (2021 had five election days); a primary on 29 June 2025 shares its date.
      const list = chileanHolidays(year).filter((h) => !oneOff.has(h.date) || h.name === 'San Pedro y San Pablo');
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
