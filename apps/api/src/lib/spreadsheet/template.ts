import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Columns } from './columns';
import { csvCellText, textCell, TEXT_FORMAT } from './formula-guard';

export interface TemplateSpec<C extends Columns> {
  /** Name of the data sheet (the first one). */
  sheetName: string;
  columns: C;
  /** General notes printed above the column table of the "Instrucciones" sheet. */
  instructions: readonly string[];
  /**
   * Data rows written under the headers instead of the columns' example row (a file to edit and upload
   * again, such as what is stored now), in column order; empty cells are ''.
   */
  rows?: readonly (readonly TemplateCell[])[];
}

type TemplateCell = string | number | Date;

export const INSTRUCTIONS_SHEET = 'Instrucciones';

function exampleText(value: TemplateCell): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** The xlsx template: the data sheet with headers and one example row, and an "Instrucciones" sheet. */
export async function templateXlsx<C extends Columns>(spec: TemplateSpec<C>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Jornada';
  const columns = Object.values(spec.columns);
  const data = workbook.addWorksheet(spec.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  data.columns = columns.map((column) => ({ header: column.header, width: Math.max(14, column.header.length + 4) }));
  const header = data.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  columns.forEach((column, i) => {
    header.getCell(i + 1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: column.required ? 'FF0B7285' : 'FF5C7080' } };
    // Text cells keep leading zeros and RUTs as written; dates are typed as real dates.
    if (!(column.example instanceof Date) && typeof column.example !== 'number') data.getColumn(i + 1).numFmt = TEXT_FORMAT;
  });
  const rows = spec.rows ?? [columns.map((column) => column.example)];
  rows.forEach((values, r) => {
    const row = data.getRow(r + 2);
    values.forEach((value, i) => {
      const cell = row.getCell(i + 1);
      if (typeof value === 'string') textCell(cell, value);
      else cell.value = value;
      if (value instanceof Date) cell.numFmt = 'dd-mm-yyyy';
    });
  });

  const help = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  help.columns = [{ width: 28 }, { width: 14 }, { width: 80 }, { width: 28 }];
  for (const line of spec.instructions) textCell(help.addRow([]).getCell(1), line);
  help.addRow([]);
  const tableHeader = help.addRow(['Columna', 'Obligatoria', 'Qué escribir', 'Ejemplo']);
  tableHeader.font = { bold: true };
  for (const column of columns) {
    const row = help.addRow([column.header, column.required ? 'Sí' : 'No']);
    textCell(row.getCell(3), column.description);
    textCell(row.getCell(4), exampleText(column.example));
  }
  help.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The CSV template: UTF-8 with BOM (Excel opens it with accents intact), `;` as Excel in Chile expects, headers and the example row (or `rows`). */
export function templateCsv<C extends Columns>(spec: TemplateSpec<C>): string {
  const columns = Object.values(spec.columns);
  const rows = (spec.rows ?? [columns.map((column) => column.example)]).map((values) =>
    values.map((value) => (value instanceof Date ? value.toISOString().slice(0, 10).split('-').reverse().join('-') : csvCellText(exampleText(value)))),
  );
  return `\ufeff${Papa.unparse([columns.map((column) => csvCellText(column.header)), ...rows], { delimiter: ';', newline: '\r\n' })}\r\n`;
}
