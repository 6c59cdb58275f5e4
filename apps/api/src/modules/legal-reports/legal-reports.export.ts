/**
 * A legal report (one document of text cells, the same the screen shows) written as Excel, PDF and
 * Word: heading (title, employer, period, every filter), one block per worker with its columns and
 * rows (totals in bold), the empty texts, and the glossary of abbreviations at the end. These run in a
 * render thread (legal-reports.render.ts), never on the server's event loop.
 * - Excel (exceljs, its streaming writer: memory does not grow with the rows) and Word (lib/render/word.ts)
 *   are set in Arial 8 pt (Word: size 16 half-points; the title too). In Excel the blocks form one table
 *   under a frozen header row with an autofilter, and its dates, instants and durations are Excel values
 *   whose number formats show the screen's text (`xlsxValue`).
 * - PDF (pdfkit) uses Helvetica, Arial's metric twin built into every PDF reader (Arial itself is not
 *   one of the PDF standard fonts and is not installed on the servers), at 8 pt or less.
 */
import { PassThrough } from 'node:stream';
import type { ReporteLegal } from '@jornada/contracts';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
// The files themselves, not the libraries' doors: a render thread loads only what it draws with.
import { pace, sheetBacklog } from '../../lib/render/pace';
import { WORD_TABLE_END, wordFile, wordParagraph, wordRun, wordTableRow, wordTableStart, wordTextWidth, type RunStyle } from '../../lib/render/word';
import { textCell } from '../../lib/spreadsheet/formula-guard';

/** Lines above the blocks: employer, period, filters, generation time. */
function headingLines(r: ReporteLegal): string[] {
  return [
    `Empleador: ${r.empresa.razonSocial} · RUT ${r.empresa.rut}`,
    ...r.filtros.map((f) => `${f.etiqueta}: ${f.valor}`),
    `Generado el ${r.generadoEn}`,
  ];
}

const GLOSSARY_TITLE = 'Glosario de abreviaturas';

// ---- Excel ----

const XFONT: Partial<ExcelJS.Font> = { name: 'Arial', size: 8 };
const XBOLD: Partial<ExcelJS.Font> = { ...XFONT, bold: true };
const XHEAD: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F0' } };
const XWORKER: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF4F8F7' } };

/**
 * Each report's sheet name: Excel allows 31 characters and none of «/ \ ? * [ ] :», which cut «c) …
 * domingo y/o días festivos» to «… domingo yo».
 */
export const SHEET_NAMES: Record<ReporteLegal['reporte'], string> = {
  asistencia: 'a) Asistencia',
  jornada: 'b) Jornada diaria',
  domingos: 'c) Domingos y festivos',
  modificaciones: 'd) Modificaciones de turnos',
  incidentes: 'f) Incidentes técnicos',
};

/**
 * The Excel-only last column of the reports with a block per worker: the block's worker on each of its
 * rows, so that the autofilter (on Asistencia «No», say) still tells whose rows are left.
 */
export const XLSX_WORKER_COLUMN = 'Trabajador';

/** What a column of the screen holds when its text is a date, an instant or a duration. */
type XlsxKind = 'dia' | 'instante' | 'duracion';
const XLSX_KINDS: Partial<Record<string, XlsxKind>> = {
  Fecha: 'dia',
  'Fecha asignación turno': 'instante',
  'Fecha asignación nuevo turno': 'instante',
  'Inicio de turno': 'instante',
  Inicio: 'instante',
  Fin: 'instante',
  Colación: 'duracion',
  'Tiempo faltante': 'duracion',
  'Tiempo extra': 'duracion',
  'Extensión del turno': 'duracion',
  'Extensión del nuevo turno': 'duracion',
  Duración: 'duracion',
};
const XLSX_KIND_WIDTH: Record<XlsxKind, number> = { dia: 12, instante: 20, duracion: 12 };

/** The weekdays as the screen writes them after a date (legal-reports.model.ts): `02/03/26 lun`. */
const WEEKDAYS = ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'];
const DIA = /^(\d{2})\/(\d{2})\/(\d{2}) (dom|lun|mar|mié|jue|vie|sáb)$/;
const INSTANTE = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}):(\d{2}))?$/;
const DURACION = /^(?:([A-Za-z.]+) )?(\d{2,}):([0-5]\d):([0-5]\d)$/;

/**
 * «/» is escaped: Excel shows an unescaped «/» of a date format as the viewer's date separator («-» in
 * Chile), and the cell would no longer read as the screen.
 */
