/**
 * A table report as a printable PDF: A4 landscape, Helvetica (Arial's metric twin) at 7–8 pt, the
 * heading, the screen's table with each row's detail lines under it, the totals line, and the page
 * number on every page with the column heading repeated. Pages are written out as they fill and the
 * rows drawn in slices with a yield to the event loop between them (lib/render/pace.ts), so a long report
 * neither sits in memory nor holds up other requests.
 */
import { REPORTE_SIN_TRABAJADORES, type ColumnaReporte } from '@jornada/contracts';
import PDFDocument from 'pdfkit';
import { ExportClosed, pace } from '../../lib/render/index';
import { clDate } from './marks-report.format';
import { cellsOf, headingLines, totalsCells, type TableHeading, type TableRows } from './report-table';

const MARGIN = 28;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 7;
const PAD = 2;
const HEAD_BAND = '#e6f2f0';
const TOTAL_BAND = '#f3f6f5';
const RULE = '#c9d6d3';
const PACE_ROWS = 25;

/** Column widths that fill `width`: text columns twice as wide as figures. */
function widthsOf(columnas: ColumnaReporte[], width: number, indent = 0): number[] {
  const weights = columnas.map((c) => (c.tipo === 'texto' ? 2 : 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => ((width - indent) * w) / sum);
}

export function tableReportPdf(heading: TableHeading, chunks: TableRows): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${heading.titulo} ${clDate(heading.periodo.desde)} al ${clDate(heading.periodo.hasta)}`, Author: heading.empresa.razonSocial, Subject: heading.titulo },
  });
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;
  const indent = 18;
  const mainWidths = widthsOf(heading.columnas, width);
  const detailWidths = widthsOf(heading.columnasDetalle, width, indent);
  let pageNumber = 1;
  let drawn = 0;

  const footer = () => {
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(SIZE)
      .fillColor('#555555')
      .text(`${heading.titulo} · ${heading.empresa.razonSocial} · Página ${pageNumber}`, left, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = saved;
    doc.fillColor('black');
  };

  const line = (text: string, options: { font?: string; size?: number } = {}) => {
    doc.font(options.font ?? FONT).fontSize(options.size ?? SIZE);
    const height = doc.heightOfString(text, { width: width - 2 * PAD }) + 2 * PAD;
    if (doc.y + height > bottom()) newPage(false);
    const y = doc.y;
    doc.fillColor('black').text(text, left + PAD, y + PAD, { width: width - 2 * PAD });
    doc.y = y + height;
  };

  const drawRow = (values: string[], widths: number[], x0: number, options: { font?: string; band?: string; color?: string } = {}): void => {
    const font = options.font ?? FONT;
    doc.font(font).fontSize(SIZE);
    const height = Math.max(...values.map((v, i) => doc.heightOfString(v, { width: widths[i]! - 2 * PAD }))) + 2 * PAD;
    if (doc.y + height > bottom()) newPage(true);
    const y = doc.y;
    const rowWidth = widths.reduce((a, b) => a + b, 0);
    if (options.band) doc.rect(x0, y, rowWidth, height).fill(options.band);
    let x = x0;
    values.forEach((value, i) => {
      doc.font(font).fontSize(SIZE).fillColor(options.color ?? 'black').text(value, x + PAD, y + PAD, { width: widths[i]! - 2 * PAD });
      x += widths[i]!;
    });
    doc.fillColor('black');
    doc.moveTo(x0, y + height).lineTo(x0 + rowWidth, y + height).lineWidth(0.4).strokeColor(RULE).stroke();
    doc.y = y + height;
  };

  const columnHeader = () => drawRow(heading.columnas.map((c) => c.etiqueta), mainWidths, left, { font: BOLD, band: HEAD_BAND });

  function newPage(withHeader: boolean) {
    footer();
    doc.addPage();
    pageNumber += 1;
    doc.y = MARGIN;
    if (withHeader) columnHeader();
  }

  const write = async () => {
    line(heading.titulo, { font: BOLD, size: 8 });
    for (const text of headingLines(heading)) line(text);
    doc.y += 6;
    columnHeader();
    let any = false;
    for await (const filas of chunks) {
      for (const fila of filas) {
        any = true;
        drawRow(cellsOf(heading.columnas, fila.celdas), mainWidths, left, { font: fila.detalle.length > 0 ? BOLD : FONT });
        if (fila.detalle.length > 0) {
          drawRow(heading.columnasDetalle.map((c) => c.etiqueta), detailWidths, left + indent, { font: BOLD, color: '#444444' });
          for (const d of fila.detalle) {
            drawRow(cellsOf(heading.columnasDetalle, d), detailWidths, left + indent, { color: '#444444' });
            if (++drawn % PACE_ROWS === 0) await pace(doc);
          }
        }
        if (++drawn % PACE_ROWS === 0) await pace(doc);
      }
    }
    if (!any) line(REPORTE_SIN_TRABAJADORES, { font: BOLD });
    drawRow(totalsCells(heading), mainWidths, left, { font: BOLD, band: TOTAL_BAND });
    footer();
    doc.end();
  };
  write().catch((error: unknown) => {
    if (!(error instanceof ExportClosed)) doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return doc;
}
