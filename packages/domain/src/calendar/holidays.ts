/**
 * Chilean public holidays (feriados) by our own rules, 2000..2100. The date-holidays package is
 * wrong for Chile (no Sábado Santo, stale moving rules), so every rule lives here with the law and
 * the year it started. One-off days already fixed by law (election and primary days since 2016, the
 * 2017 census, 16 September 2022) are the `ONE_OFF_HOLIDAYS` table; a company's own days (a future
 * election not yet here, a day of its own) come in as `extra` days.
 */
import { easterSunday, juneSolsticeDateChile } from './astronomy';
import { addDays, formatLocalDate, isValidLocalDate, isoWeekday, toDayNumber, type LocalDate } from './local-date';

/** First and last year the calendar rules are defined for. */
const HOLIDAY_YEARS = { from: 2000, to: 2100 } as const;

/** Chilean regions by their ISO 3166-2:CL code, for regional holidays. */
export const CHILEAN_REGIONS = {
  AP: 'Arica y Parinacota',
  TA: 'Tarapacá',
  AN: 'Antofagasta',
  AT: 'Atacama',
  CO: 'Coquimbo',
  VS: 'Valparaíso',
  RM: 'Metropolitana de Santiago',
  LI: "Libertador General Bernardo O'Higgins",
  ML: 'Maule',
  NB: 'Ñuble',
  BI: 'Biobío',
  AR: 'La Araucanía',
  LR: 'Los Ríos',
  LL: 'Los Lagos',
  AI: 'Aysén del General Carlos Ibáñez del Campo',
  MA: 'Magallanes y de la Antártica Chilena',
} as const;

/** The article of each region's official name ("Región del Maule", "Región Metropolitana de Santiago"). */
const REGION_ARTICLE: Partial<Record<keyof typeof CHILEAN_REGIONS, string>> = { RM: '', LI: 'del ', ML: 'del ', BI: 'del ' };

export function isRegionCode(code: string | null | undefined): code is keyof typeof CHILEAN_REGIONS {
  return typeof code === 'string' && Object.hasOwn(CHILEAN_REGIONS, code);
}

/** The official name of a region, as a full address prints it: "Región de Valparaíso", "Región del Biobío". */
export function regionFullName(code: keyof typeof CHILEAN_REGIONS): string {
  return `Región ${REGION_ARTICLE[code] ?? 'de '}${CHILEAN_REGIONS[code]}`;
}

/** ISO 3166-2:CL region code without the `CL-` prefix. */
export type RegionCode = keyof typeof CHILEAN_REGIONS;

/** Where a holiday applies: the whole country, a region (or some of its communes), or one company. */
export type HolidayScope = 'nacional' | 'regional' | 'empresa';

/** A public holiday on a local date. */
export interface Holiday {
  date: LocalDate;
  name: string;
  scope: HolidayScope;
  /** Commerce workers may not be asked to work it (Ley 19.973 and others). */
  irrenunciable: boolean;
  /** Region of a regional holiday. */
  region?: RegionCode;
  /** The regions of a holiday of several regions (a runoff of regional governors held only where needed). */
  regions?: readonly RegionCode[];
  /** Communes of the region it applies to; absent means the whole region. */
  communes?: readonly string[];
  /** Legal basis, shown next to the name in the calendar screen. */
  law?: string;
}

/** A day a company adds to the calendar (election days, one-off laws), optionally only for a region. */
interface ExtraHoliday {
  date: LocalDate;
  name: string;
  irrenunciable?: boolean;
  region?: RegionCode;
  communes?: readonly string[];
  law?: string;
}

/** Which holidays to include besides the national ones. */
interface HolidayOptions {
  /** Include the regional holidays of this region (those limited to communes need `commune` too). */
  region?: RegionCode;
  /** Commune of the site, compared without accents or case. */
  commune?: string;
  /** Include every regional holiday of the country, tagged with its region (for the calendar screen). */
  allRegions?: boolean;
  /** Company-added days such as election days. */
  extra?: readonly ExtraHoliday[];
}

interface Rule {
  name: string;
  /** Only where the specific law is the rule's source; older fixed holidays carry none. */
  law?: string;
  since: number;
  irrenunciable?: boolean;
  region?: RegionCode;
  communes?: readonly string[];
  /** The date in that year, or null when the rule does not apply that year. */
  date: (year: number) => LocalDate | null;
}

const fixed = (month: number, day: number) => (year: number) => formatLocalDate(year, month, day);

/** 29 Jun and 12 Oct: Tue/Wed/Thu move back to that week's Monday, Friday to the next Monday. */
function movedToMonday(year: number, month: number, day: number): LocalDate {
  const date = formatLocalDate(year, month, day);
  const weekday = isoWeekday(date);
  if (weekday >= 2 && weekday <= 4) return addDays(date, 1 - weekday);
  if (weekday === 5) return addDays(date, 3);
  return date;
}

