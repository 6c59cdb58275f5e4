import { z } from 'zod';
import { diaTrabajadorSchema, estadoAsistenciaSchema } from './attendance';
import { isoDateSchema } from './common';
import { permisoSchema } from './permissions';
import { turnoPlanificadoSchema } from './shifts';

/** Days a trend covers at most (a month and a bit). */
const TENDENCIA_MAX_DIAS = 31;

/**
 * `GET /api/v1/asistencia/tendencia`: the counts per board status of each day of a range ending
 * `hasta` (default today), `dias` long (default 7), for the caller's scope.
 */
export const tendenciaAsistenciaQuerySchema = z.object({
  hasta: isoDateSchema.optional(),
  dias: z.coerce
    .number({ error: 'Los días deben ser un número.' })
    .int({ message: 'Los días deben ser un número entero.' })
    .min(1, { message: 'Indica al menos un día.' })
    .max(TENDENCIA_MAX_DIAS, { message: `La tendencia abarca como máximo ${TENDENCIA_MAX_DIAS} días.` })
    .default(7),
});

export const diaTendenciaSchema = z.object({
  fecha: z.string(),
  /** Workers per board status that day (every status present, zeros included). */
  conteos: z.record(estadoAsistenciaSchema, z.number().int()),
  /** Workers with a stored day on the date (the sum of `conteos`). */
  trabajadores: z.number().int(),
  /** Worker-days with inconsistencies the engine found (an entry still open during its shift does not count). */
  inconsistencias: z.number().int(),
});
export type DiaTendencia = z.infer<typeof diaTendenciaSchema>;

export const tendenciaAsistenciaResponseSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  dias: z.array(diaTendenciaSchema),
  /** Sum of `inconsistencias` over the range: the worker-days that do not add up. */
  inconsistencias: z.number().int(),
});
export type TendenciaAsistencia = z.infer<typeof tendenciaAsistenciaResponseSchema>;

/** A planned shift ahead of now: its date and the shift (hours in the worker's zone). */
export const proximoTurnoSchema = z.object({ fecha: z.string(), turno: turnoPlanificadoSchema });
export type ProximoTurno = z.infer<typeof proximoTurnoSchema>;

/**
 * An approved whole-day permission (vacaciones, licencia, a permission per event…) that covers today
 * (`hoy`) or, when today is not covered, the day of the next planned shift, which is skipped for it.
 */
export const permisoEnCursoSchema = z.object({
  codigo: z.string(),
  nombre: z.string(),
  conGoce: z.boolean(),
  desde: z.string(),
  hasta: z.string(),
  hoy: z.boolean(),
});
export type PermisoEnCurso = z.infer<typeof permisoEnCursoSchema>;

/** The home of an administrador or supervisor: today for their scope, the week's trend, what waits for them. */
export const inicioEquipoSchema = z.object({
  vista: z.literal('equipo'),
  fecha: z.string(),
  hoy: z.object({
    conteos: z.record(estadoAsistenciaSchema, z.number().int()),
    trabajadores: z.number().int(),
    /** When the oldest day counted was evaluated (UTC ISO). */
    calculadoEn: z.string().nullable(),
  }),
  tendencia: tendenciaAsistenciaResponseSchema,
  /** Permission requests of the workers they manage waiting for their decision. */
  aprobacionesPendientes: z.number().int(),
  /**
   * Overtime pacts in force of the workers they manage that end within `dias` days (today included):
   * the pacts page's `venceEnDias` filter.
   */
  pactosPorVencer: z.object({ total: z.number().int(), dias: z.number().int() }),
});

/** The home of a trabajador: their own day, their next shift, their requests waiting for a decision. */
export const inicioPersonalSchema = z.object({
  vista: z.literal('personal'),
  fecha: z.string(),
  /** Today as the engine evaluated it; null when they have no day (outside their contract). */
  dia: diaTrabajadorSchema.nullable(),
  /** The first planned shift ahead that no approved whole-day permission covers. */
  proximoTurno: proximoTurnoSchema.nullable(),
  /** The whole-day permission the worker is on today, or the one that covers their next planned shift's day. */
  permiso: permisoEnCursoSchema.nullable(),
  solicitudesPendientes: z.object({ total: z.number().int(), items: z.array(permisoSchema) }),
});

/** `GET /api/v1/inicio`. */
export const inicioResponseSchema = z.discriminatedUnion('vista', [inicioEquipoSchema, inicioPersonalSchema]);
export type Inicio = z.infer<typeof inicioResponseSchema>;
export type InicioEquipo = z.infer<typeof inicioEquipoSchema>;
export type InicioPersonal = z.infer<typeof inicioPersonalSchema>;
