import { useSearchParams } from 'react-router';
import { monthKey, parseMonthKey } from '../../../components/planning-grid';
import { todayInSantiago } from './to-grid';

interface YearMonth {
  year: number;
  month: number;
}

/** The month shown, kept in the URL (`?mes=2026-11`) so it survives a reload; this month by default. */
export function useMonthParam(): [YearMonth, (next: YearMonth) => void, YearMonth] {
  const [params, setParams] = useSearchParams();
  const today = todayInSantiago();
  const current = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const selected = parseMonthKey(params.get('mes')) ?? current;
  const set = (next: YearMonth) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set('mes', monthKey(next.year, next.month));
        return out;
      },
      { replace: true },
    );
  return [selected, set, current];
}
