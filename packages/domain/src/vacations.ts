/**
 * How many days of feriado anual (legal vacation) a worker has in a year, by the Código del Trabajo:
 *
 * - art. 67 inc. 1: 15 business days a year;
 * - art. 67 inc. 2: 20 business days for those who render services in the regions of Magallanes and
 *   Aysén and in the province of Palena (region of Los Lagos: Chaitén, Futaleufú, Hualaihué, Palena);
 * - art. 68: with ten years of work, for one or more employers, one more day for each three new years
 *   worked; only ten years with previous employers may be counted.
 *
 * Pure: the caller says where the worker works, how many years with previous employers are recognised
 * and on which date the years are counted.
 */
import { isValidLocalDate, type LocalDate } from './calendar/local-date';

/** Business days of feriado anual a year (art. 67 inc. 1). */
const LEGAL_VACATION_DAYS = 15;
/** Business days of feriado anual in Magallanes, Aysén and the province of Palena (art. 67 inc. 2). */
const FAR_SOUTH_VACATION_DAYS = 20;
/** Years with previous employers that count for the progressive days, at most (art. 68). */
const MAX_PREVIOUS_YEARS_COUNTED = 10;
/** Years of work after which progressive days start, and the years each further day takes (art. 68). */
const PROGRESSIVE_THRESHOLD_YEARS = 10;
const YEARS_PER_PROGRESSIVE_DAY = 3;

/** The communes of the province of Palena (region of Los Lagos, `LL`). */
const PALENA_COMMUNES = ['Chaitén', 'Futaleufú', 'Hualaihué', 'Palena'] as const;

/** Where a worker renders services: the site's region code (ISO 3166-2:CL without `CL-`) and commune. */
interface VacationPlace {
  region: string | null | undefined;
  commune?: string | null | undefined;
}

/** Why a worker has the far-south feriado: the region code and the place as a sentence says it. */
interface FarSouth {
  region: 'MA' | 'AI' | 'LL';
  /** «la región de Magallanes», «la región de Aysén», «la provincia de Palena (comuna de Futaleufú)». */
  place: string;
}

/** Accents, case and surrounding spaces do not matter in a commune's name («CHAITEN» is Chaitén). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();
}

/**
 * Whether a place is in the far south of art. 67 inc. 2, and how to name it; null elsewhere, and
 * when the region is unknown (a worker without a site, a site without a region).
 */
export function farSouthVacation(place: VacationPlace): FarSouth | null {
  const region = place.region?.trim().toUpperCase();
  if (region === 'MA') return { region, place: 'la región de Magallanes' };
  if (region === 'AI') return { region, place: 'la región de Aysén' };
  if (region === 'LL' && place.commune) {
    const commune = PALENA_COMMUNES.find((name) => fold(name) === fold(place.commune!));
    if (commune) return { region, place: `la provincia de Palena (comuna de ${commune})` };
  }
  return null;
}

/**
 * The yearly business days of the legal vacation before progressive days: the company's general figure
 * (15 by law, `generalDays`), or 20 in the far south. A general figure above 20 stands everywhere:
 * the law sets minimums.
 */
export function annualVacationDays(place: VacationPlace, generalDays: number = LEGAL_VACATION_DAYS): number {
  return farSouthVacation(place) ? Math.max(generalDays, FAR_SOUTH_VACATION_DAYS) : generalDays;
}

/**
 * Whole years from `from` to `on`: a year is complete on its anniversary (the same month and day; one
 * that started on 29 February completes on 1 March in common years). Zero before `from`.
 */
export function wholeYearsBetween(from: LocalDate, on: LocalDate): number {
  if (!isValidLocalDate(from) || !isValidLocalDate(on)) throw new RangeError(`Fecha inválida: ${isValidLocalDate(from) ? on : from}`);
  if (on < from) return 0;
  const years = Number(on.slice(0, 4)) - Number(from.slice(0, 4));
  return on.slice(5) >= from.slice(5) ? years : years - 1;
}

/** The progressive days of a worker on a date, with what they rest on. */
interface ProgressiveVacation {
  /** Years with previous employers as recorded (certificate). */
  previousYears: number;
  /** Of those, the ones that count (at most 10). */
  countedPreviousYears: number;
  /** Whole years with this employer on the date (since the contract's start). */
  yearsWithEmployer: number;
  /** Progressive days: one for each three years past ten. */
  days: number;
}

