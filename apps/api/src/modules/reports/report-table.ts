/**
 * A table report as the exports draw it: the heading (title, employer, period, filters, totals, note)
 * and its columns, then its rows as an async stream, each with the days (or permissions) behind it.
 * The management reports describe themselves this way; the xlsx, CSV and PDF writers of this folder
 * (report-table.*.ts) draw any of them exactly as the screen does, with `celdaTexto` for every cell.
 */
import { celdaTexto, type CeldasReporte, type ColumnaReporte, type FilaReporteGestion } from '@jornada/contracts';
import { clDate } from './marks-report.format';

export interface TableHeading {
  titulo: string;
  empresa: { razonSocial: string; rut: string };
  periodo: { desde: string; hasta: string; hastaCerrado: string };
  generadoEn: string;
  filtros: [string, string][];
  nota: string;
  columnas: ColumnaReporte[];
  columnasDetalle: ColumnaReporte[];
  totales: CeldasReporte;
  /** Rows of the whole report (entities: workers, or groups for dotación). */
  total: number;
  /** What a row is, singular and plural (`trabajador`, `trabajadores`). */
  unidad: [string, string];
}

/** The heading's lines, the same in every format. */
export function headingLines(h: TableHeading): string[] {
  const lines = [
    `Empleador: ${h.empresa.razonSocial} · RUT ${h.empresa.rut}`,
    `Periodo: ${clDate(h.periodo.desde)} al ${clDate(h.periodo.hasta)}${h.periodo.hastaCerrado < h.periodo.hasta ? ` (días cerrados hasta el ${clDate(h.periodo.hastaCerrado)})` : ''}`,
  ];
  if (h.filtros.length > 0) lines.push(`Filtros: ${h.filtros.map(([label, value]) => `${label}: ${value}`).join(' · ')}`);
  lines.push(`Generado el ${h.generadoEn}`);
  lines.push(`${h.total.toLocaleString('es-CL')} ${h.total === 1 ? h.unidad[0] : h.unidad[1]}`);
  lines.push(h.nota);
  return lines;
}

/** A row's cells as text in column order. */
export const cellsOf = (columnas: ColumnaReporte[], celdas: CeldasReporte): string[] => columnas.map((c) => celdaTexto(celdas[c.clave], c.tipo));

/** The totals row: "Total del periodo" in the first column, each summed column's total. */
export function totalsCells(h: TableHeading): string[] {
  return h.columnas.map((c, i) => (i === 0 ? 'Total del periodo' : c.total ? celdaTexto(h.totales[c.clave], c.tipo) : ''));
}

export type TableRows = AsyncIterable<FilaReporteGestion[]>;
