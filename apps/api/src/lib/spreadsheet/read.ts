import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { CARGA_MASIVA_MAX_FILAS } from '@jornada/contracts';
import { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';

/** A cell as read: text from CSV; text, number, boolean or Date (a real Excel date, UTC midnight) from xlsx. */
export type CellValue = string | number | boolean | Date | null;

export interface SheetRow {
  /** Row number as the user sees it in the spreadsheet (the header row is 1). */
  fila: number;
  cells: CellValue[];
}

export interface Sheet {
  format: 'xlsx' | 'csv';
  /** Header texts as written, in file order. */
  headers: string[];
  /** Data rows under the header; fully empty rows are skipped. */
  rows: SheetRow[];
}

export interface ReadOptions {
  /** Most data rows accepted (50,000 by default); one more is a clear error, not a slow request. */
  maxRows?: number;
  /** Sheet names to skip in a workbook (the template's instructions). */
  skipSheets?: readonly string[];
}

type Kind = 'xlsx' | 'csv';

const startsWith = (buffer: Buffer, bytes: number[]) => bytes.every((byte, i) => buffer[i] === byte);

/** Decides by content, never by file name: a renamed PDF is not a spreadsheet. */
function sniff(buffer: Buffer): Kind {
  if (buffer.length === 0) throw spreadsheetError(SPREADSHEET_MESSAGES.emptyFile);
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) throw spreadsheetError(SPREADSHEET_MESSAGES.legacyXls);
  // Text files have no NUL bytes (UTF-16 does, and is not offered); binary formats almost always do.
  const head = buffer.subarray(0, 64 * 1024);
  if (head.includes(0) || startsWith(buffer, [0x25, 0x50, 0x44, 0x46])) throw spreadsheetError(SPREADSHEET_MESSAGES.notSpreadsheet);
  return 'csv';
}

/** UTF-8 with or without BOM; Excel on Windows saves "CSV" as Windows-1252, so that is the fallback. */
function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

const isEmptyCell = (value: CellValue) => value === null || (typeof value === 'string' && value.trim() === '');

function tooMany(maxRows: number) {
  return spreadsheetError(SPREADSHEET_MESSAGES.tooManyRows(maxRows));
}

/**
 * The delimiter is the one the header line uses most (outside quotes): `;` as Excel writes CSV in
 * Chile, `,` elsewhere, or a tab. Headers never contain these, data cells may.
 */
function headerDelimiter(text: string): string {
  const firstLine = text.replace(/^\ufeff/, '').split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<string, number>([[';', 0], [',', 0], ['\t', 0]]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ';';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

function readCsv(buffer: Buffer, maxRows: number): Sheet {
  const text = decodeText(buffer);
  const parsed = Papa.parse<string[]>(text, { delimiter: headerDelimiter(text), skipEmptyLines: false });
  const records = parsed.data;
  const headerIndex = records.findIndex((record) => record.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw spreadsheetError(SPREADSHEET_MESSAGES.emptyFile);
  if (parsed.errors.some((error) => error.code === 'InvalidQuotes' || error.code === 'MissingQuotes')) {
    const error = parsed.errors[0]!;
    throw spreadsheetError(`El archivo CSV tiene comillas sin cerrar cerca de la fila ${(error.row ?? 0) + 1}.`);
  }
  const headers = records[headerIndex]!.map((cell) => cell.trim());
  const rows: SheetRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const cells = records[i]!.map((cell): CellValue => cell);
    if (cells.every(isEmptyCell)) continue;
    if (rows.length >= maxRows) throw tooMany(maxRows);
    rows.push({ fila: i + 1, cells });
  }
  return { format: 'csv', headers, rows };
}

/** Rich text, formulas, hyperlinks and errors all come down to the value a person sees. */
function plainCell(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('formula' in value || 'sharedFormula' in value) {
      const result = (value as ExcelJS.CellFormulaValue).result;
      if (result === undefined || result === null) return null;
      if (typeof result === 'object' && !(result instanceof Date)) return null;
      return result;
    }
    if ('hyperlink' in value) return String((value as ExcelJS.CellHyperlinkValue).text ?? '');
    if ('error' in value) return null;
  }
  return String(value);
}

async function readXlsx(buffer: Buffer, maxRows: number, skipSheets: readonly string[]): Promise<Sheet> {
  const skip = new Set(skipSheets.map((name) => name.toLocaleLowerCase('es-CL')));
  // The streaming reader stops at the row limit without materialising the whole workbook.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(buffer), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheet: Sheet | null = null;
  try {
    for await (const worksheet of reader) {
      const name = ((worksheet as unknown as { name?: string }).name ?? '').toLocaleLowerCase('es-CL');
      if (sheet || skip.has(name)) {
        // Drain the sheets we do not read so the zip stream can go on.
        for await (const row of worksheet) void row;
        continue;
      }
      let headers: string[] | null = null;
      const rows: SheetRow[] = [];
      for await (const row of worksheet) {
        const cells: CellValue[] = [];
        const count = row.cellCount;
        for (let c = 1; c <= count; c++) cells.push(plainCell(row.getCell(c).value));
        if (cells.every(isEmptyCell)) continue;
        if (!headers) {
          headers = cells.map((cell) => (cell === null ? '' : cell instanceof Date ? cell.toISOString() : String(cell).trim()));
          continue;
        }
        if (rows.length >= maxRows) throw tooMany(maxRows);
        rows.push({ fila: row.number, cells });
      }
      sheet = { format: 'xlsx', headers: headers ?? [], rows };
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'AppError') throw error;
    throw spreadsheetError(SPREADSHEET_MESSAGES.notSpreadsheet);
  }
  if (!sheet) throw spreadsheetError(SPREADSHEET_MESSAGES.notSpreadsheet);
  if (sheet.headers.length === 0) throw spreadsheetError(SPREADSHEET_MESSAGES.emptyFile);
  return sheet;
}

/** Reads the first sheet of an xlsx workbook, or a CSV (`;`, `,` or tab; UTF-8 with or without BOM, or Windows-1252). */
export async function readSpreadsheet(buffer: Buffer, options: ReadOptions = {}): Promise<Sheet> {
  const maxRows = options.maxRows ?? CARGA_MASIVA_MAX_FILAS;
  return sniff(buffer) === 'xlsx' ? readXlsx(buffer, maxRows, options.skipSheets ?? []) : readCsv(buffer, maxRows);
}
