import { z } from 'zod';
import { requiredDateSchema, requiredText } from './common';

/** Where a holiday of the calendar comes from: the law for the whole country, for some regions, or the company. */
const TIPOS_FERIADO = ['nacional', 'regional', 'empresa'] as const;
const tipoFeriadoSchema = z.enum(TIPOS_FERIADO);
export type TipoFeriado = z.infer<typeof tipoFeriadoSchema>;

/** Years the calendar screen shows (the domain's calendar covers 2000..2100). */
const FERIADOS_MIN_ANIO = 2000;
const FERIADOS_MAX_ANIO = 2100;

/** `?anio=2026`: one year of the calendar (the current year by default). */
export const feriadosQuerySchema = z.object({
  anio: z.coerce
    .number({ error: 'El año no es válido.' })
    .int({ message: 'El año no es válido.' })
    .min(FERIADOS_MIN_ANIO, { message: `El año debe estar entre ${FERIADOS_MIN_ANIO} y ${FERIADOS_MAX_ANIO}.` })
    .max(FERIADOS_MAX_ANIO, { message: `El año debe estar entre ${FERIADOS_MIN_ANIO} y ${FERIADOS_MAX_ANIO}.` })
    .optional(),
});

/** One holiday of the year's calendar. */
export const feriadoSchema = z.object({
  /** The company's own holiday's id (to remove it); null for the law's holidays. */
  id: z.string().nullable(),
  fecha: z.string(),
  nombre: z.string(),
  tipo: tipoFeriadoSchema,
  irrenunciable: z.boolean(),
  /** The law it comes from (the law's holidays that name one). */
  ley: z.string().nullable(),
  /** Regions of a regional holiday, by ISO code without `CL-` (`RM`, `AP`…). */
  regiones: z.array(z.string()),
  /** Communes of a regional holiday limited to some communes. */
  comunas: z.array(z.string()),
  /** Who added a company holiday and when (its change log). */
  creadoPor: z.string().nullable(),
  creadoEn: z.string().nullable(),
  /** A company holiday not yet past can be removed. */
  eliminable: z.boolean(),
});
export type Feriado = z.infer<typeof feriadoSchema>;

/** A company holiday that was removed, for the change log. */
export const feriadoEliminadoSchema = z.object({
  id: z.string(),
  fecha: z.string(),
  nombre: z.string(),
  irrenunciable: z.boolean(),
  creadoPor: z.string().nullable(),
  creadoEn: z.string(),
  eliminadoPor: z.string().nullable(),
  eliminadoEn: z.string(),
});
export type FeriadoEliminado = z.infer<typeof feriadoEliminadoSchema>;

export const calendarioFeriadosSchema = z.object({
  anio: z.number(),
  /** Today in Chile (America/Santiago): a company holiday must come after it. */
  hoy: z.string(),
  feriados: z.array(feriadoSchema),
  /** Company holidays of the year that were removed, newest first. */
  eliminados: z.array(feriadoEliminadoSchema),
});
export type CalendarioFeriados = z.infer<typeof calendarioFeriadosSchema>;

export const FERIADO_NOMBRE_MAX = 120;

/** A holiday the company adds: a future date, its name and whether commerce workers may be asked to work it. */
export const crearFeriadoBodySchema = z.object({
  fecha: requiredDateSchema('Ingresa la fecha del feriado.'),
  nombre: requiredText('El nombre del feriado', FERIADO_NOMBRE_MAX),
  /** `nacional`: a holiday of the whole country not yet in the calendar (a future election day); `empresa`: the company's own. */
  tipo: z.enum(['nacional', 'empresa'], { error: 'El tipo de feriado no es válido.' }).default('empresa'),
  irrenunciable: z.boolean({ error: 'Indica si el feriado es irrenunciable.' }).default(false),
});
export type CrearFeriadoBody = z.input<typeof crearFeriadoBodySchema>;
