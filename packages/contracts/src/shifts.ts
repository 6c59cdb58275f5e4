import { z } from 'zod';
import { validateShiftTemplate, type ShiftTemplate } from '@jornada/domain';
import { requiredText, uuidSchema } from './common';
import { pageSchema, paginationQuerySchema, queryBooleanSchema } from './pagination';

/** Sites and job titles a shift may be limited to. */
const MAX_SEDES_TURNO = 50;
const MAX_CARGOS_TURNO = 30;

/** A wall-clock time `HH:MM` (00:00–23:59). */
export const horaSchema = z
  .string({ error: 'Ingresa una hora con el formato HH:MM.' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'La hora debe tener el formato HH:MM (00:00 a 23:59).' });

/** The end of a shift: `HH:MM`, or `24:00` for a shift that ends exactly at midnight. */
const horaFinSchema = z
  .string({ error: 'Ingresa una hora con el formato HH:MM.' })
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: 'La hora debe tener el formato HH:MM (00:00 a 24:00).' });

/** `#rrggbb`, lower-cased. */
const colorSchema = z
  .string({ error: 'Ingresa un color.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: 'El color debe tener el formato #rrggbb.' })
  .transform((value) => value.toLowerCase());

/** Shift codes are short, upper-case and unique per company (`MAN`, `N12`, `OF-1`). */
export const codigoTurnoSchema = z
  .string({ error: 'Ingresa el código del turno.' })
  .trim()
  .min(1, { message: 'Ingresa el código del turno.' })
  .max(20, { message: 'El código del turno tiene como máximo 20 caracteres.' })
  .regex(/^[A-Za-z0-9ÑñÁÉÍÓÚáéíóú][A-Za-z0-9ÑñÁÉÍÓÚáéíóú._-]*$/, {
    message: 'El código solo puede tener letras, números, punto, guion y guion bajo, sin espacios.',
  })
  .transform((value) => value.toLocaleUpperCase('es-CL'))
  .refine((value) => value !== 'LIBRE' && value !== 'L', { message: '«L» y «LIBRE» están reservados para los días libres.' });

/** The colación: a fixed window (`fija`) or a number of minutes taken at any time (`minutos`; 0 = without colación). */
export const colacionSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('fija'), inicio: horaSchema, fin: horaSchema }),
    z.object({
      tipo: z.literal('minutos'),
      minutos: z
        .number({ error: 'Ingresa los minutos de colación.' })
        .int({ message: 'Los minutos de colación van sin decimales.' })
        .min(0, { message: 'Los minutos de colación no pueden ser negativos.' })
        .max(240, { message: 'La colación no puede superar 240 minutos.' }),
    }),
  ],
  { error: 'La colación debe ser de tipo fija (con inicio y fin) o minutos.' },
);
export type Colacion = z.infer<typeof colacionSchema>;

const toleranciaSchema = (label: string) =>
  z
    .number({ error: `Ingresa la tolerancia de ${label} en minutos.` })
    .int({ message: `La tolerancia de ${label} va en minutos enteros.` })
    .min(0, { message: `La tolerancia de ${label} no puede ser negativa.` })
    .max(240, { message: `La tolerancia de ${label} no puede superar 240 minutos.` });

const diasPorSemanaSchema = z
  .number({ error: 'Ingresa los días por semana.' })
  .int({ message: 'Los días por semana van sin decimales.' })
  .min(1, { message: 'Los días por semana van de 1 a 7.' })
  .max(7, { message: 'Los días por semana van de 1 a 7.' });

/** The domain template of a shift's times, to validate them with the same rules the planning uses (and to warn with `shiftLegalWarnings`). */
export function colacionToBreak(colacion: Colacion): ShiftTemplate['break'] {
  return colacion.tipo === 'fija' ? { start: colacion.inicio, end: colacion.fin } : colacion.minutos > 0 ? { minutes: colacion.minutos } : null;
}

/** Sites where the shift is used (empty: all): the automatic roster offers it only to their workers. */
const sedeIdsSchema = z
  .array(uuidSchema('La sede'), { error: 'Indica las sedes como una lista.' })
  .max(MAX_SEDES_TURNO, { message: `Como máximo ${MAX_SEDES_TURNO} sedes por turno.` })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'Una sede está repetida.' });

/** Job titles that may take the shift (empty: all), compared with the worker's cargo without case or accents. */
const cargosSchema = z
  .array(requiredText('El cargo', 80), { error: 'Indica los cargos como una lista.' })
  .max(MAX_CARGOS_TURNO, { message: `Como máximo ${MAX_CARGOS_TURNO} cargos por turno.` })
  .refine((list) => new Set(list.map(cargoKey)).size === list.length, { message: 'Un cargo está repetido.' });

/** A job title as compared: trimmed, lower case, without accents («Cajera » and «cajera» are the same). */
export function cargoKey(cargo: string): string {
  return cargo.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();
}

const turnoShape = {
  nombre: requiredText('El nombre del turno', 100),
  codigo: codigoTurnoSchema,
  color: colorSchema,
  inicio: horaSchema,
  fin: horaFinSchema,
  colacion: colacionSchema,
  toleranciaAtrasoMin: toleranciaSchema('atraso').default(0),
  toleranciaSalidaMin: toleranciaSchema('salida anticipada').default(0),
  /** Days a week the shift is meant to be worked, for `horasSemanalesReferencia` (5 by default). */
  diasPorSemana: diasPorSemanaSchema.default(5),
  sedeIds: sedeIdsSchema.default([]),
  cargos: cargosSchema.default([]),
};

