/**
 * The marks report as CSV: one line per mark with its worker, the same columns as the screen, `;` as
 * separator (what Excel expects in Chile) and a BOM so Excel reads UTF-8. A worker whose chain's end
 * is flagged gets a line of its own saying ALTERADA. Text that starts like a formula is neutralised.
 * A stream pulled by the reader: the header goes at once, and each block is read when the previous one
 * has been taken.
 */
import { Readable } from 'node:stream';
import { correccionMarca, observacionesMarca, REPORTE_MARCAS_COLUMNAS, type BloqueReporteMarcas, type FilaReporteMarca } from '@jornada/contracts';
import { csvCellText } from '../../lib/spreadsheet/index';

const HEADER = ['Trabajador', 'RUT', 'Grupo', ...REPORTE_MARCAS_COLUMNAS];

function field(value: string): string {
  const text = csvCellText(value);
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (values: string[]) => `${values.map(field).join(';')}\r\n`;

function markCells(fila: FilaReporteMarca): string[] {
  return [
    String(fila.secuencia),
    fila.fecha,
    fila.hora,
    fila.tipoEtiqueta,
    fila.metodoEtiqueta,
    fila.sede?.nombre ?? '',
    observacionesMarca(fila).join('; '),
    correccionMarca(fila).join('; '),
    fila.hash,
    fila.integridad === 'integra' ? fila.integridadEtiqueta : `${fila.integridadEtiqueta}: ${fila.integridadDetalle}`,
  ];
}

export function marksReportCsv(blocks: AsyncIterable<BloqueReporteMarcas>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${line(HEADER)}`;
      for await (const block of blocks) {
        const who = [`${block.trabajador.nombre} ${block.trabajador.apellidos}`, block.trabajador.rut, block.trabajador.grupo ?? ''];
        let text = '';
        if (block.alertaCadena) text += line([...who, '', '', '', '', '', '', '', '', '', `ALTERADA: ${block.alertaCadena}`]);
        for (const fila of block.marcas) text += line([...who, ...markCells(fila)]);
        yield text;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    })(),
    { objectMode: false },
  );
}