const RULES: readonly Rule[] = [
  { name: 'Año Nuevo', since: 2000, irrenunciable: true, date: fixed(1, 1) },
  {
    name: 'Feriado adicional de Año Nuevo',
    law: 'Ley 20.983',
    since: 2017,
    date: (y) => (isoWeekday(formatLocalDate(y, 1, 2)) === 1 ? formatLocalDate(y, 1, 2) : null),
  },
  { name: 'Viernes Santo', since: 2000, date: (y) => addDays(easterSunday(y), -2) },
  { name: 'Sábado Santo', since: 2000, date: (y) => addDays(easterSunday(y), -1) },
  { name: 'Día Nacional del Trabajo', since: 2000, irrenunciable: true, date: fixed(5, 1) },
  { name: 'Día de las Glorias Navales', since: 2000, date: fixed(5, 21) },
  {
    name: 'Día Nacional de los Pueblos Indígenas',
    law: 'Ley 21.357',
    since: 2021,
    // The law's transitory article fixed 21 June for 2021; from 2022 it is the solstice day.
    date: (y) => (y === 2021 ? '2021-06-21' : juneSolsticeDateChile(y)),
  },
  { name: 'San Pedro y San Pablo', law: 'Ley 19.668', since: 2000, date: (y) => movedToMonday(y, 6, 29) },
  { name: 'Día de la Virgen del Carmen', law: 'Ley 20.148', since: 2007, date: fixed(7, 16) },
  { name: 'Asunción de la Virgen', since: 2000, date: fixed(8, 15) },
  {
    name: 'Fiestas Patrias (feriado adicional)',
    law: 'Ley 20.215 y Ley 20.983',
    since: 2007,
    date: (y) => {
      const weekday = isoWeekday(formatLocalDate(y, 9, 17));
      // Monday since 2007 (Ley 20.215); Friday, with 18-19 on the weekend, since 2017 (Ley 20.983).
      if (weekday === 1 || (weekday === 5 && y >= 2017)) return formatLocalDate(y, 9, 17);
      return null;
    },
  },
  { name: 'Independencia Nacional', since: 2000, irrenunciable: true, date: fixed(9, 18) },
  { name: 'Día de las Glorias del Ejército', since: 2000, irrenunciable: true, date: fixed(9, 19) },
  {
    name: 'Fiestas Patrias (feriado adicional)',
    law: 'Ley 20.215',
    since: 2007,
    date: (y) => (isoWeekday(formatLocalDate(y, 9, 20)) === 5 ? formatLocalDate(y, 9, 20) : null),
  },
  { name: 'Encuentro de Dos Mundos', law: 'Ley 19.668', since: 2000, date: (y) => movedToMonday(y, 10, 12) },
  {
    name: 'Día de las Iglesias Evangélicas y Protestantes',
    law: 'Ley 20.299',
    since: 2008,
    date: (y) => {
      const date = formatLocalDate(y, 10, 31);
      const weekday = isoWeekday(date);
      if (weekday === 2) return addDays(date, -4); // Tuesday -> the Friday before
      if (weekday === 3) return addDays(date, 2); // Wednesday -> that week's Friday
      return date;
    },
  },
  { name: 'Día de Todos los Santos', since: 2000, date: fixed(11, 1) },
  { name: 'Inmaculada Concepción', since: 2000, date: fixed(12, 8) },
  { name: 'Navidad', since: 2000, irrenunciable: true, date: fixed(12, 25) },
  {
    name: 'Asalto y Toma del Morro de Arica',
    law: 'Ley 20.663',
    since: 2013,
    region: 'AP',
    date: fixed(6, 7),
  },
  {
    name: 'Nacimiento del Prócer de la Independencia',
    law: 'Ley 20.768',
    since: 2014,
    region: 'NB',
    communes: ['Chillán', 'Chillán Viejo'],
    date: fixed(8, 20),
  },
];

/** A holiday of one date that a law (or the electoral calendar a law fixes) declared once. */
interface OneOffHoliday {
  date: LocalDate;
  name: string;
  law: string;
  /** Only where a law made the day irrenunciable for every commerce worker (see below). */
  irrenunciable: boolean;
  /** Only these regions (a runoff of regional governors is held only where no one won outright). */
  regions?: readonly RegionCode[];
}

