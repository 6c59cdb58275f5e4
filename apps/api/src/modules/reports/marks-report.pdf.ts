/**
 * The marks report as a printable PDF: A4 landscape, Helvetica (Arial's metric twin, built into every
 * PDF reader) at 8 pt or less, the same heading, blocks, columns and legend as the screen. Flagged
 * rows have a red band and say "ALTERADA" in their Integridad cell. Pages are written out as they
 * fill (no page buffering), each with its number and the column heading repeated. The document is
 * the stream this returns at once; it is drawn in slices of PACE_ROWS rows with a yield to the event
 * loop between them, so a long PDF never holds up other requests.
 */
import {
  correccionMarca,
  encabezadoBloque,
  marcasAlteradasTexto,
  observacionesMarca,
  REPORTE_MARCAS_COLUMNAS,
  REPORTE_MARCAS_GLOSARIO,
  REPORTE_SIN_TRABAJADORES,
  type BloqueReporteMarcas,
  type FilaReporteMarca,
} from '@jornada/contracts';
import PDFDocument from 'pdfkit';
import { ExportClosed, pace } from '../../lib/render/index';
import { clDate, type ReportHeading } from './marks-report.format';

const MARGIN = 28;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const SIZE = 7;
const HASH_SIZE = 6;
const PAD = 2;
const RED = '#b00020';
const RED_BAND = '#fde8e8';
const HEAD_BAND = '#e6f2f0';
const RULE = '#c9d6d3';
/** Column widths in points; they add up to the printable width of A4 landscape (842 - 2 × 28). */
const WIDTHS = [22, 36, 34, 58, 48, 80, 86, 64, 116, 241];
/** Rows drawn between two yields to the event loop (about 20 ms of drawing). */
const PACE_ROWS = 25;

function cells(fila: FilaReporteMarca): string[] {
  return [
    String(fila.secuencia),
    fila.fecha,
    fila.hora,
    fila.tipoEtiqueta,
    fila.metodoEtiqueta,
    fila.sede?.nombre ?? '—',
    observacionesMarca(fila).join('; ') || '—',
    correccionMarca(fila).join('; ') || '—',
    // Two lines of 32 characters: the whole hash at a readable size.
    `${fila.hash.slice(0, 32)}\n${fila.hash.slice(32)}`,
    fila.integridad === 'integra' ? fila.integridadEtiqueta : `${fila.integridadEtiqueta}: ${fila.integridadDetalle}`,
  ];
}

