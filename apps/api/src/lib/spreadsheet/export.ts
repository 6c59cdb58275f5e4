import ExcelJS from 'exceljs';
import { textCell } from './formula-guard';

export type ExportValue = string | number | boolean | Date | null | undefined;

export interface ExportColumn<R> {
  header: string;
  width?: number;
  value(row: R): ExportValue;
  /** Excel number format (`#,##0`, `dd-mm-yyyy`). */
  numFmt?: string;
}

/**
 * Writes rows into a one-sheet workbook with a bold, frozen header and a filter. Text goes into text
 * cells exactly as it is (formula-guard.ts: never evaluated, no apostrophe). Returns the xlsx bytes.
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
  for (const row of input.rows) {
    const added = sheet.addRow([]);
    input.columns.forEach((column, i) => {
      const value = column.value(row);
      const cell = added.getCell(i + 1);
      if (typeof value === 'string') textCell(cell, value);
      else if (value !== null && value !== undefined) cell.value = value;
    });
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: input.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A calendar date (`aaaa-mm-dd`) as an Excel date; shown `dd-mm-aaaa` with `DATE_FORMAT`. */
export function excelDate(iso: string | null | undefined): Date | null {
  return iso ? new Date(`${iso}T00:00:00Z`) : null;
}

/** The number format of every exported date: `dd-mm-aaaa`, as the screens show it. */
export const DATE_FORMAT = 'dd-mm-yyyy';

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