const DATE_FMT = 'dd\\/mm\\/yy';
const LONG_DATE_FMT = 'dd\\/mm\\/yyyy';
const INSTANT_FMT = `${LONG_DATE_FMT} hh:mm:ss`;
/** Elapsed hours, two digits at least, past 24: `08:00:00`, `40:00:00`, as the screen's `hh:mm:ss`. */
const DURATION_FMT = '[hh]:mm:ss';

/** A calendar date and a wall-clock time as Excel stores them: the components as written, no zone. */
function wallDate(year: number, month: number, day: number, h = 0, m = 0, s = 0): Date | null {
  const at = new Date(Date.UTC(year, month - 1, day, h, m, s));
  const same = at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day && h < 24 && m < 60 && s < 60;
  return same ? at : null;
}

/**
 * The Excel value of a screen cell of a date, instant or duration column, and the number format that
 * shows it as the screen's text, character for character, in any program and locale: `02/03/26 lun` is
 * the date 2026-03-02 shown `dd/mm/yy "lun"` (the weekday is written into the format, not Excel's `ddd`,
 * which follows the viewer's language and abbreviates it differently); `20/03/2026 09:00:00` the date and
 * time as the screen shows it in the site's zone (Excel has no zones: the wall-clock time is written, never
 * an instant that another zone would shift a day); `H.E. 02:00:00` two hours shown `"H.E. "[hh]:mm:ss`.
 * Null when the text is anything else (`—`, a total's label, empty): it stays text.
 */
export function xlsxValue(kind: XlsxKind, text: string): { value: Date | number; numFmt: string } | null {
  if (kind === 'dia') {
    const m = DIA.exec(text);
    const at = m && wallDate(2000 + Number(m[3]), Number(m[2]), Number(m[1]));
    return at && WEEKDAYS[at.getUTCDay()] === m[4] ? { value: at, numFmt: `${DATE_FMT} "${m[4]}"` } : null;
  }
  if (kind === 'instante') {
    const m = INSTANTE.exec(text);
    if (!m) return null;
    const at = wallDate(Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
    return at && { value: at, numFmt: m[4] === undefined ? LONG_DATE_FMT : INSTANT_FMT };
  }
  const m = DURACION.exec(text);
  if (!m) return null;
  const seconds = Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
  return { value: seconds / 86_400, numFmt: m[1] ? `"${m[1]} "${DURATION_FMT}` : DURATION_FMT };
}

/** Rows written between two yields, so the zip takes what was written (lib/render/pace.ts). */
const XLSX_SLICE = 200;

/**
 * The report as one sheet: its title and heading, then one table (a header row, frozen with the heading
 * above it, and an autofilter over the header and every row) holding the blocks in order, each its
 * worker's name and details rows and then its rows, and below it the glossary. Text cells are text
 * (formula-safe); dates, instants and durations are Excel values shown as the screen's text (`xlsxValue`).
 * Written with exceljs's streaming writer a row at a time: memory does not grow with the rows.
 */
export async function legalReportXlsx(r: ReporteLegal): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const heading = [r.titulo, ...headingLines(r)];
  const table = r.bloques.length > 0;
  const perWorker = r.reporte !== 'incidentes';
  const columns = perWorker ? [...r.columnas, XLSX_WORKER_COLUMN] : r.columnas;
  const kinds = r.columnas.map((c) => XLSX_KINDS[c]);
  const headerRow = heading.length + 1;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'Jornada';
  // The frozen rows go in the sheet's opening XML, written at once: they are known before any row.
  const ws = wb.addWorksheet(SHEET_NAMES[r.reporte], {
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToWidth: 1 },
    views: table ? [{ state: 'frozen', xSplit: 0, ySplit: headerRow, topLeftCell: `A${headerRow + 1}` }] : [],
  });
  ws.columns = columns.map((c, i) => {
    const kind = kinds[i];
    if (i === r.columnas.length) return { width: 36 };
    return { width: Math.max(kind ? XLSX_KIND_WIDTH[kind] : 12, Math.min(40, c.length + 6)) };
  });
  const backlog = sheetBacklog(ws);
  let written = 0;
  const commit = async (row: ExcelJS.Row) => {
    row.commit();
    if (++written % XLSX_SLICE === 0) await pace(stream, backlog);
  };
  const line = async (text: string, font = XFONT, worker?: string) => {
    const row = ws.addRow([]);
    textCell(row.getCell(1), text);
    row.getCell(1).font = font;
    if (worker !== undefined) {
      const cell = row.getCell(columns.length);
      textCell(cell, worker);
      cell.font = XFONT;
    }
    await commit(row);
  };
  await line(r.titulo, XBOLD);
  for (const text of heading.slice(1)) await line(text);
  if (table) {
    const head = ws.addRow([]);
    columns.forEach((c, i) => {
      const cell = head.getCell(i + 1);
      textCell(cell, c);
      cell.font = XBOLD;
      cell.fill = XHEAD;
    });
    await commit(head);
  } else if (r.vacio) {
    await commit(ws.addRow([]));
    await line(r.vacio, XBOLD);
  }
  for (const b of r.bloques) {
    // The RUT, the first of the details, tells apart two workers of the same name.
    const worker = perWorker ? [b.titulo, ...b.detalles.filter((d) => d.startsWith('RUT '))].join(' · ') : undefined;
    const title = ws.addRow([]);
    textCell(title.getCell(1), b.titulo);
    if (worker !== undefined) textCell(title.getCell(columns.length), worker);
    columns.forEach((_, i) => {
      const cell = title.getCell(i + 1);
      cell.font = i === 0 ? XBOLD : XFONT;
      cell.fill = XWORKER;
    });
    await commit(title);
    if (b.detalles.length) await line(b.detalles.join(' · '), XFONT, worker);
    if (b.vacio) await line(b.vacio, XFONT, worker);
    for (const f of b.filas) {
      const row = ws.addRow([]);
      const font = f.tipo === 'total' ? XBOLD : XFONT;
      f.celdas.forEach((text, i) => {
        const cell = row.getCell(i + 1);
        const kind = kinds[i];
        const typed = kind ? xlsxValue(kind, text) : null;
        if (typed) {
          cell.value = typed.value;
          cell.numFmt = typed.numFmt;
        } else textCell(cell, text);
        cell.font = font;
        cell.alignment = { wrapText: true, vertical: 'top' };
      });
      if (worker !== undefined) {
        const cell = row.getCell(columns.length);
        textCell(cell, worker);
        cell.font = XFONT;
        cell.alignment = { vertical: 'top' };
      }
      await commit(row);
    }
  }
  // The filter covers the header and every row of the blocks; the glossary below stays out of it.
  if (table) ws.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: written, column: columns.length } };
  await commit(ws.addRow([]));
  await line(GLOSSARY_TITLE, XBOLD);
  for (const g of r.glosario) {
    const row = ws.addRow([]);
    textCell(row.getCell(1), g.sigla);
    textCell(row.getCell(2), g.significado);
    row.getCell(1).font = XBOLD;
    row.getCell(2).font = XFONT;
    await commit(row);
  }
  ws.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * Column widths that fill `width`: in proportion to what each column wants when everything fits or
 * nothing can; otherwise each gets what it needs (its longest word) and the rest of the room goes in
 * proportion to what each wants beyond that.
 */
