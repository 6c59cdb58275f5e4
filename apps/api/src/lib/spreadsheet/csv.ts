import Papa from 'papaparse';
import { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';
import { readCsvCellText } from './formula-guard';
import { LIMIT_MESSAGES, type SpreadsheetLimits } from './limits';
import type { CellValue, Sheet, SheetRow } from './sheet';

/** UTF-8 with or without BOM; Excel on Windows saves "CSV" as Windows-1252, so that is the fallback. */
function decodeText(buffer: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/**
 * The delimiter is the one the header line uses most (outside quotes): `;` as Excel writes CSV in
 * Chile, `,` elsewhere, or a tab. Headers never contain these, data cells may.
 */
function headerDelimiter(text: string): string {
  const start = text.search(/\S/);
  const end = text.indexOf('\n', Math.max(0, start));
  const firstLine = text.slice(Math.max(0, start), end < 0 ? undefined : end);
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

const isEmptyText = (cell: string) => cell.trim() === '';

/**
 * Reads a CSV record by record (Papa Parse's step mode, so no table of every cell is built), with the
 * same bounds as a workbook: columns, rows, cells and cell length; only cells under a header are kept.
 */
export function readCsv(buffer: Buffer, maxRows: number, limits: SpreadsheetLimits): Sheet {
  const text = decodeText(buffer);
  let headers: string[] | null = null;
  let kept: number[] = [];
  const rows: SheetRow[] = [];
  let record = 0;
  let cellsWithValue = 0;
  let problem: Error | null = null;

  Papa.parse<string[]>(text, {
    delimiter: headerDelimiter(text),
    skipEmptyLines: false,
    step: (results, parser) => {
      record += 1;
      try {
        const quoteError = results.errors.find((error) => error.code === 'InvalidQuotes' || error.code === 'MissingQuotes');
        if (quoteError) throw spreadsheetError(`El archivo CSV tiene comillas sin cerrar cerca de la fila ${record}.`);
        const cells = results.data;
        cells.forEach((cell, index) => {
          if (isEmptyText(cell)) return;
          if (index >= limits.maxColumns) throw spreadsheetError(LIMIT_MESSAGES.tooManyColumns(index + 1, record, limits.maxColumns));
          if (cell.length > limits.maxCellChars) throw spreadsheetError(LIMIT_MESSAGES.tooLongCell(limits.maxCellChars));
          cellsWithValue += 1;
        });
        if (cellsWithValue > limits.maxCells) throw spreadsheetError(LIMIT_MESSAGES.tooManyCells(limits.maxCells));
        if (!headers) {
          if (cells.every(isEmptyText)) return;
          headers = cells.map((cell) => cell.trim());
          kept = headers.flatMap((header, i) => (header === '' ? [] : [i]));
          return;
        }
        const row: CellValue[] = headers.map(() => null);
        let any = false;
        for (const position of kept) {
          const cell = readCsvCellText(cells[position] ?? '');
          row[position] = cell;
          if (!isEmptyText(cell)) any = true;
        }
        if (!any) return;
        if (rows.length >= maxRows) throw spreadsheetError(SPREADSHEET_MESSAGES.tooManyRows(maxRows));
        rows.push({ fila: record, cells: row });
      } catch (error) {
        problem = error as Error;
        parser.abort();
      }
    },
  });
  if (problem) throw problem;
  if (!headers) throw spreadsheetError(SPREADSHEET_MESSAGES.emptyFile);
  return { format: 'csv', headers, rows };
}
