/**
 * A table report as a spreadsheet: the heading, the screen's table with each row followed by its
 * detail lines (the days behind its figures), and the totals line. Arial 8 pt; text cells as text
 * (formula-guard.ts), counts as numbers. Written with exceljs's streaming writer into the stream this
 * returns at once, row by row as they are read, so memory does not grow with the report.
 */
import { PassThrough } from 'node:stream';
import { REPORTE_SIN_TRABAJADORES } from '@jornada/contracts';
import ExcelJS from 'exceljs';
import { TEXT_FORMAT } from '../../lib/spreadsheet/index';
import { ExportClosed, pace, sheetBacklog } from '../../lib/render/index';
import { cellsOf, headingLines, totalsCells, type TableHeading, type TableRows } from './report-table';

const FONT: Partial<ExcelJS.Font> = { name: 'Arial', size: 8 };
const BOLD: Partial<ExcelJS.Font> = { ...FONT, bold: true };
const MUTED: Partial<ExcelJS.Font> = { ...FONT, color: { argb: 'FF555555' } };
const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F0' } };
const TOTAL_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F6F5' } };
/** Sheet lines written between two paces (lib/render/pace.ts). */
const PACE_LINES = 200;

export function tableReportXlsx(heading: TableHeading, chunks: TableRows): PassThrough {
  const stream = new PassThrough();
  write(stream, heading, chunks).catch((error: unknown) => {
    if (!(error instanceof ExportClosed)) stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}

async function write(stream: PassThrough, heading: TableHeading, chunks: TableRows): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Jornada';
  const sheet = workbook.addWorksheet(heading.titulo.replace(/^Reporte de /, '').slice(0, 31), {
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  const width = Math.max(heading.columnas.length, heading.columnasDetalle.length + 1);
  sheet.columns = Array.from({ length: width }, (_, i) => ({ width: i === 0 ? 30 : 16 }));
  // The rows exceljs has made but its zip has not compressed yet: pace() waits for them as for the reader.
  const backlog = sheetBacklog(sheet);

  let written = 0;
  const add = (values: string[], options: { font?: Partial<ExcelJS.Font>; fill?: ExcelJS.Fill; merge?: boolean } = {}) => {
    written += 1;
    const row = sheet.addRow(values);
    row.eachCell({ includeEmpty: false }, (cell) => {
      cell.font = options.font ?? FONT;
      // Every cell as the screen shows it, kept as text: never evaluated as a formula.
      if (typeof cell.value === 'string') cell.numFmt = TEXT_FORMAT;
      if (options.fill) cell.fill = options.fill;
      cell.alignment = { vertical: 'top' };
    });
    if (options.merge) sheet.mergeCells(row.number, 1, row.number, width);
    row.commit();
  };

  add([heading.titulo], { font: BOLD, merge: true });
  for (const text of headingLines(heading)) add([text], { merge: true });
  add([]);
  add(heading.columnas.map((c) => c.etiqueta), { font: BOLD, fill: HEAD_FILL });
  let any = false;
  for await (const filas of chunks) {
    for (const fila of filas) {
      any = true;
      add(cellsOf(heading.columnas, fila.celdas), { font: fila.detalle.length > 0 ? BOLD : FONT });
      if (fila.detalle.length > 0) {
        // The detail sits one column in, under its own heading, as the screen's expanded row.
        add(['', ...heading.columnasDetalle.map((c) => c.etiqueta)], { font: { ...BOLD, italic: true } });
        for (const d of fila.detalle) add(['', ...cellsOf(heading.columnasDetalle, d)], { font: MUTED });
      }
      // A row's detail can be a day per day of the period: pace by the lines written, not by the chunk.
      if (written >= PACE_LINES) {
        written = 0;
        await pace(stream, backlog);
      }
    }
    await pace(stream, backlog);
  }
  if (!any) add([REPORTE_SIN_TRABAJADORES], { merge: true });
  add(totalsCells(heading), { font: BOLD, fill: TOTAL_FILL });
  sheet.commit();
  await workbook.commit();
}
