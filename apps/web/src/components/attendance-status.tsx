import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { ESTADO_ASISTENCIA_LABELS, type EstadoAsistencia } from '@jornada/contracts';

/** Colour of each board status (always with its word: never colour alone). */
export const ESTADO_COLOR: Record<EstadoAsistencia, string> = {
  presente: 'green',
  atrasado: 'orange',
  ausente: 'red',
  con_permiso: 'blue',
  sin_marcar: 'yellow',
  incompleto: 'grape',
  descanso: 'gray',
  feriado: 'cyan',
};

/** Board statuses in the order the summaries show them (what needs attention first after presence). */
export const ESTADOS_ORDEN: readonly EstadoAsistencia[] = ['presente', 'atrasado', 'ausente', 'sin_marcar', 'incompleto', 'con_permiso', 'descanso', 'feriado'];

export function StatusBadge({ estado }: { estado: EstadoAsistencia }) {
  return (
    // Badges truncate their label to fit; a status must be read whole.
    <Badge color={ESTADO_COLOR[estado]} variant="light" radius="sm" style={{ minWidth: 'max-content' }}>
      {ESTADO_ASISTENCIA_LABELS[estado]}
    </Badge>
  );
}