export function fitWidths(want: readonly number[], need: readonly number[], width: number): number[] {
  const sum = want.reduce((a, b) => a + b, 0);
  const needed = need.reduce((a, b) => a + b, 0);
  if (sum <= width || needed >= width) return want.map((w) => (w / sum) * width);
  return want.map((w, i) => need[i]! + ((w - need[i]!) / (sum - needed)) * (width - needed));
}

// ---- Word ----

/** Word sizes are half-points: 16 = 8 pt, the most the DT allows. */
const WSIZE = 16;
const WSMALL = 14;
const PAGE = { landscape: true, margin: 567 };
const THIN = { color: 'C9D6D3', size: 2 };
const HEAD_FILL = 'E6F2F0';
const style = (bold: boolean, size = WSMALL): RunStyle => ({ font: 'Arial', size, bold });
const para = (text: string, bold = false, size = WSMALL, spacing: { before?: number; after?: number } = { after: 40 }) => wordParagraph(wordRun(text, style(bold, size)), spacing);

/** A table of the page's width in equal columns, its header row shaded and repeated on every page. */
function* wordTable(header: readonly string[], rows: Iterable<{ cells: readonly string[]; bold: boolean }>): Generator<string> {
  const width = wordTextWidth(PAGE) / header.length;
  yield wordTableStart({ columns: header.map(() => width), border: THIN });
  yield wordTableRow(header, style(true), { fill: HEAD_FILL });
  for (const row of rows) yield wordTableRow(row.cells, style(row.bold));
  yield WORD_TABLE_END;
}