/*
 * The day of an election, plebiscite or primary is a legal holiday (Ley 18.700, art. 180 of its text
 * fixed by DFL 2 of 2017; primaries: Ley 20.640). It is «obligatorio e irrenunciable» only for the
 * commerce workers of malls and shopping centres under one administration (art. 2 Ley 19.973, as the
 * Dirección del Trabajo reads it, e.g. ORD. 2816/76 of 2017), not for commerce as a whole: `irrenunciable`
 * (the five days of chile.md, which a commerce worker may never be asked to work) stays false for them.
 * The exceptions are laws that closed all commerce: the 2017 census day («reforzado») and the two days
 * of the May 2021 elections. docs/domain.md, «Calendario», says where each date was checked.
 */
const ELECTION = 'Ley 18.700';
const PRIMARY = 'Ley 20.640 y Ley 18.700';
/** Regions with a runoff of regional governors (all but those where one won in the first round). */
const RUNOFF_2021: readonly RegionCode[] = ['AP', 'TA', 'AN', 'AT', 'CO', 'RM', 'LI', 'ML', 'NB', 'BI', 'AR', 'LR', 'LL'];
const RUNOFF_2024: readonly RegionCode[] = ['AP', 'AN', 'AT', 'CO', 'VS', 'RM', 'LI', 'ML', 'BI', 'AR', 'LL'];

export const ONE_OFF_HOLIDAYS: readonly OneOffHoliday[] = [
  { date: '2016-06-19', name: 'Elecciones primarias municipales', law: PRIMARY, irrenunciable: false },
  { date: '2016-10-23', name: 'Elecciones municipales', law: ELECTION, irrenunciable: false },
  { date: '2017-04-19', name: 'Censo de población y vivienda', law: 'Ley especial del Censo 2017 (feriado irrenunciable reforzado)', irrenunciable: true },
  { date: '2017-07-02', name: 'Elecciones primarias presidenciales y parlamentarias', law: PRIMARY, irrenunciable: false },
  { date: '2017-11-19', name: 'Elecciones presidenciales, parlamentarias y de consejeros regionales', law: ELECTION, irrenunciable: false },
  { date: '2017-12-17', name: 'Segunda vuelta presidencial', law: ELECTION, irrenunciable: false },
  { date: '2020-10-25', name: 'Plebiscito nacional', law: 'Ley 21.200, Ley 21.221 y Ley 18.700', irrenunciable: false },
  { date: '2021-05-15', name: 'Elecciones de convencionales constituyentes, gobernadores regionales, alcaldes y concejales', law: 'Ley 21.324 y Ley 18.700', irrenunciable: true },
  { date: '2021-05-16', name: 'Elecciones de convencionales constituyentes, gobernadores regionales, alcaldes y concejales', law: 'Ley 21.324 y Ley 18.700', irrenunciable: true },
  { date: '2021-06-13', name: 'Segunda vuelta de gobernadores regionales', law: ELECTION, irrenunciable: false, regions: RUNOFF_2021 },
  { date: '2021-07-18', name: 'Elecciones primarias presidenciales', law: PRIMARY, irrenunciable: false },
  { date: '2021-11-21', name: 'Elecciones presidenciales, parlamentarias y de consejeros regionales', law: ELECTION, irrenunciable: false },
  { date: '2021-12-19', name: 'Segunda vuelta presidencial', law: ELECTION, irrenunciable: false },
  { date: '2022-09-04', name: 'Plebiscito constitucional', law: 'Ley 21.200 y Ley 18.700', irrenunciable: false },
  { date: '2022-09-16', name: 'Fiestas Patrias (feriado adicional de 2022)', law: 'Ley especial de 2022 (solo ese año)', irrenunciable: false },
  { date: '2023-05-07', name: 'Elección de consejeros constitucionales', law: 'Ley 21.533 y Ley 18.700', irrenunciable: false },
  { date: '2023-12-17', name: 'Plebiscito constitucional', law: 'Ley 21.533 y Ley 18.700', irrenunciable: false },
  { date: '2024-06-09', name: 'Elecciones primarias de alcaldes y gobernadores regionales', law: PRIMARY, irrenunciable: false },
  // Two voting days (Ley 21.693), but only the Sunday is a holiday: the Saturday was a working day.
  { date: '2024-10-27', name: 'Elecciones municipales y regionales', law: 'Ley 21.693 y Ley 18.700', irrenunciable: false },
  { date: '2024-11-24', name: 'Segunda vuelta de gobernadores regionales', law: ELECTION, irrenunciable: false, regions: RUNOFF_2024 },
  { date: '2025-06-29', name: 'Elecciones primarias presidenciales', law: PRIMARY, irrenunciable: false },
  { date: '2025-11-16', name: 'Elecciones presidenciales y parlamentarias', law: ELECTION, irrenunciable: false },
  { date: '2025-12-14', name: 'Segunda vuelta presidencial', law: ELECTION, irrenunciable: false },
];

