/**
 * The holiday calendar of one company: the law's (national, and its sites' regions and comunas) plus
 * the days the company added. Every use of holidays in the API goes through it (the evaluation, the
 * planning grid and its alerts, the marking notice, vacation day counts), given by `app.companyHolidays`.
 */
import { holidayLookup, isRegionCode, type HolidayLookup } from '@jornada/domain';

/** A company's own holiday as the calendar takes it. */
export interface ExtraDay {
  fecha: string;
  nombre: string;
  irrenunciable: boolean;
}

/** The holidays of a company, per site. */
export interface CompanyCalendar {
  /** The holidays of a site: the national ones, its region's and, with a comuna, its comuna's, and the company's own. */
  lookup(region: string | null, comuna?: string | null): HolidayLookup;
}

/** Lookups kept across requests (each memoises by year); past this many the cache starts over. */
const CACHED_LOOKUPS = 2000;
const lookups = new Map<string, HolidayLookup>();

/**
 * The calendar of a company whose own days are `extra`. Lookups are shared by every company with the
 * same own days (most have none), keyed by those days: a change to them is a new key, never a stale
 * entry, so several API processes agree as soon as the database does.
 */
export function companyCalendar(extra: readonly ExtraDay[]): CompanyCalendar {
  const days = extra.map((d) => ({ date: d.fecha, name: d.nombre, irrenunciable: d.irrenunciable }));
  const extraKey = days.map((d) => `${d.date}\u0001${d.name}\u0001${d.irrenunciable ? 1 : 0}`).join('\u0002');
  return {
    lookup(region, comuna = null) {
      const key = `${region ?? ''}|${comuna ?? ''}|${extraKey}`;
      let lookup = lookups.get(key);
      if (!lookup) {
        const place = region && isRegionCode(region) ? { region, ...(comuna ? { commune: comuna } : {}) } : {};
        lookup = holidayLookup({ ...place, ...(days.length > 0 ? { extra: days } : {}) });
        if (lookups.size >= CACHED_LOOKUPS) lookups.clear();
        lookups.set(key, lookup);
      }
      return lookup;
    },
  };
}