function* wordBody(r: ReporteLegal): Generator<string> {
  yield para(r.titulo, true, WSIZE, { after: 80 });
  for (const text of headingLines(r)) yield para(text);
  if (r.vacio) yield para(r.vacio, true);
  for (const b of r.bloques) {
    yield para(b.titulo, true, WSIZE, { before: 160, after: 40 });
    if (b.detalles.length) yield para(b.detalles.join(' · '));
    if (b.vacio) yield para(b.vacio);
    else yield* wordTable(r.columnas, b.filas.map((f) => ({ cells: f.celdas, bold: f.tipo === 'total' })));
  }
  yield para(GLOSSARY_TITLE, true, WSIZE, { before: 200, after: 40 });
  yield* wordTable(['Abreviatura', 'Significado'], r.glosario.map((g) => ({ cells: [g.sigla, g.significado], bold: false })));
}

export async function legalReportDocx(r: ReporteLegal): Promise<Buffer> {
  const bytes = await wordFile({ title: r.titulo, creator: 'Jornada', font: 'Arial', size: WSMALL, ...PAGE }, wordBody(r));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

// ---- PDF ----

const MARGIN = 28;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 7;
const TITLE = 8;
const PAD = 2;

export function legalReportPdf(r: ReporteLegal): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: r.titulo, Author: r.empresa.razonSocial, Subject: r.titulo } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 10;
  let y = MARGIN;
  const ensure = (h: number, redraw?: () => void) => {
    if (y + h > bottom()) {
      doc.addPage();
      y = MARGIN;
      redraw?.();
    }
  };
  const text = (t: string, bold = false, size = SIZE) => {
    doc.font(bold ? BOLD : FONT).fontSize(size);
    const h = doc.heightOfString(t, { width });
    ensure(h + 2);
    doc.text(t, left, y, { width });
    y += h + 2;
  };
  const table = (columns: readonly string[], rows: { cells: readonly string[]; bold: boolean }[]) => {
    // Widths by the longest text of each column (header included), fitted to the page. No column gets
    // less than its longest word (a time «01:00:00» or the header «Colación» is never split); the
    // room left is shared by what each column would like beyond that.
    const sample = rows.slice(0, 200);
    const longestWord = (text: string) => Math.max(0, ...text.split(/\s+/).map((w) => doc.widthOfString(w)));
    doc.font(BOLD).fontSize(SIZE);
    const headWords = columns.map((c) => longestWord(c));
    doc.font(FONT).fontSize(SIZE);
    const need = columns.map((_, i) => Math.max(headWords[i]!, ...sample.map((r) => longestWord(r.cells[i] ?? ''))) + 2 * PAD + 1);
    const want = columns.map((c, i) => Math.max(need[i]!, Math.min(220, Math.max(doc.widthOfString(c), ...sample.map((r) => doc.widthOfString(r.cells[i] ?? ''))) + 2 * PAD)));
    const widths = fitWidths(want, need, width);
    const drawRow = (cells: readonly string[], bold: boolean, head: boolean) => {
      doc.font(bold || head ? BOLD : FONT).fontSize(SIZE);
      const h = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i]! - 2 * PAD }))) + 2 * PAD;
      ensure(h, head ? undefined : () => drawRow(columns, true, true));
      let x = left;
      if (head) doc.rect(left, y, width, h).fill('#e6f2f0').fillColor('black');
      cells.forEach((c, i) => {
        doc.font(bold || head ? BOLD : FONT).fontSize(SIZE).fillColor('black');
        doc.text(c, x + PAD, y + PAD, { width: widths[i]! - 2 * PAD });
        x += widths[i]!;
      });
      doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.3).strokeColor('#c9d6d3').stroke();
      y += h;
    };
    drawRow(columns, true, true);
    for (const row of rows) drawRow(row.cells, row.bold, false);
    y += 4;
  };
  text(r.titulo, true, TITLE);
  for (const line of headingLines(r)) text(line);
  if (r.vacio) text(r.vacio, true);
  for (const b of r.bloques) {
    y += 6;
    text(b.titulo, true, TITLE);
    if (b.detalles.length) text(b.detalles.join(' · '));
    if (b.vacio) text(b.vacio);
    else table(r.columnas, b.filas.map((f) => ({ cells: f.celdas, bold: f.tipo === 'total' })));
  }
  y += 6;
  text(GLOSSARY_TITLE, true, TITLE);
  table(['Abreviatura', 'Significado'], r.glosario.map((g) => ({ cells: [g.sigla, g.significado], bold: false })));
  doc.end();
  return done;
}
