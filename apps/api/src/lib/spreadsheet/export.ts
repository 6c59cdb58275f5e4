import { renderInWorker } from '../render/index';
import type { XlsxCell, XlsxTable } from './xlsx-table.render';

export type ExportValue = XlsxCell | undefined;

export interface ExportColumn<R> {
  header: string;
  width?: number;
  value(row: R): ExportValue;
  /** Excel number format (`#,##0`, `dd-mm-yyyy`). */
  numFmt?: string;
}

/** Rows whose cells are worked out between two yields to the event loop. */
const CELLS_SLICE = 500;
const XLSX_TABLE_RENDERER = new URL('./xlsx-table.render.ts', import.meta.url);

/**
 * Writes rows into a one-sheet workbook with a bold, frozen header and a filter. Text goes into text
 * cells exactly as it is (formula-guard.ts: never evaluated, no apostrophe). The cells are worked out
 * here a slice of rows at a time, with a yield to the event loop between slices; the workbook is drawn
 * in a render thread (lib/render), so a big export never holds the server. Returns the xlsx bytes.
 */
export async function writeXlsx<R>(input: { sheetName: string; columns: ExportColumn<R>[]; rows: Iterable<R> }): Promise<Buffer> {
  const table: XlsxTable = {
    sheetName: input.sheetName,
    columns: input.columns.map((column) => ({ header: column.header, width: column.width ?? Math.max(12, column.header.length + 2), numFmt: column.numFmt })),
    rows: [],
  };
  for (const row of input.rows) {
    table.rows.push(input.columns.map((column) => column.value(row) ?? null));
    if (table.rows.length % CELLS_SLICE === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return renderInWorker(XLSX_TABLE_RENDERER, table);
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
