import { CARGA_MASIVA_MAX_BYTES, CARGA_MASIVA_MAX_FILAS } from '@jornada/contracts';
import { AppError } from '../errors';

const number = (n: number) => n.toLocaleString('es-CL');

/** File-level problems of an upload, each with the Spanish message the user sees (HTTP 400). */
export const SPREADSHEET_MESSAGES = {
  noFile: 'Adjunta un archivo Excel (.xlsx) o CSV en el campo «archivo».',
  notMultipart: 'Envía el archivo como multipart/form-data en el campo «archivo».',
  tooLarge: (maxBytes = CARGA_MASIVA_MAX_BYTES) => `El archivo supera el tamaño máximo de ${number(maxBytes / (1024 * 1024))} MB.`,
  tooManyRows: (maxRows = CARGA_MASIVA_MAX_FILAS) =>
    `El archivo tiene más de ${number(maxRows)} filas de datos. Divídelo en archivos más pequeños.`,
  notSpreadsheet: 'El archivo no es una planilla Excel (.xlsx) ni un archivo CSV. Descarga la plantilla y complétala.',
  legacyXls: 'El formato .xls (Excel 97-2003) no es compatible. Guarda el archivo como Libro de Excel (.xlsx) o CSV.',
  emptyFile: 'El archivo está vacío.',
  noHeader: 'La primera fila del archivo debe tener los encabezados de la plantilla.',
  noRows: 'El archivo no tiene filas de datos bajo los encabezados.',
  missingColumns: (headers: string[]) =>
    `Faltan columnas obligatorias: ${headers.join(', ')}. Usa los encabezados de la plantilla.`,
  unknownColumns: (headers: string[]) =>
    `${headers.length === 1 ? 'La columna' : 'Las columnas'} ${headers.map((h) => `«${h}»`).join(', ')} no ${headers.length === 1 ? 'corresponde' : 'corresponden'} a la plantilla. Usa los encabezados de la plantilla.`,
  duplicateColumns: (headers: string[]) => `Las columnas ${headers.map((h) => `«${h}»`).join(', ')} aparecen más de una vez.`,
} as const;

/** A problem with the whole file (not one row): answered as 400 VALIDATION with its message. */
export function spreadsheetError(message: string): AppError {
  return new AppError('VALIDATION', message);
}
