import { UploadPage } from './components/upload-page';
import type { ColumnHelp } from './components/columns-help';

const COLUMNS: ColumnHelp[] = [
  { name: 'RUT', required: true, description: 'Del trabajador, con o sin puntos y guion.', example: '12.345.678-5' },
  { name: 'Fecha', required: true, description: 'dd-mm-aaaa, aaaa-mm-dd o una fecha de Excel.', example: '03-11-2026' },
  { name: 'Turno', required: true, description: 'Código del turno, o «libre» / «L» para un día de descanso.', example: 'MAN' },
  { name: 'Solicitado por', description: 'trabajador o empleador (por defecto empleador).', example: 'empleador' },
  { name: 'Motivo', description: 'Obligatorio cuando la fecha ya pasó y su planificación cambia.', example: 'Cambio de turno acordado' },
  {
    name: 'Observación',
    description: 'Texto libre que queda en el registro de cambios. La fila de ejemplo de la plantilla dice «EJEMPLO: …» aquí y la carga la omite.',
    example: '',
  },
  {
    name: 'Ocurrencia',
    description:
      'Solo para un turno que empieza en la hora que se repite al atrasar el reloj (23:00 a 23:59 del primer sábado de abril): «primera». Un turno que empieza en la hora que no existe al adelantarlo (00:00 a 00:59 del primer domingo de septiembre) se rechaza.',
    example: '',
  },
];

/** `/dashboard/bulk-planning-upload` */
export function BulkPlanningUploadPage() {
  return (
    <UploadPage
      kind="planificacion"
      title="Carga masiva de planificación"
      description="Asigna el turno de cada trabajador por fecha desde una planilla: una fila por trabajador y día."
      crumb="Carga masiva de planificación"
      entity="días de planificación"
      keyLabel="RUT y fecha"
      columns={COLUMNS}
      notes="Una fecha ya planificada toma el valor del archivo y el cambio queda registrado. Un mismo RUT y fecha dos veces en el archivo es un error. Subir el mismo archivo otra vez no cambia nada."
      doneLink={{ to: '/dashboard/planning', label: 'Ver la planificación' }}
    />
  );
}
