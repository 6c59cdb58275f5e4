/**
 * The marks report as a spreadsheet: the same heading, blocks, columns and legend as the screen,
 * Arial 8 pt, flagged rows in red with "ALTERADA" in their Integridad cell. Written with exceljs's
 * streaming writer into the stream this returns at once, each row committed as it is read: the first
 * bytes leave before the last row is read and memory does not grow with the rows.
 */
import { PassThrough } from 'node:stream';
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
import ExcelJS from 'exceljs';
import { TEXT_FORMAT } from '../../lib/spreadsheet/index';
import { ExportClosed, pace, sheetBacklog } from '../../lib/render/index';
import { clDate, type ReportHeading } from './marks-report.format';

const FONT: Partial<ExcelJS.Font> = { name: 'Arial', size: 8 };
const BOLD: Partial<ExcelJS.Font> = { ...FONT, bold: true };
const RED = 'FFB00020';
const RED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE8E8' } };
const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F2F0' } };
const WIDTHS = [6, 10, 9, 16, 14, 18, 30, 20, 68, 60];

/** Cells of a row as on screen. */
function rowCells(fila: FilaReporteMarca): string[] {
  return [
    String(fila.secuencia),
    fila.fecha,
    fila.hora,
    fila.tipoEtiqueta,
    fila.metodoEtiqueta,
    fila.sede?.nombre ?? '—',
    observacionesMarca(fila).join('; ') || '—',
    correccionMarca(fila).join('; ') || '—',
    fila.hash,
    fila.integridad === 'integra' ? fila.integridadEtiqueta : `${fila.integridadEtiqueta}\n${fila.integridadDetalle}`,
  ];
}

export function marksReportXlsx(heading: ReportHeading, blocks: AsyncIterable<BloqueReporteMarcas>): PassThrough {
  const stream = new PassThrough();
  write(stream, heading, blocks).catch((error: unknown) => {
    if (!(error instanceof ExportClosed)) stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return stream;
}

async function write(stream: PassThrough, heading: ReportHeading, blocks: AsyncIterable<BloqueReporteMarcas>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Jornada';
  const sheet = workbook.addWorksheet('Marcas', {
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = WIDTHS.map((width) => ({ width }));
  // The rows exceljs has made but its zip has not compressed yet: pace() waits for them as for the reader.
  const backlog = sheetBacklog(sheet);

  const add = (values: (string | number)[], options: { font?: Partial<ExcelJS.Font>; fill?: ExcelJS.Fill; wrap?: boolean; merge?: boolean } = {}) => {
    // Text goes in as text cells, exactly as it is (formula-guard.ts): never evaluated as a formula.
    const row = sheet.addRow(values);
    row.eachCell({ includeEmpty: false }, (cell) => {
      cell.font = options.font ?? FONT;
      if (typeof cell.value === 'string') cell.numFmt = TEXT_FORMAT;
      if (options.fill) cell.fill = options.fill;
      cell.alignment = { vertical: 'top', wrapText: options.wrap ?? false };
    });
    if (options.merge) sheet.mergeCells(row.number, 1, row.number, WIDTHS.length);
    row.commit();
  };

  const { resumen } = heading;
  add(['Reporte de marcas'], { font: BOLD, merge: true });
  add([`Empleador: ${heading.empresa.razonSocial} · RUT ${heading.empresa.rut}`], { merge: true });
  add([`Periodo: ${clDate(heading.periodo.desde)} al ${clDate(heading.periodo.hasta)}`], { merge: true });
  if (heading.filtros.length > 0) add([`Filtros: ${heading.filtros.map(([label, value]) => `${label}: ${value}`).join(' · ')}`], { merge: true });
  add([`Generado el ${heading.generadoEn}`], { merge: true });
  add([`Resumen: ${resumen.trabajadores} trabajadores · ${resumen.marcas} marcas · ${marcasAlteradasTexto(resumen.marcasAlteradas)}`], { merge: true });
  if (resumen.marcasAlteradas > 0 || resumen.trabajadoresConAlteraciones > 0) {
    add(
      [
        `ATENCIÓN: ${marcasAlteradasTexto(resumen.marcasAlteradas)} (${resumen.alteradas} con datos modificados, ${resumen.cadenaRota} con la cadena rota) en ${resumen.trabajadoresConAlteraciones} trabajadores. La verificación de la cadena de hashes detectó cambios hechos directamente en la base de datos.`,
      ],
      { font: { ...BOLD, color: { argb: RED } }, fill: RED_FILL, merge: true },
    );
  }
  add([]);

  let any = false;
  for await (const block of blocks) {
    any = true;
    add([encabezadoBloque(block.trabajador)], { font: BOLD, fill: HEAD_FILL, merge: true });
    if (block.alertaCadena) add([`ALTERADA: ${block.alertaCadena}`], { font: { ...BOLD, color: { argb: RED } }, fill: RED_FILL, merge: true });
    add([...REPORTE_MARCAS_COLUMNAS], { font: BOLD });
    for (const fila of block.marcas) {
      if (fila.integridad === 'integra') add(rowCells(fila), { wrap: true });
      else add(rowCells(fila), { font: { ...BOLD, color: { argb: RED } }, fill: RED_FILL, wrap: true });
    }
    add([`${block.resumen.marcas} marcas${block.resumen.alteradas > 0 ? ` · ${marcasAlteradasTexto(block.resumen.alteradas)}` : ''}`]);
    add([]);
    await pace(stream, backlog);
  }
  if (!any) add([REPORTE_SIN_TRABAJADORES], { merge: true });

  add(['Glosario'], { font: BOLD });
  for (const [term, meaning] of REPORTE_MARCAS_GLOSARIO) add([`${term}: ${meaning}`], { merge: true });
  sheet.commit();
  await workbook.commit();
}
