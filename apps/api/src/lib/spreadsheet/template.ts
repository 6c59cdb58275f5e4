import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Columns } from './columns';
import { safeCellText } from './export';

export interface TemplateSpec<C extends Columns> {
  /** Name of the data sheet (the first one). */
  sheetName: string;
  columns: C;
  /** General notes printed above the column table of the "Instrucciones" sheet. */
  instructions: readonly string[];
}

export const INSTRUCTIONS_SHEET = 'Instrucciones';

function exampleText(value: string | number | Date): string {
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
    if (!(column.example instanceof Date) && typeof column.example !== 'number') data.getColumn(i + 1).numFmt = '@';
  });
  data.addRow(columns.map((column) => (typeof column.example === 'string' ? safeCellText(column.example) : column.example)));
  columns.forEach((column, i) => {
    if (column.example instanceof Date) data.getRow(2).getCell(i + 1).numFmt = 'dd-mm-yyyy';
  });

  const help = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  help.columns = [{ width: 28 }, { width: 14 }, { width: 80 }, { width: 28 }];
  for (const line of spec.instructions) help.addRow([safeCellText(line)]);
  help.addRow([]);
  const tableHeader = help.addRow(['Columna', 'Obligatoria', 'Qué escribir', 'Ejemplo']);
  tableHeader.font = { bold: true };
  for (const column of columns) {
    help.addRow([column.header, column.required ? 'Sí' : 'No', safeCellText(column.description), safeCellText(exampleText(column.example))]);
  }
  help.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The CSV template: UTF-8 with BOM (Excel opens it with accents intact), `;` as Excel in Chile expects, headers and the example row. */
export function templateCsv<C extends Columns>(spec: TemplateSpec<C>): string {
  const columns = Object.values(spec.columns);
  const example = columns.map((column) =>
    column.example instanceof Date
      ? column.example.toISOString().slice(0, 10).split('-').reverse().join('-')
      : safeCellText(exampleText(column.example)),
  );
  return `\ufeff${Papa.unparse([columns.map((column) => column.header), example], { delimiter: ';', newline: '\r\n' })}\r\n`;
}
