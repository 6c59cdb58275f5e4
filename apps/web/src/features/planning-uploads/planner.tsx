import { UploadPage } from './components/upload-page';
import type { ColumnHelp } from './components/columns-help';

const COLUMNS: ColumnHelp[] = [
  { name: 'RUT', required: true, description: 'Del trabajador, con o sin puntos y guion.', example: '12.345.678-5' },
  {
    name: 'Patrón',
    required: true,
    description:
      'Rotación NxM (4x4, 7x7, 14x14: N días de turno y M libres); 5x2 o «lunes a viernes» y 6x1 o «lunes a sábado» (semana fija); o una secuencia de códigos y «libre» separados por comas.',
    example: '4x4',
  },
  { name: 'Fecha inicio', required: true, description: 'Desde cuándo se aplica, dd-mm-aaaa.', example: '01-11-2026' },
  { name: 'Fecha fin', required: true, description: 'Hasta cuándo (como máximo 366 días después del inicio).', example: '30-11-2026' },
  { name: 'Turno', description: 'Código del turno; obligatorio para NxM, 5x2 y 6x1.', example: 'MAN' },
  { name: 'Desfase', description: 'En qué paso del ciclo parte la fecha de inicio (0 = el primero).', example: '0' },
  { name: 'Solicitado por', description: 'trabajador o empleador (por defecto empleador).', example: 'empleador' },
  { name: 'Motivo', description: 'Obligatorio si el patrón cambia días pasados o reemplaza días planificados.', example: '' },
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

/** `/dashboard/bulk-planner` */
export function BulkPlannerPage() {
  return (
    <UploadPage
      kind="planificador"
      title="Planificador masivo"
      description="Asigna patrones de turnos (4x4, 7x7, 5x2, secuencias) a muchos trabajadores a la vez: una fila por trabajador y periodo."
      crumb="Planificador masivo"
      entity="asignaciones de patrón"
      keyLabel="RUT"
      columns={COLUMNS}
      notes="Dos filas del mismo RUT con fechas que se cruzan son un error. Subir el mismo archivo otra vez no cambia nada."
      doneLink={{ to: '/dashboard/planning', label: 'Ver la planificación' }}
    />
  );
}
