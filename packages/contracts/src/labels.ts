/**
 * Vocabularies the pages show without validating anything: the kinds of mark and the attendance
 * statuses, with their Spanish labels. Kept apart from the zod schemas built on them (marks.ts,
 * attendance.ts) so a page that only prints a label does not load and build those schemas: a module
 * the bundler keeps runs all its top-level schema constructors (docs/performance.md).
 */
import type { MarkKind } from '@jornada/domain';

/** The four kinds of mark (DT Res. Ex. 38), in the order a complete day records them: the engine's own type. */
export const TIPOS_MARCA = ['entrada', 'inicio_colacion', 'fin_colacion', 'salida'] as const satisfies readonly MarkKind[];
export type TipoMarca = MarkKind;
/** A label for every kind the engine knows (a kind added there fails to compile here until it has one). */
export const TIPO_MARCA_LABELS: Record<TipoMarca, string> = {
  entrada: 'Entrada',
  inicio_colacion: 'Inicio de colación',
  fin_colacion: 'Fin de colación',
  salida: 'Salida',
};

/**
 * A worker's status on a day, as the board shows it (see attendance.ts for what each one means).
 */
export const ESTADOS_ASISTENCIA = ['presente', 'atrasado', 'ausente', 'con_permiso', 'sin_marcar', 'incompleto', 'descanso', 'feriado'] as const;
export type EstadoAsistencia = (typeof ESTADOS_ASISTENCIA)[number];
export const ESTADO_ASISTENCIA_LABELS: Record<EstadoAsistencia, string> = {
  presente: 'Presente',
  atrasado: 'Atrasado',
  ausente: 'Ausente',
  con_permiso: 'Con permiso',
  sin_marcar: 'Sin marcar aún',
  incompleto: 'Incompleto',
  descanso: 'Descanso',
  feriado: 'Feriado',
};