export function marksReportPdf(heading: ReportHeading, blocks: AsyncIterable<BloqueReporteMarcas>): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `Reporte de marcas ${clDate(heading.periodo.desde)} al ${clDate(heading.periodo.hasta)}`, Author: heading.empresa.razonSocial, Subject: 'Reporte de marcas' },
  });
  let drawn = 0;

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN - 14;
  let pageNumber = 1;
  let continuation: string | null = null;

  const footer = () => {
    // Write in the bottom margin without letting pdfkit start a new page.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(SIZE)
      .fillColor('#555555')
      .text(`Reporte de marcas · ${heading.empresa.razonSocial} · Página ${pageNumber}`, left, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = saved;
    doc.fillColor('black');
  };

  const newPage = () => {
    footer();
    doc.addPage();
    pageNumber += 1;
    doc.y = MARGIN;
  };

  const ensure = (height: number) => {
    if (doc.y + height > bottom()) {
      newPage();
      if (continuation) {
        line(`${continuation} (continuación)`, { font: BOLD, band: HEAD_BAND });
        columnHeader();
      }
    }
  };

  const line = (text: string, options: { font?: string; size?: number; color?: string; band?: string } = {}) => {
    doc.font(options.font ?? FONT).fontSize(options.size ?? SIZE);
    const height = doc.heightOfString(text, { width: width - 2 * PAD }) + 2 * PAD;
    if (doc.y + height > bottom()) newPage();
    const y = doc.y;
    if (options.band) doc.rect(left, y, width, height).fill(options.band);
    doc.fillColor(options.color ?? 'black').text(text, left + PAD, y + PAD, { width: width - 2 * PAD });
    doc.fillColor('black');
    doc.y = y + height;
  };

  const rowHeight = (values: string[], font: string) => {
    let height = 0;
    values.forEach((value, index) => {
      doc.font(index === 8 ? FONT : font).fontSize(index === 8 ? HASH_SIZE : SIZE);
      height = Math.max(height, doc.heightOfString(value, { width: WIDTHS[index]! - 2 * PAD }));
    });
    return height + 2 * PAD;
  };

  const drawRow = (values: string[], options: { font?: string; color?: string; band?: string; hash?: boolean }) => {
    const font = options.font ?? FONT;
    const height = rowHeight(values, font);
    ensure(height);
    const y = doc.y;
    if (options.band) doc.rect(left, y, width, height).fill(options.band);
    let x = left;
    values.forEach((value, index) => {
      const isHash = options.hash && index === 8;
      doc
        .font(isHash ? FONT : font)
        .fontSize(isHash ? HASH_SIZE : SIZE)
        .fillColor(index === 9 && options.color ? options.color : 'black')
        .text(value, x + PAD, y + PAD, { width: WIDTHS[index]! - 2 * PAD });
      x += WIDTHS[index]!;
    });
    doc.fillColor('black');
    doc.moveTo(left, y + height).lineTo(left + width, y + height).lineWidth(0.4).strokeColor(RULE).stroke();
    doc.y = y + height;
  };

  const columnHeader = () => drawRow([...REPORTE_MARCAS_COLUMNAS], { font: BOLD, band: '#f3f6f5' });

  const write = async () => {
    const { resumen } = heading;
    line('Reporte de marcas', { font: BOLD, size: 8 });
    line(`Empleador: ${heading.empresa.razonSocial} · RUT ${heading.empresa.rut}`);
    line(`Periodo: ${clDate(heading.periodo.desde)} al ${clDate(heading.periodo.hasta)}`);
    if (heading.filtros.length > 0) line(`Filtros: ${heading.filtros.map(([label, value]) => `${label}: ${value}`).join(' · ')}`);
    line(`Generado el ${heading.generadoEn}`);
    line(`Resumen: ${resumen.trabajadores} trabajadores · ${resumen.marcas} marcas · ${marcasAlteradasTexto(resumen.marcasAlteradas)}`);
    if (resumen.marcasAlteradas > 0 || resumen.trabajadoresConAlteraciones > 0) {
      line(
        `ATENCIÓN: ${marcasAlteradasTexto(resumen.marcasAlteradas)} (${resumen.alteradas} con datos modificados, ${resumen.cadenaRota} con la cadena rota) en ${resumen.trabajadoresConAlteraciones} trabajadores. La verificación de la cadena de hashes detectó cambios hechos directamente en la base de datos.`,
        { font: BOLD, color: RED, band: RED_BAND },
      );
    }
    doc.y += 6;

    let any = false;
    for await (const block of blocks) {
      any = true;
      const title = encabezadoBloque(block.trabajador);
      // Keep the block's heading with its first rows.
      ensure(60);
      continuation = null;
      line(title, { font: BOLD, band: HEAD_BAND });
      if (block.alertaCadena) line(`ALTERADA: ${block.alertaCadena}`, { font: BOLD, color: RED, band: RED_BAND });
      columnHeader();
      continuation = title;
      for (const fila of block.marcas) {
        if (fila.integridad === 'integra') drawRow(cells(fila), { hash: true });
        else drawRow(cells(fila), { font: BOLD, color: RED, band: RED_BAND, hash: true });
        if (++drawn % PACE_ROWS === 0) await pace(doc);
      }
      continuation = null;
      line(`${block.resumen.marcas} marcas${block.resumen.alteradas > 0 ? ` · ${marcasAlteradasTexto(block.resumen.alteradas)}` : ''}`, { color: '#444444' });
      doc.y += 6;
    }
    if (!any) line(REPORTE_SIN_TRABAJADORES, { font: BOLD });

    ensure(70);
    line('Glosario', { font: BOLD });
    for (const [term, meaning] of REPORTE_MARCAS_GLOSARIO) line(`${term}: ${meaning}`);
    footer();
    doc.end();
  };
  write().catch((error: unknown) => {
    if (!(error instanceof ExportClosed)) doc.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return doc;
}
