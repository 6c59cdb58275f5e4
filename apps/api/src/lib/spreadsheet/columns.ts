import { MAX_ISO_DATE, MIN_ISO_DATE } from '@jornada/contracts';
import { formatLocalDate, isValidLocalDate, isValidRut, normalizeRut, type LocalDate } from '@jornada/domain';
import type { CellValue } from './read';

/** A cell that cannot be read as its column's type; the message is shown to the user. */
export class CellError extends Error {}

/**
 * One column of an upload: the header of the template, other accepted headers, whether it must be
 * present and filled, and the parser of a non-empty cell (it throws CellError with a Spanish message).
 */
export interface Column<T, Required extends boolean = boolean> {
  header: string;
  aliases?: readonly string[];
  required: Required;
  /** For the template's "Instrucciones" sheet. */
  description: string;
  /** Shown in the template's example row. */
  example: string | number | Date;
  parse(value: NonNullable<CellValue>): T;
}

export type Columns = Record<string, Column<unknown>>;

/** The parsed row of a set of columns: optional columns give null when empty or absent. */
export type RowOf<C extends Columns> = {
  [K in keyof C]: C[K] extends Column<infer T, infer R> ? (R extends true ? T : T | null) : never;
};

interface Base<R extends boolean> {
  header: string;
  aliases?: readonly string[];
  required: R;
  description: string;
  example: string | number | Date;
}

function cellText(value: NonNullable<CellValue>): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

function make<T, R extends boolean>(base: Base<R>, parse: (value: NonNullable<CellValue>) => T): Column<T, R> {
  return { ...base, parse };
}

/** Free text, trimmed, up to `max` characters. */
export function text<R extends boolean>(base: Base<R> & { max?: number }): Column<string, R> {
  const max = base.max ?? 200;
  return make(base, (value) => {
    const result = cellText(value);
    if (result.length > max) throw new CellError(`Máximo ${max} caracteres.`);
    return result;
  });
}

/** An e-mail address, lower-cased. */
export function email<R extends boolean>(base: Base<R>): Column<string, R> {
  return make(base, (value) => {
    const result = cellText(value).toLowerCase();
    if (result.length > 254 || !/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(result)) throw new CellError('El correo electrónico no es válido.');
    return result;
  });
}

/** A RUT in any usual format (dots or not, dash or not, lower-case k), stored form `12345678-5`. */
export function rut<R extends boolean>(base: Base<R>): Column<string, R> {
  return make(base, (value) => {
    const raw = typeof value === 'number' ? String(value) : cellText(value);
    if (!isValidRut(raw)) throw new CellError('El RUT no es válido.');
    return normalizeRut(raw)!;
  });
}

/** Days between 1899-12-30 (Excel's day 0, after its 1900 leap-year bug) and 1970-01-01. */
const EXCEL_EPOCH_OFFSET_DAYS = 25_569;

/**
 * A calendar date: a real Excel date, an Excel serial number, `dd-mm-aaaa`, `dd/mm/aaaa`,
 * `aaaa-mm-dd` or `aaaa/mm/dd`, between 1900 and 2100 like every date of the API. Returns `aaaa-mm-dd`.
 */
export function date<R extends boolean>(base: Base<R>): Column<LocalDate, R> {
  const invalid = () => new CellError('La fecha no es válida. Usa dd-mm-aaaa o aaaa-mm-dd.');
  const parse = parseDate(invalid);
  return make(base, (value) => {
    const result = parse(value);
    if (result < MIN_ISO_DATE || result > MAX_ISO_DATE) throw new CellError('La fecha debe estar entre 1900 y 2100.');
    return result;
  });
}

function parseDate(invalid: () => CellError): (value: NonNullable<CellValue>) => LocalDate {
  return (value) => {
    if (value instanceof Date) {
      // Date cells arrive as UTC midnight of the day shown (lib/spreadsheet/xlsx.ts).
      const result = formatLocalDate(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());
      if (!isValidLocalDate(result)) throw invalid();
      return result;
    }
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 1 || value > 2_958_465) throw invalid();
      const at = new Date((value - EXCEL_EPOCH_OFFSET_DAYS) * 86_400_000);
      return formatLocalDate(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
    }
    const raw = cellText(value);
    let match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(raw);
    let result: string | null = null;
    if (match) result = formatLocalDate(Number(match[3]), Number(match[2]), Number(match[1]));
    match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(raw);
    if (match) result = formatLocalDate(Number(match[1]), Number(match[2]), Number(match[3]));
    if (!result || !isValidLocalDate(result)) throw invalid();
    return result;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A wall-clock time: `HH:MM`, `H:MM`, `HH:MM:SS` (seconds must be 0), `08.30`, or what a spreadsheet
 * stores for a time cell (a fraction of a day, or a Date on 1899-12-30 as exceljs reads it). Returns `HH:MM`;
 * with `allowMidnightEnd`, also `24:00` (the end of a shift that ends at midnight).
 */
export function time<R extends boolean>(base: Base<R> & { allowMidnightEnd?: boolean }): Column<string, R> {
  const invalid = () => new CellError(`La hora no es válida. Usa HH:MM (00:00 a ${base.allowMidnightEnd ? '24:00' : '23:59'}).`);
  const fromMinutes = (minutes: number) => {
    if (minutes === 1440 && base.allowMidnightEnd) return '24:00';
    if (!(minutes >= 0 && minutes < 1440)) throw invalid();
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  };
  const { allowMidnightEnd: _allow, ...rest } = base;
  return make(rest, (value) => {
    if (value instanceof Date) {
      // exceljs gives time cells as instants on 1899-12-30 UTC; the date part of a date-time is ignored.
      if (value.getUTCSeconds() !== 0) throw invalid();
      return fromMinutes(value.getUTCHours() * 60 + value.getUTCMinutes());
    }
    if (typeof value === 'number') {
      // A time cell is a fraction of a day (0.25 = 06:00); 1 is midnight at the end of the day.
      if (!(value >= 0 && value <= 1)) throw invalid();
      return fromMinutes(Math.round(value * 1440));
    }
    const match = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?$/.exec(String(value).trim());
    if (!match || (match[3] !== undefined && match[3] !== '00')) throw invalid();
    const hours = Number(match[1]);
    const minutes = Number(match[2]);
    if (minutes > 59) throw invalid();
    return fromMinutes(hours * 60 + minutes);
  });
}

/** A number written the Chilean way or the plain way: `1.250.000`, `1250000`, `42,5`, `42.5`. */
function parseNumber(value: NonNullable<CellValue>): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return null;
  let raw = value.trim().replace(/^\$\s*/, '').replace(/\s/g, '');
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(raw)) raw = raw.replaceAll('.', '').replace(',', '.');
  else if (/^-?\d+,\d+$/.test(raw)) raw = raw.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(raw)) return null;
  return Number(raw);
}

