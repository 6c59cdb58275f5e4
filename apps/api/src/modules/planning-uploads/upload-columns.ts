import { OCURRENCIAS, SOLICITADO_POR } from '@jornada/contracts';
import { CellError, col, EXAMPLE_ROW_NOTE, type CellValue, type Column } from '../../lib/spreadsheet/index';

interface TimeBase<R extends boolean> {
  header: string;
  aliases?: readonly string[];
  required: R;
  description: string;
  example: string;
  /** Accept `24:00` (the end of a shift that ends at midnight). */
  allowMidnightEnd?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A wall-clock time: `HH:MM`, `H:MM`, `HH:MM:SS` (seconds must be 0), `08.30`, or what a spreadsheet
 * stores for a time cell (a fraction of a day, or a Date on 1899-12-30 as exceljs reads it). Returns `HH:MM`.
 */
export function time<R extends boolean>(base: TimeBase<R>): Column<string, R> {
  const invalid = () => new CellError(`La hora no es válida. Usa HH:MM (00:00 a ${base.allowMidnightEnd ? '24:00' : '23:59'}).`);
  const fromMinutes = (minutes: number) => {
    if (minutes === 1440 && base.allowMidnightEnd) return '24:00';
    if (!(minutes >= 0 && minutes < 1440)) throw invalid();
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  };
  return {
    header: base.header,
    ...(base.aliases ? { aliases: base.aliases } : {}),
    required: base.required,
    description: base.description,
    example: base.example,
    parse(value: NonNullable<CellValue>): string {
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
    },
  };
}


/** The common trailing columns of the planning files: who asked, why, a free observation, and the occurrence of a repeated hour. */
export const requestColumns = {
  solicitadoPor: col.oneOf({
    header: 'Solicitado por',
    aliases: ['Solicitante', 'Solicitado'],
    required: false,
    values: SOLICITADO_POR,
    synonyms: { trabajador: ['t', 'trab'], empleador: ['e', 'empresa'] },
    description: 'Quién pidió el cambio: trabajador o empleador. Vacío: empleador.',
    example: 'empleador',
  }),
  motivo: col.text({
    header: 'Motivo',
    aliases: ['Razón'],
    required: false,
    max: 500,
    description: 'Obligatorio si la fecha ya pasó y cambia. Queda en el registro de modificaciones de turnos.',
    example: '',
  }),
  observacion: col.text({
    header: 'Observación',
    aliases: ['Observaciones', 'Comentario'],
    required: false,
    max: 1000,
    description: `Texto libre para el registro de modificaciones (opcional). Una fila cuya observación empieza con «EJEMPLO:» es la fila de ejemplo de la plantilla y se omite.`,
    // The template's example row is marked here, so a downloaded template uploads as is without touching anything.
    example: EXAMPLE_ROW_NOTE,
  }),
  ocurrencia: col.oneOf({
    header: 'Ocurrencia',
    aliases: ['Ocurrencia hora'],
    required: false,
    values: OCURRENCIAS,
    synonyms: { primera: ['1', 'primera vez'], segunda: ['2', 'segunda vez'] },
    description:
      'Solo si el turno empieza en la hora que ocurre dos veces cuando se atrasa el reloj (en Chile continental, de 23:00 a 23:59 del primer sábado de abril): escribe «primera». Vacío en los demás casos. Un turno que empieza en la hora que no existe cuando se adelanta el reloj (00:00 a 00:59 del primer domingo de septiembre) se rechaza.',
    example: '',
  }),
};
