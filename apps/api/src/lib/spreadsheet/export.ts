import ExcelJS from 'exceljs';

/** Characters that make a spreadsheet program read a cell as a formula (CSV / formula injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text that starts like a formula gets a leading apostrophe, so no program ever evaluates it. */
export function safeCellText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export type ExportValue = string | number | boolean | Date | null | undefined;

export interface ExportColumn<R> {
  header: string;
  width?: number;
  value(row: R): ExportValue;
  /** Excel number format (`#,##0`, `dd-mm-yyyy`). */
  numFmt?: string;
}

function safeValue(value: ExportValue): ExcelJS.CellValue {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? safeCellText(value) : value;
}

/**
 * Writes rows into a one-sheet workbook with a bold, frozen header and a filter, every text cell
 * injection-safe. Returns the xlsx bytes.
 */
export async function writeXlsx<R>(input: { sheetName: string; columns: ExportColumn<R>[]; rows: Iterable<R> }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Jornada';
  const sheet = workbook.addWorksheet(input.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = input.columns.map((column) => ({
    header: column.header,
    width: column.width ?? Math.max(12, column.header.length + 2),
    ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of input.rows) sheet.addRow(input.columns.map((column) => safeValue(column.value(row))));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** `attachment` header with an ASCII name and the UTF-8 one for browsers that read it. */
export function attachment(filename: string): string {
  const ascii = filename.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** Sends file bytes as a download (Fastify sends Buffers as they are, without the JSON serializer). */
export function sendFile(reply: { type(contentType: string): unknown; header(name: string, value: string): unknown; send(payload?: unknown): unknown }, contentType: string, filename: string, bytes: Buffer) {
  reply.type(contentType);
  reply.header('content-disposition', attachment(filename));
  return reply.send(bytes as unknown);
}
