import { UploadPage } from './components/upload-page';
import type { ColumnHelp } from './components/columns-help';

const COLUMNS: ColumnHelp[] = [
  { name: 'Código', required: true, description: 'Corto y único en la empresa; si ya existe, el turno se actualiza.', example: 'MAN' },
  { name: 'Nombre', required: true, description: 'Cómo se llama el turno.', example: 'Mañana' },
  { name: 'Inicio', required: true, description: 'Hora de entrada, HH:MM.', example: '08:00' },
  { name: 'Fin', required: true, description: 'Hora de salida, HH:MM. Si es menor o igual al inicio, termina al día siguiente.', example: '17:00' },
  { name: 'Colación inicio', description: 'Para una colación con horario fijo, HH:MM.', example: '13:00' },
  { name: 'Colación fin', description: 'Fin de la colación fija, HH:MM.', example: '14:00' },
  { name: 'Colación minutos', description: 'Si la colación no tiene horario fijo: sus minutos (0 = sin colación).', example: '' },
  { name: 'Tolerancia atraso', description: 'Minutos después del inicio que no cuentan como atraso.', example: '5' },
  { name: 'Tolerancia salida', description: 'Minutos antes del fin que no cuentan como salida anticipada.', example: '5' },
  { name: 'Color', description: 'Color en la grilla, #rrggbb (por defecto #228be6).', example: '#1c7ed6' },
  { name: 'Días por semana', description: 'De 1 a 7, para calcular las horas semanales (por defecto 5).', example: '5' },
  { name: 'Activo', description: 'Sí o No (por defecto Sí).', example: 'Sí' },
];

/** `/dashboard/bulk-shift-upload` */
export function BulkShiftUploadPage() {
  return (
    <UploadPage
      kind="turnos"
      title="Carga masiva de turnos"
      description="Crea o actualiza muchos turnos desde una planilla Excel o CSV. Los días ya planificados conservan la versión del turno con que se planificaron."
      crumb="Carga masiva de turnos"
      entity="turnos"
      keyLabel="Código"
      columns={COLUMNS}
      doneLink={{ to: '/dashboard/planning/shift-list', label: 'Ver los turnos' }}
    />
  );
}
