/**
 * What one uploaded spreadsheet may cost before it is even parsed. A template has at most a couple of
 * dozen columns and 50,000 rows; these bounds leave room for real files and refuse the hostile ones
 * (a cell in column XFD on every row, a zip bomb, millions of shared strings) with a clear 400.
 */
export const SPREADSHEET_LIMITS = {
  /** Cells with a value beyond this column (BL) refuse the file: no template comes near it. */
  maxColumns: 64,
  /** Cells with a value in the whole sheet, header included. */
  maxCells: 1_000_000,
  /** Entries of the shared-strings table, declared or actual. */
  maxSharedStrings: 1_000_000,
  /** Characters in one cell (Excel's own limit). */
  maxCellChars: 32_767,
  /**
   * Elements open inside one another in any part read. A real workbook nests about eight deep
   * (worksheet > sheetData > row > c > is > r > rPr > …); the XML parser's cost per element grows
   * with the depth, so 500,000 nested runs in a 13 KB file held a reader thread for 20 s.
   */
  maxXmlDepth: 64,
  /** Rich-text runs (`<r>`) in one cell or one shared string: a cell formatted piece by piece has a handful. */
  maxRunsPerCell: 1_000,
  /** Uncompressed bytes of the parts read (workbook, relationships, strings, styles, the sheet), declared or actual. */
  maxUncompressedBytes: 128 * 1024 * 1024,
  /** Entries in the zip's central directory. */
  maxZipEntries: 2_000,
  /** Wall-clock time one file may take to read, counted from when its reader thread starts on it (time waiting for a thread is not counted). */
  timeoutMs: 20_000,
  /** Heap of a reader worker: a file that needs more ends that worker, not the server. */
  workerHeapMb: 256,
} as const;

export type SpreadsheetLimits = { [K in keyof typeof SPREADSHEET_LIMITS]: number };

const number = (n: number) => n.toLocaleString('es-CL');

/** `1` -> `A`, `16384` -> `XFD`. */
function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Spanish messages of the limits, shown to the user as they are (HTTP 400). */
export const LIMIT_MESSAGES = {
  tooManyColumns: (column: number, fila: number, maxColumns: number) =>
    `La fila ${number(fila)} tiene datos en la columna ${columnLetters(column)}; la plantilla usa como máximo ${number(maxColumns)} columnas (hasta la ${columnLetters(maxColumns)}). Borra esas celdas o copia los datos en la plantilla.`,
  tooManyCells: (maxCells: number) => `El archivo tiene más de ${number(maxCells)} celdas con datos. Divídelo en archivos más pequeños.`,
  tooManySharedStrings: (maxStrings: number) =>
    `El archivo declara más de ${number(maxStrings)} textos distintos. Guárdalo de nuevo desde Excel o divídelo en archivos más pequeños.`,
  tooLongCell: (maxChars: number) => `Una celda del archivo tiene más de ${number(maxChars)} caracteres.`,
  tooDeep: (maxDepth: number) =>
    `El archivo tiene elementos anidados en más de ${number(maxDepth)} niveles, algo que ninguna planilla de Excel necesita. Guárdalo de nuevo desde Excel o descarga la plantilla y complétala.`,
  tooManyRuns: (maxRuns: number) =>
    `Una celda del archivo tiene más de ${number(maxRuns)} fragmentos de texto con formatos distintos. Pega los datos en la plantilla como solo valores o guárdalo de nuevo desde Excel.`,
  tooLargeUncompressed: (maxBytes: number) =>
    `El archivo descomprimido supera ${number(maxBytes / (1024 * 1024))} MB. Divídelo en archivos más pequeños.`,
  tooManyEntries: 'El archivo Excel tiene demasiadas partes internas para ser una planilla. Descarga la plantilla y complétala.',
  tooSlow: 'El archivo tardó demasiado en leerse. Divídelo en archivos más pequeños o guárdalo de nuevo desde Excel.',
  tooComplex: 'El archivo es demasiado complejo para leerlo. Divídelo en archivos más pequeños o guárdalo de nuevo desde Excel.',
  busy: 'Hay muchas planillas leyéndose en este momento. Inténtalo de nuevo en unos segundos.',
} as const;
