/**
 * A legal report (one document of text cells, the same the screen shows) written as Excel, PDF and
 * Word: heading (title, employer, period, every filter), one block per worker with its columns and
 * rows (totals in bold), the empty texts, and the glossary of abbreviations at the end.
 * - Excel (exceljs) and Word (docx) are set in Arial 8 pt (Word: size 16 half-points; the title too).
 * - PDF (pdfkit) uses Helvetica, Arial's metric twin built into every PDF reader (Arial itself is not
 *   one of the PDF standard fonts and is not installed on the servers), at 8 pt or less.
 */
import type { ReporteLegal } from '@jornada/contracts';
import {
  AlignmentType,
  BorderStyle,
  Document,
  Packer,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { textCell } from '../../lib/spreadsheet/index';

/** Lines above the blocks: employer, period, filters, generation time. */
export function headingLines(r: ReporteLegal): string[] {
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

export async function legalReportXlsx(r: ReporteLegal): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Jornada';
  const ws = wb.addWorksheet(r.titulo.slice(0, 31).replace(/[\\/?*[\]:]/g, ''), { pageSetup: { orientation: 'landscape', paperSize: 9, fitToWidth: 1 } });
  ws.columns = r.columnas.map((c) => ({ width: Math.max(12, Math.min(40, c.length + 6)) }));
  const line = (text: string, font = XFONT) => {
    const row = ws.addRow([]);
    textCell(row.getCell(1), text);
    row.getCell(1).font = font;
  };
  line(r.titulo, XBOLD);
  for (const text of headingLines(r)) line(text);
  if (r.vacio) {
    ws.addRow([]);
    line(r.vacio, XBOLD);
  }
  for (const b of r.bloques) {
    ws.addRow([]);
    line(b.titulo, XBOLD);
    if (b.detalles.length) line(b.detalles.join(' · '));
    const head = ws.addRow([]);
    r.columnas.forEach((c, i) => {
      const cell = head.getCell(i + 1);
      textCell(cell, c);
      cell.font = XBOLD;
      cell.fill = XHEAD;
    });
    if (b.vacio) line(b.vacio);
    for (const f of b.filas) {
      const row = ws.addRow([]);
      f.celdas.forEach((text, i) => {
        const cell = row.getCell(i + 1);
        textCell(cell, text);
        cell.font = f.tipo === 'total' ? XBOLD : XFONT;
        cell.alignment = { wrapText: true, vertical: 'top' };
      });
    }
  }
  ws.addRow([]);
  line(GLOSSARY_TITLE, XBOLD);
  for (const g of r.glosario) {
    const row = ws.addRow([]);
    textCell(row.getCell(1), g.sigla);
    textCell(row.getCell(2), g.significado);
    row.getCell(1).font = XBOLD;
    row.getCell(2).font = XFONT;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- Word ----

/** Word sizes are half-points: 16 = 8 pt, the most the DT allows. */
const WSIZE = 16;
const WSMALL = 14;
const run = (text: string, bold = false, size = WSMALL) => new TextRun({ text, bold, size, font: 'Arial' });
const para = (text: string, bold = false, size = WSMALL) => new Paragraph({ children: [run(text, bold, size)], spacing: { after: 40 } });
const THIN = { style: BorderStyle.SINGLE, size: 2, color: 'C9D6D3' };
const BORDERS = { top: THIN, bottom: THIN, left: THIN, right: THIN };

function wordTable(header: readonly string[], rows: { cells: readonly string[]; bold: boolean }[]): Table {
  const cell = (text: string, bold: boolean, shaded: boolean) =>
    new TableCell({
      children: text.split('\n').map((t) => new Paragraph({ children: [run(t, bold)] })),
      borders: BORDERS,
      ...(shaded ? { shading: { type: ShadingType.CLEAR, fill: 'E6F2F0', color: 'auto' } } : {}),
    });
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: header.map((h) => cell(h, true, true)) }),
      ...rows.map((row) => new TableRow({ children: row.cells.map((c) => cell(c, row.bold, false)) })),
    ],
  });
}

export async function legalReportDocx(r: ReporteLegal): Promise<Buffer> {
  const children: (Paragraph | Table)[] = [new Paragraph({ children: [run(r.titulo, true, WSIZE)], alignment: AlignmentType.LEFT, spacing: { after: 80 } })];
  for (const text of headingLines(r)) children.push(para(text));
  if (r.vacio) children.push(para(r.vacio, true));
  for (const b of r.bloques) {
    children.push(new Paragraph({ children: [run(b.titulo, true, WSIZE)], spacing: { before: 160, after: 40 } }));
    if (b.detalles.length) children.push(para(b.detalles.join(' · ')));
    if (b.vacio) children.push(para(b.vacio));
    else children.push(wordTable(r.columnas, b.filas.map((f) => ({ cells: f.celdas, bold: f.tipo === 'total' }))));
  }
  children.push(new Paragraph({ children: [run(GLOSSARY_TITLE, true, WSIZE)], spacing: { before: 200, after: 40 } }));
  children.push(wordTable(['Abreviatura', 'Significado'], r.glosario.map((g) => ({ cells: [g.sigla, g.significado], bold: false }))));
  const doc = new Document({
    creator: 'Jornada',
    title: r.titulo,
    styles: { default: { document: { run: { font: 'Arial', size: WSMALL } } } },
    sections: [
      {
        properties: { page: { size: { orientation: PageOrientation.LANDSCAPE }, margin: { top: 567, bottom: 567, left: 567, right: 567 } } },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
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
    // Widths by the longest text of each column (header included), scaled to the page.
    doc.font(FONT).fontSize(SIZE);
    const want = columns.map((c, i) => Math.min(220, Math.max(doc.widthOfString(c), ...rows.slice(0, 200).map((r) => doc.widthOfString(r.cells[i] ?? ''))) + 2 * PAD));
    const sum = want.reduce((a, b) => a + b, 0);
    const widths = want.map((w) => (w / sum) * width);
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
