/**
 * The renderer of `writeXlsx` (export.ts), run in a render thread (lib/render): a one-sheet workbook
 * with a bold, frozen header and a filter, from the cells already worked out on the main thread.
 */
import ExcelJS from 'exceljs';
// The file itself, not the library's door: a render thread loads only what it draws with.
import { textCell } from './formula-guard';

export type XlsxCell = string | number | boolean | Date | null;

export interface XlsxTable {
  sheetName: string;
  columns: { header: string; width: number; numFmt?: string | undefined }[];
  rows: XlsxCell[][];
}

export default async function renderXlsxTable(input: XlsxTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Jornada';
  const sheet = workbook.addWorksheet(input.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((column) => ({ header: column.header, width: column.width, ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}) }));
  sheet.getRow(1).font = { bold: true };
  for (const values of input.rows) {
    const added = sheet.addRow([]);
    values.forEach((value, i) => {
      const cell = added.getCell(i + 1);
      // Text goes into text cells exactly as it is (formula-guard.ts: never evaluated, no apostrophe).
      if (typeof value === 'string') textCell(cell, value);
      else if (value !== null) cell.value = value;
    });
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
