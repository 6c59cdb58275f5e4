import type { FilaError } from '@jornada/contracts';
import { CellError, simplify, type Columns, type RowOf } from './columns';
import { slicer } from '../slices';
import { SPREADSHEET_MESSAGES, spreadsheetError } from './errors';
import type { CellValue, Sheet } from './read';

interface ParsedRow<C extends Columns> {
  fila: number;
  values: RowOf<C>;
}

interface ParsedTable<C extends Columns> {
  /** Rows whose every cell parsed. */
  rows: ParsedRow<C>[];
  /** Rows (by `fila`) with at least one error; they are not in `rows`. */
  invalidRows: Set<number>;
  /**
   * The same rows with what did parse (null in the cells that did not, named in `badColumns`), for an
   * upload to check the rest of the row at once: every error of a row in one preview, not one per try.
   */
  partialRows: (ParsedRow<C> & { badColumns: Set<keyof C & string> })[];
  errors: FilaError[];
  /** Total data rows in the file. */
  totalRows: number;
  /** Columns the file has (an absent optional column means "leave as is" to an update). */
  present: Set<keyof C & string>;
  /** Template example rows left out (`exampleColumn` starting with `EJEMPLO:`), by `fila`. */
  exampleRows: number[];
}

/** Text that marks a template's example row in its `exampleColumn`: the upload leaves such a row out. */
export const EXAMPLE_ROW_MARK = 'EJEMPLO:';

/** The note a template writes in its example row's `exampleColumn`. */
export const EXAMPLE_ROW_NOTE = `${EXAMPLE_ROW_MARK} esta fila se omite al cargar; reemplázala por tus filas.`;

interface ParseOptions<C extends Columns> {
  /** A text column whose value `EJEMPLO: …` marks the template's example row, which is skipped. */
  exampleColumn?: keyof C & string;
}

/** Header text -> column key, by the template header or any alias, ignoring accents, case, spaces and a trailing `*`. */
function headerKey(header: string): string {
  return simplify(header.replace(/\*+\s*$/, '').replace(/\s*\(.*\)\s*$/, ''));
}

/**
 * Maps the sheet's headers to the columns (any order; accent- and case-insensitive aliases) and
 * parses every row. Wrong headers are a file-level error (thrown); bad cells become row-level
 * errors `{ fila, columna, mensaje }`. The rows are parsed in slices (lib/slices.ts): 50,000 of them
 * take seconds, and the event loop serves everyone else in between.
 */
export async function parseTable<C extends Columns>(sheet: Sheet, columns: C, options: ParseOptions<C> = {}): Promise<ParsedTable<C>> {
  const byHeader = new Map<string, keyof C & string>();
  for (const [key, column] of Object.entries(columns)) {
    byHeader.set(headerKey(column.header), key);
    for (const alias of column.aliases ?? []) byHeader.set(headerKey(alias), key);
  }
  const positions = new Map<keyof C & string, number>();
  const unknown: string[] = [];
  const duplicated: string[] = [];
  sheet.headers.forEach((header, index) => {
    if (header.trim() === '') return;
    const key = byHeader.get(headerKey(header));
    if (!key) unknown.push(header);
    else if (positions.has(key)) duplicated.push(header);
    else positions.set(key, index);
  });
  const missing = Object.entries(columns)
    .filter(([key, column]) => column.required && !positions.has(key))
    .map(([, column]) => column.header);
  if (positions.size === 0) throw spreadsheetError(SPREADSHEET_MESSAGES.noHeader);
  if (missing.length > 0) throw spreadsheetError(SPREADSHEET_MESSAGES.missingColumns(missing));
  if (unknown.length > 0) throw spreadsheetError(SPREADSHEET_MESSAGES.unknownColumns(unknown));
  if (duplicated.length > 0) throw spreadsheetError(SPREADSHEET_MESSAGES.duplicateColumns(duplicated));
  if (sheet.rows.length === 0) throw spreadsheetError(SPREADSHEET_MESSAGES.noRows);

  const rows: ParsedRow<C>[] = [];
  const errors: FilaError[] = [];
  const invalidRows = new Set<number>();
  const partialRows: ParsedTable<C>['partialRows'] = [];
  const exampleRows: number[] = [];
  const examplePosition = options.exampleColumn === undefined ? undefined : positions.get(options.exampleColumn);
  const entries = Object.entries(columns);
  const pause = slicer();
  for (const row of sheet.rows) {
    await pause();
    if (examplePosition !== undefined) {
      const marker = row.cells[examplePosition];
      if (typeof marker === 'string' && marker.trim().toUpperCase().startsWith(EXAMPLE_ROW_MARK)) {
        exampleRows.push(row.fila);
        continue;
      }
    }
    const values: Record<string, unknown> = {};
    const badColumns = new Set<keyof C & string>();
    let ok = true;
    for (const [key, column] of entries) {
      const position = positions.get(key);
      const raw: CellValue = position === undefined ? null : (row.cells[position] ?? null);
      const empty = raw === null || (typeof raw === 'string' && raw.trim() === '');
      if (empty) {
        if (column.required) {
          errors.push({ fila: row.fila, columna: column.header, mensaje: 'Este dato es obligatorio.' });
          badColumns.add(key);
          ok = false;
        }
        values[key] = null;
        continue;
      }
      try {
        values[key] = column.parse(raw);
      } catch (error) {
        if (!(error instanceof CellError)) throw error;
        errors.push({ fila: row.fila, columna: column.header, mensaje: error.message });
        values[key] = null;
        badColumns.add(key);
        ok = false;
      }
    }
    if (ok) rows.push({ fila: row.fila, values: values as RowOf<C> });
    else {
      invalidRows.add(row.fila);
      partialRows.push({ fila: row.fila, values: values as RowOf<C>, badColumns });
    }
  }
  return { rows, errors, invalidRows, partialRows, totalRows: sheet.rows.length, present: new Set(positions.keys()), exampleRows };
}
