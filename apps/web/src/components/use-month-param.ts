import { useSearchParams } from 'react-router';
import { todayInChile } from '../lib/format';
import { monthKey, parseMonthKey } from './planning-grid';

export interface YearMonth {
  year: number;
  month: number;
}

const index = (value: YearMonth) => value.year * 12 + value.month;

interface MonthParamOptions {
  /**
   * Months back from this one that may be shown, and none after it (a record kept 5 years: the worker's
   * month, their marks). Without it any month may be shown (planning looks ahead).
   */
  yearsBack?: number;
  /** Address parameters that belong to the month shown (the chosen day, the page), dropped when it changes. */
  resets?: readonly string[];
}

/**
 * The month a page shows, kept in the address (`?mes=aaaa-mm`) so it survives a reload and travels in a
 * shared link; this month (in Chile) by default, and a month outside the allowed range shows its nearest
 * end. `min` and `max` are given to the month navigation when the range is bounded.
 */
export function useMonthParam({ yearsBack, resets = [] }: MonthParamOptions = {}) {
  const [params, setParams] = useSearchParams();
  const today = todayInChile();
  const current: YearMonth = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const min = yearsBack === undefined ? undefined : { year: current.year - yearsBack, month: current.month };
  const max = yearsBack === undefined ? undefined : current;
  const asked = parseMonthKey(params.get('mes')) ?? current;
  const shown = max && index(asked) > index(max) ? max : min && index(asked) < index(min) ? min : asked;
  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        change(out);
        return out;
      },
      { replace: true },
    );
  const setMonth = (next: YearMonth) =>
    update((out) => {
      out.set('mes', monthKey(next.year, next.month));
      for (const name of resets) out.delete(name);
    });
  /** Another parameter of the month's view (the chosen day, the page), in place; `null` removes it. */
  const setParam = (name: string, value: string | null) => update((out) => (value === null ? out.delete(name) : out.set(name, value)));
  return { shown, setMonth, setParam, current, min, max, today };
}
