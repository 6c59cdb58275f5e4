import { CARGA_MASIVA_MAX_FILAS } from '@jornada/contracts';
import { SPREADSHEET_LIMITS, type SpreadsheetLimits } from './limits';
import { sniff } from './parse-file';
import { readInWorker } from './reader-pool';
import type { Sheet } from './sheet';

export type { CellValue, Sheet } from './sheet';

interface ReadOptions {
  /** Most data rows accepted (50,000 by default); one more is a clear error, not a slow request. */
  maxRows?: number;
  /** Sheet names to skip in a workbook (the template's instructions). */
  skipSheets?: readonly string[];
  /** Bounds on columns, cells, strings, nesting, runs, inflated bytes and time (lib/spreadsheet/limits.ts by default). */
  limits?: Partial<SpreadsheetLimits>;
  /**
   * The session's company, for uploads: each company has at most one file in the reader threads at a
   * time, so its files never hold another company's upload. Reads without one share a single turn.
   */
  companyId?: string;
}

/**
 * Reads the first sheet of an xlsx workbook (not one named in `skipSheets`), or a CSV (`;`, `,` or
 * tab; UTF-8 with or without BOM, or Windows-1252), in a worker thread: a slow or hostile file never
 * holds the event loop that answers every other request, nor (given `companyId`) another company's
 * upload. Any problem with the file is a 400 with a
 * Spanish message.
 */
export async function readSpreadsheet(buffer: Buffer, options: ReadOptions = {}): Promise<Sheet> {
  // Cheap checks first, here: an empty, .xls or binary file never reaches a worker.
  sniff(buffer);
  return readInWorker(
    {
      buffer,
      maxRows: options.maxRows ?? CARGA_MASIVA_MAX_FILAS,
      skipSheets: options.skipSheets ?? [],
      limits: { ...SPREADSHEET_LIMITS, ...options.limits },
    },
    options.companyId,
  );
}
