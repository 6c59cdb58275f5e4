/**
 * For the tests that hold the legal reports' Excel file to the screen: a cell as a spreadsheet program
 * shows it, its stored value drawn with its number format. It draws the formats of dates, times and
 * elapsed hours (`dd`, `mm`, `yy`, `yyyy`, `hh`, `ss`, `[h]`, `[hh]`), quoted (`"lun"`) and escaped (`\/`)
 * literals, and text (`@`); any other format throws, so a format it does not know fails a test instead
 * of passing by accident. Written apart from the writer (legal-reports.export.ts), from Excel's rules.
 * And the rows a report's sheet must show (`sheetRowsOf`), the screen's cells in the sheet's layout.
 */
import type { BloqueReporteLegal, ReporteLegal } from '@jornada/contracts';
import type ExcelJS from 'exceljs';
import { XLSX_WORKER_COLUMN } from './legal-reports.export';

/** Excel's day 0 is 1899-12-30 (the 1900 system, without its 1900-02-29 before March 1900). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

type Token = { kind: 'literal'; text: string } | { kind: 'elapsed'; width: number } | { kind: 'part'; code: string };

function tokenize(format: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < format.length; ) {
    const c = format[i]!;
    if (c === '"') {
      const end = format.indexOf('"', i + 1);
      if (end < 0) throw new Error(`Formato sin cerrar: ${format}`);
      tokens.push({ kind: 'literal', text: format.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '\\') {
      tokens.push({ kind: 'literal', text: format[i + 1] ?? '' });
      i += 2;
    } else if (c === '[') {
      const end = format.indexOf(']', i);
      const inner = format.slice(i + 1, end).toLowerCase();
      if (!/^h+$/.test(inner)) throw new Error(`Formato no soportado: ${format}`);
      tokens.push({ kind: 'elapsed', width: inner.length });
      i = end + 1;
    } else if (/[ymdhs]/i.test(c)) {
      let j = i;
      while (format[j]?.toLowerCase() === c.toLowerCase()) j++;
      tokens.push({ kind: 'part', code: format.slice(i, j).toLowerCase() });
      i = j;
    } else if (' :-.,()/'.includes(c)) {
      // exceljs reads `\/` back as `/` (it drops the escapes of format codes): the file's own codes are
      // checked apart, on its styles.xml.
      tokens.push({ kind: 'literal', text: c });
      i++;
    } else throw new Error(`Formato no soportado: ${format}`);
  }
  return tokens;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** An Excel serial (days since 1899-12-30, the time of day as its fraction) drawn with `format`. */
function formatSerial(serial: number, format: string): string {
  const seconds = Math.round(serial * 86_400);
  const at = new Date(EXCEL_EPOCH_MS + Math.floor(seconds / 86_400) * DAY_MS);
  const tokens = tokenize(format);
  const isTime = (t: Token | undefined) => t?.kind === 'elapsed' || (t?.kind === 'part' && (t.code.startsWith('h') || t.code.startsWith('s')));
  const parts = tokens.filter((t) => t.kind !== 'literal');
  return tokens
    .map((t) => {
      if (t.kind === 'literal') return t.text;
      if (t.kind === 'elapsed') return pad(Math.floor(seconds / 3600), t.width);
      const n = t.code.length;
      switch (t.code[0]) {
        case 'y':
          return n <= 2 ? pad(at.getUTCFullYear() % 100, 2) : String(at.getUTCFullYear());
        case 'd':
          if (n > 2) throw new Error(`Formato no soportado: ${format}`);
          return pad(at.getUTCDate(), n);
        case 'h':
          return pad(Math.floor((seconds % 86_400) / 3600), n);
        case 's':
          return pad(seconds % 60, n);
        default: {
          // m: minutes right after an hour or right before seconds, else the month.
          const k = parts.indexOf(t);
          const next = parts[k + 1];
          const minutes = isTime(parts[k - 1]) || (next?.kind === 'part' && next.code.startsWith('s'));
          if (n > 2) throw new Error(`Formato no soportado: ${format}`);
          return pad(minutes ? Math.floor((seconds % 3600) / 60) : at.getUTCMonth() + 1, n);
        }
      }
    })
    .join('');
}

/** What a spreadsheet program shows in the cell. */
export function shownText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  const format = cell.numFmt;
  if (!format) throw new Error(`${cell.address}: un número sin formato`);
  if (value instanceof Date) return formatSerial((value.getTime() - EXCEL_EPOCH_MS) / DAY_MS, format);
  if (typeof value === 'number') return formatSerial(value, format);
  throw new Error(`${cell.address}: valor no esperado ${JSON.stringify(value)}`);
}

/** Every row of a sheet, from the first, as the text shown in each cell (trailing empty cells dropped). */
export function shownRows(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  for (let n = 1; n <= sheet.rowCount; n++) {
    const row = sheet.getRow(n);
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(shownText(row.getCell(c)));
    while (cells.length && cells.at(-1) === '') cells.pop();
    rows.push(cells);
  }
  return rows;
}

/** The rows the sheet must show, text for text: heading, the table's header and blocks, the glossary. */
export function sheetRowsOf(r: ReporteLegal): { rows: string[][]; header: number; last: number } {
  const heading = [[r.titulo], [`Empleador: ${r.empresa.razonSocial} · RUT ${r.empresa.rut}`], ...r.filtros.map((f) => [`${f.etiqueta}: ${f.valor}`]), [`Generado el ${r.generadoEn}`]];
  const perWorker = r.reporte !== 'incidentes';
  const width = r.columnas.length;
  const withWorker = (cells: string[], b: BloqueReporteLegal) => {
    if (!perWorker) return cells;
    const out = [...cells, ...new Array<string>(width - cells.length).fill('')];
    out.push(`${b.titulo} · ${b.detalles[0]}`);
    return out;
  };
  const table: string[][] = r.bloques.length ? [perWorker ? [...r.columnas, XLSX_WORKER_COLUMN] : r.columnas] : [[], [r.vacio!]];
  for (const b of r.bloques) {
    table.push(withWorker([b.titulo], b));
    if (b.detalles.length) table.push(withWorker([b.detalles.join(' · ')], b));
    if (b.vacio) table.push(withWorker([b.vacio], b));
    for (const f of b.filas) table.push(withWorker(f.celdas, b));
  }
  const trim = (cells: string[]) => {
    const out = [...cells];
    while (out.length && out.at(-1) === '') out.pop();
    return out;
  };
  const glossary = [[], ['Glosario de abreviaturas'], ...r.glosario.map((g) => [g.sigla, g.significado])];
  return { rows: [...heading, ...table, ...glossary].map(trim), header: heading.length + 1, last: heading.length + table.length };
}
