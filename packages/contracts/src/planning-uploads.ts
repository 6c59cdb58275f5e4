import { z } from 'zod';
import { cargaMasivaResultadoSchema } from './bulk-upload';
import { queryBooleanSchema } from './pagination';
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

/**
 * POST /api/v1/cargas/turnos(/vista-previa): a row whose shift breaks the law (more than 10 ordinary
 * hours a day, colación, the weekly limit at its days per week) carries its warnings in `advertencias`;
 * unless the company has a resolución de jornada excepcional they must be confirmed
 * (`confirmacionRequerida`, then `?confirmarAdvertencias=true` on the commit).
 */
export const cargaTurnosResultadoSchema = cargaMasivaResultadoSchema;

/** `?confirmarAdvertencias=true` of the shifts upload: load the rows whose shifts break the law, knowingly. */
export const cargaTurnosQuerySchema = z.object({ confirmarAdvertencias: queryBooleanSchema.default(false) });
export type CargaTurnosResultado = z.infer<typeof cargaTurnosResultadoSchema>;

/** POST /api/v1/cargas/planificacion(/vista-previa) and /api/v1/cargas/planificador(/vista-previa) */
export const cargaPlanificacionResultadoSchema = cargaMasivaResultadoSchema.extend({ dias: resumenDiasCargaSchema });
export type CargaPlanificacionResultado = z.infer<typeof cargaPlanificacionResultadoSchema>;

/** `?conflictos=reemplazar|conservar` of the planner upload: what to do with dates already planned (default reemplazar). */
export const cargaPlanificadorQuerySchema = z.object({ conflictos: conflictosSchema.default('reemplazar') });

