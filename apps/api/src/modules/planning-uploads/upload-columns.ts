import { OCURRENCIAS, SOLICITADO_POR } from '@jornada/contracts';
import { col, EXAMPLE_ROW_NOTE } from '../../lib/spreadsheet/index';

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