/** The domain's rules on the times (colación inside the shift, shorter than it): problems go to `fields.colacion` or `fields.fin`. */
function checkTimes(
  value: { inicio?: string | undefined; fin?: string | undefined; colacion?: Colacion | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.inicio === undefined || value.fin === undefined || value.colacion === undefined) return;
  const problems = validateShiftTemplate({ start: value.inicio, end: value.fin, break: colacionToBreak(value.colacion) });
  for (const message of problems) ctx.addIssue({ code: 'custom', path: [/colaci/i.test(message) ? 'colacion' : 'fin'], message });
}

/**
 * Saves a shift that breaks a rule of `advertencias` (more than 10 ordinary hours a day, colación,
 * the weekly limit at its days per week): without it the API refuses such a shift with
 * `TURNO_FUERA_DE_LA_LEY`, unless the company has a resolución de jornada excepcional.
 */
const confirmarAdvertenciasSchema = z.boolean({ error: 'confirmarAdvertencias debe ser verdadero o falso.' }).default(false);

/** POST /api/v1/turnos */
export const crearTurnoBodySchema = z
  .object({ ...turnoShape, activo: z.boolean().default(true), confirmarAdvertencias: confirmarAdvertenciasSchema })
  .superRefine(checkTimes);
export type CrearTurnoBody = z.input<typeof crearTurnoBodySchema>;

/**
 * PATCH /api/v1/turnos/:id: any subset of the fields. A change of times, colación or tolerances makes
 * a new version of the shift: days planned before keep the version they were planned with, unless
 * `actualizarPlanificacionFutura` is true, which moves the days from tomorrow on (in each worker's
 * zone) to the new version and logs each one as a change of shift requested by the employer.
 * When `inicio`, `fin` or `colacion` change, the three are checked together with the stored ones.
 */
export const actualizarTurnoBodySchema = z.object({
  nombre: turnoShape.nombre.optional(),
  codigo: codigoTurnoSchema.optional(),
  color: colorSchema.optional(),
  inicio: horaSchema.optional(),
  fin: horaFinSchema.optional(),
  colacion: colacionSchema.optional(),
  toleranciaAtrasoMin: toleranciaSchema('atraso').optional(),
  toleranciaSalidaMin: toleranciaSchema('salida anticipada').optional(),
  diasPorSemana: diasPorSemanaSchema.optional(),
  sedeIds: sedeIdsSchema.optional(),
  cargos: cargosSchema.optional(),
  activo: z.boolean({ error: 'activo debe ser verdadero o falso.' }).optional(),
  actualizarPlanificacionFutura: z.boolean().default(false),
  confirmarAdvertencias: confirmarAdvertenciasSchema,
});
export type ActualizarTurnoBody = z.input<typeof actualizarTurnoBodySchema>;

/** A rule of the law a shift breaks (`shiftLegalWarnings` of the domain): its code and a Spanish message citing the article. */
export const advertenciaTurnoSchema = z.object({ codigo: z.string(), mensaje: z.string() });
export type AdvertenciaTurno = z.infer<typeof advertenciaTurnoSchema>;

/** A shift as listed and shown. Durations are nominal (wall clock); planned days carry their real, zone-aware hours. */
export const turnoSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  color: z.string(),
  inicio: z.string(),
  fin: z.string(),
  colacion: colacionSchema,
  toleranciaAtrasoMin: z.number().int(),
  toleranciaSalidaMin: z.number().int(),
  diasPorSemana: z.number().int(),
  /** Sites where the shift is used; empty: all. */
  sedeIds: z.array(z.string()),
  /** Job titles that may take it; empty: all. */
  cargos: z.array(z.string()),
  activo: z.boolean(),
  /** The end falls on the next day. */
  cruzaMedianoche: z.boolean(),
  /** Minutes from start to end on an ordinary day. */
  duracionMin: z.number().int(),
  colacionMin: z.number().int(),
  /** Ordinary minutes of a day of this shift: duration minus colación. */
  duracionNetaMin: z.number().int(),
  /** `duracionNetaMin × diasPorSemana` in hours (e.g. 42.5). */
  horasSemanalesReferencia: z.number(),
  /** `08:00–17:00` */
  etiqueta: z.string(),
  /** Starts at 1; grows with each change of times, colación or tolerances. */
  version: z.number().int(),
  creadoEn: z.string(),
  actualizadoEn: z.string(),
  /** The rules of the law the shift breaks (empty when lawful), by today's law: on the list, a read, a create and an update. */
  advertencias: z.array(advertenciaTurnoSchema).optional(),
});
export type Turno = z.infer<typeof turnoSchema>;

/** PATCH answer: the shift and how many planned days moved to the new version. */
export const actualizarTurnoResponseSchema = turnoSchema.extend({ diasActualizados: z.number().int() });
export type ActualizarTurnoResponse = z.infer<typeof actualizarTurnoResponseSchema>;

/** GET /api/v1/turnos */
export const turnosQuerySchema = paginationQuerySchema.extend({
  /** Searches name and code. */
  q: z.string().trim().max(100).optional(),
  activo: queryBooleanSchema.optional(),
});
export const turnosPageSchema = pageSchema(turnoSchema);
export type TurnosPage = z.infer<typeof turnosPageSchema>;

/** A shift as a planned day shows it: the version it was planned with. */
export const turnoPlanificadoSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  color: z.string(),
  inicio: z.string(),
  fin: z.string(),
  etiqueta: z.string(),
  version: z.number().int(),
});
export type TurnoPlanificado = z.infer<typeof turnoPlanificadoSchema>;
