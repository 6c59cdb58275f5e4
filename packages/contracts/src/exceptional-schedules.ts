import { z } from 'zod';
import { nullableDate, requiredText } from './common';

/** The days of work and of rest a cycle may have (14x14 is the longest usual system; 28 leaves room). */
export const DIAS_CICLO = { min: 1, max: 28 } as const;
/** The daily ordinary hours a resolution may authorise (art. 38 inc. final: at most 12). */
export const HORAS_DIARIAS_EXCEPCIONAL_MAXIMO = 12;

/**
 * GET /api/v1/jornadas-excepcionales: an exceptional distribution system authorised by a resolution of the
 * Dirección del Trabajo (art. 38 inc. final), for the workers assigned to it. `diasTrabajo`/`diasDescanso`
 * are null only for a schedule carried over from the old company-wide setting (cycle unknown: not checked).
 */
export const jornadaExcepcionalSchema = z.object({
  id: z.string(),
  numero: z.string(),
  fecha: z.string().nullable(),
  diasTrabajo: z.number().int().nullable(),
  diasDescanso: z.number().int().nullable(),
  /** Daily ordinary maximum of the resolution; null: no daily limit is checked. */
  horasDiarias: z.number().nullable(),
  vigenteDesde: z.string().nullable(),
  vigenteHasta: z.string().nullable(),
  /** Workers under it (active or not): assigned to it, or members of a group under it without one of their own. */
  trabajadores: z.number().int(),
  /** Groups whose resolution it is. */
  grupos: z.number().int(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
});
export type JornadaExcepcional = z.infer<typeof jornadaExcepcionalSchema>;

export const jornadasExcepcionalesSchema = z.object({ items: z.array(jornadaExcepcionalSchema) });
export type JornadasExcepcionales = z.infer<typeof jornadasExcepcionalesSchema>;

const diasSchema = (label: string) =>
  z
    .number({ error: `Ingresa los días de ${label} del ciclo.` })
    .int({ message: `Los días de ${label} van en número entero.` })
    .min(DIAS_CICLO.min, { message: `Los días de ${label} deben ser al menos ${DIAS_CICLO.min}.` })
    .max(DIAS_CICLO.max, { message: `Los días de ${label} no pueden superar ${DIAS_CICLO.max}.` });

const horasDiariasSchema = z
  .number({ error: 'Las horas diarias deben ser un número.' })
  .positive({ message: 'Las horas diarias deben ser más de 0.' })
  .max(HORAS_DIARIAS_EXCEPCIONAL_MAXIMO, { message: `Las horas diarias no pueden superar ${HORAS_DIARIAS_EXCEPCIONAL_MAXIMO}.` })
  .refine((h) => Number.isInteger(h * 4), { message: 'Las horas diarias van en cuartos de hora (por ejemplo, 11,5).' })
  .nullable()
  .optional();

const vigenciaOk = (j: { vigenteDesde?: string | null | undefined; vigenteHasta?: string | null | undefined }) => !j.vigenteDesde || !j.vigenteHasta || j.vigenteHasta >= j.vigenteDesde;
const VIGENCIA = { path: ['vigenteHasta'], message: 'El fin de la vigencia no puede ser anterior a su inicio.' };

/** POST /api/v1/jornadas-excepcionales. */
export const crearJornadaExcepcionalBodySchema = z
  .object({
    numero: requiredText('El número de la resolución', 100),
    fecha: nullableDate,
    diasTrabajo: diasSchema('trabajo'),
    diasDescanso: diasSchema('descanso'),
    horasDiarias: horasDiariasSchema,
    vigenteDesde: nullableDate,
    vigenteHasta: nullableDate,
  })
  .refine(vigenciaOk, VIGENCIA);
export type CrearJornadaExcepcionalBody = z.input<typeof crearJornadaExcepcionalBodySchema>;

/** PATCH /api/v1/jornadas-excepcionales/:id: only the fields sent change; `null` clears an optional one. */
export const actualizarJornadaExcepcionalBodySchema = z
  .object({
    numero: requiredText('El número de la resolución', 100).optional(),
    fecha: nullableDate,
    diasTrabajo: diasSchema('trabajo').optional(),
    diasDescanso: diasSchema('descanso').optional(),
    horasDiarias: horasDiariasSchema,
    vigenteDesde: nullableDate,
    vigenteHasta: nullableDate,
  })
  .refine(vigenciaOk, VIGENCIA);
export type ActualizarJornadaExcepcionalBody = z.input<typeof actualizarJornadaExcepcionalBodySchema>;

/** The system as people say it: «7x7»; «Ciclo sin indicar» when the resolution's cycle is unknown. */
export function sistemaJornadaExcepcional(j: Pick<JornadaExcepcional, 'diasTrabajo' | 'diasDescanso'>): string {
  return j.diasTrabajo !== null && j.diasDescanso !== null ? `${j.diasTrabajo}x${j.diasDescanso}` : 'Ciclo sin indicar';
}

/** How a schedule is named in a select or a user's record: «7x7 · Res. Ex. N° 1234». */
export function nombreJornadaExcepcional(j: Pick<JornadaExcepcional, 'numero' | 'diasTrabajo' | 'diasDescanso'>): string {
  return `${sistemaJornadaExcepcional(j)} · ${j.numero}`;
}