const ONE_OFF_BY_YEAR = new Map<number, OneOffHoliday[]>();
for (const day of ONE_OFF_HOLIDAYS) {
  const year = Number(day.date.slice(0, 4));
  ONE_OFF_BY_YEAR.set(year, [...(ONE_OFF_BY_YEAR.get(year) ?? []), day]);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
}

function appliesTo(holiday: { region?: RegionCode; regions?: readonly RegionCode[]; communes?: readonly string[] }, options: HolidayOptions): boolean {
  if (holiday.regions) return Boolean(options.allRegions) || (options.region !== undefined && holiday.regions.includes(options.region));
  if (!holiday.region) return true;
  if (options.allRegions) return true;
  if (options.region !== holiday.region) return false;
  if (!holiday.communes) return true;
  const commune = options.commune === undefined ? undefined : fold(options.commune);
  return commune !== undefined && holiday.communes.some((c) => fold(c) === commune);
}

/** Chilean holidays of one year (national, plus the regional and company days the options ask for), sorted by date. */
export function chileanHolidays(year: number, options: HolidayOptions = {}): Holiday[] {
  if (!Number.isInteger(year) || year < HOLIDAY_YEARS.from || year > HOLIDAY_YEARS.to) {
    throw new RangeError(`Año fuera del calendario de feriados (${HOLIDAY_YEARS.from}-${HOLIDAY_YEARS.to}): ${year}`);
  }
  const out: Holiday[] = [];
  for (const rule of RULES) {
    if (year < rule.since || !appliesTo(rule, options)) continue;
    const date = rule.date(year);
    if (date === null) continue;
    const holiday: Holiday = {
      date,
      name: rule.name,
      scope: rule.region ? 'regional' : 'nacional',
      irrenunciable: rule.irrenunciable ?? false,
    };
    if (rule.law) holiday.law = rule.law;
    if (rule.region) holiday.region = rule.region;
    if (rule.communes) holiday.communes = rule.communes;
    out.push(holiday);
  }
  for (const day of ONE_OFF_BY_YEAR.get(year) ?? []) {
    if (!appliesTo(day, options)) continue;
    const holiday: Holiday = { date: day.date, name: day.name, scope: day.regions ? 'regional' : 'nacional', irrenunciable: day.irrenunciable, law: day.law };
    if (day.regions) holiday.regions = day.regions;
    out.push(holiday);
  }
  for (const extra of options.extra ?? []) {
    if (!isValidLocalDate(extra.date)) throw new RangeError(`Fecha inválida de feriado adicional: ${extra.date}`);
    if (Number(extra.date.slice(0, 4)) !== year || !appliesTo(extra, options)) continue;
    const holiday: Holiday = { date: extra.date, name: extra.name, scope: 'empresa', irrenunciable: extra.irrenunciable ?? false };
    if (extra.region) holiday.region = extra.region;
    if (extra.communes) holiday.communes = extra.communes;
    if (extra.law) holiday.law = extra.law;
    out.push(holiday);
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Looks a local date up in a holiday calendar; returns undefined on working days. */
export type HolidayLookup = (date: LocalDate) => Holiday | undefined;

/**
 * A memoised lookup by date over any year of the calendar, for the evaluation's hot loop. When two
 * holidays share a date they merge into one (names joined, irrenunciable if either is). Dates outside
 * 2000..2100 have no holidays rather than throwing, so an evaluation never fails on a stray date.
 */
export function holidayLookup(options: HolidayOptions = {}): HolidayLookup {
  const byYear = new Map<number, Map<LocalDate, Holiday>>();
  // The year last looked up: an evaluation asks about consecutive dates of one or two years.
  let lastYear = -1;
  let lastDays: Map<LocalDate, Holiday> | undefined;
  return (date) => {
    const year = (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 + (date.charCodeAt(3) - 48);
    if (year === lastYear) return lastDays!.get(date);
    if (!(year >= HOLIDAY_YEARS.from && year <= HOLIDAY_YEARS.to)) return undefined;
    let days = byYear.get(year);
    if (!days) {
      days = new Map();
      for (const holiday of chileanHolidays(year, options)) {
        const previous = days.get(holiday.date);
        days.set(
          holiday.date,
          previous
            ? { ...previous, name: `${previous.name} / ${holiday.name}`, irrenunciable: previous.irrenunciable || holiday.irrenunciable }
            : holiday,
        );
      }
      byYear.set(year, days);
    }
    lastYear = year;
    lastDays = days;
    return days.get(date);
  };
}

/** True when the date is a holiday under the given options; a convenience over holidayLookup for single checks. */
export function isHoliday(date: LocalDate, options: HolidayOptions = {}): boolean {
  toDayNumber(date);
  return chileanHolidays(Number(date.slice(0, 4)), options).some((h) => h.date === date);
}
