/**
 * A table report as CSV: the screen's table (one line per row, the same columns and texts), then the
 * totals line. `;` separator and a BOM (what Excel expects in Chile); text that starts like a formula
 * is neutralised (formula-guard.ts). Pulled by the reader: each chunk of rows is read when the previous
 * one has been taken.
 */
import { Readable } from 'node:stream';
import { csvCellText } from '../../lib/spreadsheet/index';
import { cellsOf, totalsCells, type TableHeading, type TableRows } from './report-table';

function field(value: string): string {
  const text = csvCellText(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (values: string[]) => `${values.map(field).join(';')}\r\n`;

export function tableReportCsv(heading: TableHeading, chunks: TableRows): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${line(heading.columnas.map((c) => c.etiqueta))}`;
      for await (const filas of chunks) {
        yield filas.map((f) => line(cellsOf(heading.columnas, f.celdas))).join('');
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      yield line(totalsCells(heading));
    })(),
    { objectMode: false },
  );
}