/**
 * Art. 68: max(0, floor((min(previous, 10) + whole years since the contract's start − 10) / 3)).
 * `previousYears` must be a whole number, 0 or more.
 */
export function progressiveVacation(input: { previousYears: number; contractStart: LocalDate; on: LocalDate }): ProgressiveVacation {
  const { previousYears } = input;
  if (!Number.isInteger(previousYears) || previousYears < 0) throw new RangeError(`Años anteriores inválidos: ${previousYears}`);
  const countedPreviousYears = Math.min(previousYears, MAX_PREVIOUS_YEARS_COUNTED);
  const yearsWithEmployer = wholeYearsBetween(input.contractStart, input.on);
  const days = Math.max(0, Math.floor((countedPreviousYears + yearsWithEmployer - PROGRESSIVE_THRESHOLD_YEARS) / YEARS_PER_PROGRESSIVE_DAY));
  return { previousYears, countedPreviousYears, yearsWithEmployer, days };
}

/** The progressive days alone (art. 68). */
export function progressiveVacationDays(previousYears: number, contractStart: LocalDate, on: LocalDate): number {
  return progressiveVacation({ previousYears, contractStart, on }).days;
}

/**
 * The date a calendar year's vacation balance counts years at: its last day, or the contract's last
 * day if it ends before. A worker who completes thirteen years in July has the day for the whole year,
 * and the figure of a year does not move while the year goes by.
 */
export function vacationReferenceDate(year: number, contractEnd: LocalDate | null | undefined): LocalDate {
  const last = `${String(year).padStart(4, '0')}-12-31`;
  return contractEnd && contractEnd < last ? contractEnd : last;
}

const days = (n: number) => (n === 1 ? '1 día' : `${n} días`);
const years = (n: number) => (n === 1 ? '1 año' : `${n} años`);

/** A worker's legal vacation of a year and its basis, in Spanish sentences ready to show. */
interface LegalVacation {
  /** Yearly days before progressive days: the general figure, or 20 in the far south. */
  baseDays: number;
  farSouth: FarSouth | null;
  progressive: ProgressiveVacation;
  /** baseDays + progressive days. */
  totalDays: number;
  /**
   * «20 días por trabajar en la región de Magallanes (art. 67 inc. 2)», «10 años reconocidos y 4 con la
   * empresa: 1 día progresivo (art. 68)»; empty when only the general figure applies.
   */
  basis: string[];
}

/** The legal vacation (arts. 67 and 68) of a worker for the calendar year `year`. */
export function legalVacation(input: {
  place: VacationPlace;
  previousYears: number;
  contractStart: LocalDate;
  contractEnd?: LocalDate | null;
  year: number;
  /** The company's general yearly figure (15 by law). */
  generalDays?: number;
}): LegalVacation {
  const generalDays = input.generalDays ?? LEGAL_VACATION_DAYS;
  const farSouth = farSouthVacation(input.place);
  const baseDays = annualVacationDays(input.place, generalDays);
  const progressive = progressiveVacation({
    previousYears: input.previousYears,
    contractStart: input.contractStart,
    on: vacationReferenceDate(input.year, input.contractEnd),
  });
  const basis: string[] = [];
  if (farSouth && baseDays > generalDays) basis.push(`${days(baseDays)} por trabajar en ${farSouth.place} (art. 67 inc. 2)`);
  if (progressive.previousYears > 0 || progressive.days > 0) {
    const { previousYears: recorded, countedPreviousYears: counted, yearsWithEmployer: own } = progressive;
    const worked =
      recorded === 0
        ? `${years(own)} con la empresa`
        : recorded > counted
          ? `${counted} años reconocidos (de ${recorded}: solo cuentan ${MAX_PREVIOUS_YEARS_COUNTED}) y ${own} con la empresa`
          : `${years(recorded)} ${recorded === 1 ? 'reconocido' : 'reconocidos'} y ${own} con la empresa`;
    const progressiveText = progressive.days === 1 ? '1 día progresivo' : `${progressive.days} días progresivos`;
    basis.push(`${worked}: ${progressiveText} (art. 68)`);
  }
  return { baseDays, farSouth, progressive, totalDays: baseDays + progressive.days, basis };
}
