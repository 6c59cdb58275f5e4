/** What the reports share: the heading above the marks report's blocks, the date format and the period arithmetic. */
import type { ResumenReporteMarcas } from '@jornada/contracts';
import { daysInMonth } from '@jornada/domain';

/** Everything the exports print above the blocks. */
export interface ReportHeading {
  empresa: { razonSocial: string; rut: string };
  periodo: { desde: string; hasta: string };
  generadoEn: string;
  /** The filters in use, as label and value. */
  filtros: [string, string][];
  resumen: ResumenReporteMarcas;
}

/** `dd/mm/aaaa` of `aaaa-mm-dd`. */
export function clDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** The same day `years` later (29 February becomes 1 March): a report's period ends before `plusYears(desde, 5)`. */
export function plusYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y + years;
  return d > daysInMonth(year, m) ? `${year}-${String(m + 1).padStart(2, '0')}-01` : `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The first and last days of a date's month. */
export function monthOf(date: string): { first: string; last: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const mm = String(m).padStart(2, '0');
  return { first: `${y}-${mm}-01`, last: `${y}-${mm}-${String(daysInMonth(y, m)).padStart(2, '0')}` };
}