/** An integer within bounds (amounts in pesos, counts). */
export function integer<R extends boolean>(base: Base<R> & { min?: number; max?: number }): Column<number, R> {
  return make(base, (value) => {
    const result = parseNumber(value);
    if (result === null || !Number.isInteger(result)) throw new CellError('Debe ser un número entero.');
    if (base.min !== undefined && result < base.min) throw new CellError(`Debe ser al menos ${base.min.toLocaleString('es-CL')}.`);
    if (base.max !== undefined && result > base.max) throw new CellError(`No puede superar ${base.max.toLocaleString('es-CL')}.`);
    return result;
  });
}

/** A decimal number within bounds, optionally a multiple of `step` (half hours). */
export function decimal<R extends boolean>(base: Base<R> & { min?: number; max?: number; step?: number }): Column<number, R> {
  return make(base, (value) => {
    const result = parseNumber(value);
    if (result === null) throw new CellError('Debe ser un número.');
    if (base.min !== undefined && result < base.min) throw new CellError(`Debe ser al menos ${base.min.toLocaleString('es-CL')}.`);
    if (base.max !== undefined && result > base.max) throw new CellError(`No puede superar ${base.max.toLocaleString('es-CL')}.`);
    if (base.step !== undefined && Math.abs(result / base.step - Math.round(result / base.step)) > 1e-9) {
      throw new CellError(`Debe ser múltiplo de ${base.step.toLocaleString('es-CL')}.`);
    }
    return result;
  });
}

/** Text compared without accents, case or extra spaces. */
export function simplify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[\s_]+/g, ' ')
    .trim()
    .toLocaleLowerCase('es-CL');
}

/** One of a fixed set of values; each value may have spellings (`{ kiosco_pin: ['kiosco', 'pin'] }`). */
export function oneOf<V extends string, R extends boolean>(
  base: Base<R> & { values: readonly V[]; synonyms?: Partial<Record<V, readonly string[]>> },
): Column<V, R> {
  const lookup = new Map<string, V>();
  for (const v of base.values) {
    lookup.set(simplify(v), v);
    for (const synonym of base.synonyms?.[v] ?? []) lookup.set(simplify(synonym), v);
  }
  return make(base, (value) => {
    const result = lookup.get(simplify(cellText(value)));
    if (!result) throw new CellError(`Valor no válido. Usa: ${base.values.join(', ')}.`);
    return result;
  });
}

/** A list of values of a fixed set, separated by commas, semicolons or slashes. */
export function listOf<V extends string, R extends boolean>(
  base: Base<R> & { values: readonly V[]; synonyms?: Partial<Record<V, readonly string[]>> },
): Column<V[], R> {
  const item = oneOf({ ...base, required: true as const });
  return make(base, (value) => {
    const parts = cellText(value)
      .split(/[,;/]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const result: V[] = [];
    for (const part of parts) {
      const parsed = item.parse(part);
      if (!result.includes(parsed)) result.push(parsed);
    }
    if (result.length === 0) throw new CellError(`Valor no válido. Usa: ${base.values.join(', ')}.`);
    return result;
  });
}

/** Sí / No (also true/false, 1/0, x). */
export function yesNo<R extends boolean>(base: Base<R>): Column<boolean, R> {
  return make(base, (value) => {
    if (typeof value === 'boolean') return value;
    const raw = simplify(cellText(value));
    if (['si', 's', 'true', 'verdadero', '1', 'x'].includes(raw)) return true;
    if (['no', 'n', 'false', 'falso', '0'].includes(raw)) return false;
    throw new CellError('Usa Sí o No.');
  });
}

/** NUL or a UTF-16 surrogate that is not half of a pair: text PostgreSQL cannot store (plugins/input-guard.ts). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/**
 * The columns with one more check before each parser: a cell with a character the database cannot store
 * is that cell's row error in the preview, not a commit that fails on the database.
 */
export function storableCells<C extends Columns>(columns: C): C {
  const guarded = Object.entries(columns).map(([key, column]) => [
    key,
    {
      ...column,
      parse: (value: NonNullable<CellValue>) => {
        if (typeof value === 'string' && UNSTORABLE.test(value)) throw new CellError('Contiene un carácter no permitido (carácter nulo o Unicode incompleto).');
        return column.parse(value);
      },
    },
  ]);
  return Object.fromEntries(guarded) as C;
}
