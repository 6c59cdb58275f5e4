/** What the exports of the marks report share: the heading above the blocks and the date format. */
import type { ResumenReporteMarcas } from '@jornada/contracts';

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
