import { z } from 'zod';
import { cargaMasivaResultadoSchema } from './bulk-upload';
import { conflictosSchema } from './planning';

/**
 * The three planning uploads answer the common bulk-upload result (`cargaMasivaResultadoSchema`:
 * one entry per file row with `crear` / `actualizar` / `sin_cambios` / `error`, and the row errors
 * `{ fila, columna, mensaje }`), plus, for the two planning files, what happens to the planned days.
 */
export const resumenDiasCargaSchema = z.object({
  /** Dates planned for the first time. */
  crear: z.number().int(),
  /** Planned dates that change (each one is logged). */
  reemplazar: z.number().int(),
  /** Planned dates kept because of `conflictos=conservar` (planner only). */
  conservar: z.number().int(),
  /** Dates that already had that plan. */
  sinCambios: z.number().int(),
  /** Past dates that change (they need a Motivo). */
  pasados: z.number().int(),
  trabajadores: z.number().int(),
});
export type ResumenDiasCarga = z.infer<typeof resumenDiasCargaSchema>;

/** POST /api/v1/cargas/turnos(/vista-previa) */
export const cargaTurnosResultadoSchema = cargaMasivaResultadoSchema;
export type CargaTurnosResultado = z.infer<typeof cargaTurnosResultadoSchema>;

/** POST /api/v1/cargas/planificacion(/vista-previa) and /api/v1/cargas/planificador(/vista-previa) */
export const cargaPlanificacionResultadoSchema = cargaMasivaResultadoSchema.extend({ dias: resumenDiasCargaSchema });
export type CargaPlanificacionResultado = z.infer<typeof cargaPlanificacionResultadoSchema>;

/** `?conflictos=reemplazar|conservar` of the planner upload: what to do with dates already planned (default reemplazar). */
export const cargaPlanificadorQuerySchema = z.object({ conflictos: conflictosSchema.default('reemplazar') });
export type CargaPlanificadorQuery = z.input<typeof cargaPlanificadorQuerySchema>;

/** Headers of the shift upload template (any order; accents and case do not matter). */
export const COLUMNAS_CARGA_TURNOS = [
  'Código',
  'Nombre',
  'Inicio',
  'Fin',
  'Colación inicio',
  'Colación fin',
  'Colación minutos',
  'Tolerancia atraso',
  'Tolerancia salida',
  'Color',
  'Días por semana',
  'Activo',
] as const;
/** Headers of the planning upload template. */
export const COLUMNAS_CARGA_PLANIFICACION = ['RUT', 'Fecha', 'Turno', 'Solicitado por', 'Motivo', 'Observación', 'Ocurrencia'] as const;
/** Headers of the planner (patterns) upload template. */
export const COLUMNAS_CARGA_PLANIFICADOR = ['RUT', 'Patrón', 'Fecha inicio', 'Fecha fin', 'Turno', 'Desfase', 'Solicitado por', 'Motivo', 'Observación', 'Ocurrencia'] as const;

/** Patterns the planner file names, besides `NxM` rotations and custom sequences. */
export const PATRONES_CON_NOMBRE = {
  '5x2': 'Lunes a viernes con el turno; sábado y domingo libres.',
  '6x1': 'Lunes a sábado con el turno; domingo libre.',
  'lunes a viernes': 'Igual que 5x2.',
  'lunes a sabado': 'Igual que 6x1.',
} as const;
