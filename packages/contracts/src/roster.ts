import { z } from 'zod';
import { cargaMasivaResultadoSchema } from './bulk-upload';
import { isoDateSchema, uuidSchema } from './common';
import { horaSchema } from './shifts';

/** The longest period a proposal covers, in days (six weeks): the solver's own limit. */
const PROPUESTA_MAX_DIAS = 42;
/** Rest between shifts a proposal may be asked to keep, in hours, and its default. */
const DESCANSO_MIN_HORAS = 8;
const DESCANSO_MAX_HORAS = 24;
export const DESCANSO_POR_DEFECTO_HORAS = 12;
/** People a single band may ask for. */
const DEMANDA_MAX_PERSONAS = 500;
/** Bands of a site's demand, weekly and exceptions together. */
export const DEMANDA_MAX_BANDAS = 3000;

const personasSchema = z
  .number({ error: 'Indica cuántas personas se necesitan.' })
  .int({ message: 'Las personas deben ser un número entero.' })
  .min(0, { message: 'Las personas no pueden ser negativas.' })
  .max(DEMANDA_MAX_PERSONAS, { message: `Como máximo ${DEMANDA_MAX_PERSONAS} personas por banda.` });

const turnoIdsSchema = z.array(uuidSchema('El turno')).max(50, { message: 'Como máximo 50 turnos por banda.' }).optional();

/** A band's hours: `fin` at or before `inicio` ends the next day (a night band). */
const bandaBase = {
  inicio: horaSchema,
  fin: horaSchema,
  personas: personasSchema,
  /** Only these shifts cover the band (e.g. the cashiers' shifts); absent: any shift that spans it. */
  turnoIds: turnoIdsSchema,
};

const sameTimes = (b: { inicio: string; fin: string }) => b.inicio !== b.fin;
const SAME_TIMES = { message: 'El inicio y el fin de la banda no pueden ser iguales.', path: ['fin'] };

/** A band of the usual week: ISO weekday (1 Monday … 7 Sunday). */
export const bandaSemanalSchema = z
  .object({
    diaSemana: z.number({ error: 'Indica el día de la semana.' }).int().min(1, { message: 'El día de la semana va de 1 (lunes) a 7 (domingo).' }).max(7, { message: 'El día de la semana va de 1 (lunes) a 7 (domingo).' }),
    ...bandaBase,
  })
  .refine(sameTimes, SAME_TIMES);
export type BandaSemanal = z.infer<typeof bandaSemanalSchema>;

/** A date that does not follow the usual week: its bands replace that weekday's (`personas: 0` closes a band). */
export const bandaExcepcionSchema = z
  .object({ fecha: isoDateSchema, ...bandaBase })
  .refine(sameTimes, SAME_TIMES);
export type BandaExcepcion = z.infer<typeof bandaExcepcionSchema>;

/** PUT /api/v1/sedes/:id/demanda: the staffing demand of a site. */
export const demandaBodySchema = z
  .object({
    bandas: z.array(bandaSemanalSchema, { error: 'Indica las bandas de la semana.' }),
    excepciones: z.array(bandaExcepcionSchema).default([]),
  })
  .superRefine((d, ctx) => {
    if (d.bandas.length + d.excepciones.length > DEMANDA_MAX_BANDAS) {
      ctx.addIssue({ code: 'custom', path: ['bandas'], message: `Como máximo ${DEMANDA_MAX_BANDAS} bandas en total.` });
    }
    const seen = new Set<string>();
    d.bandas.forEach((b, i) => {
      const key = `${b.diaSemana}|${b.inicio}|${b.fin}|${[...(b.turnoIds ?? [])].sort().join(',')}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['bandas', i], message: 'Esa banda está repetida para el mismo día.' });
      seen.add(key);
    });
    d.excepciones.forEach((b, i) => {
      const key = `${b.fecha}|${b.inicio}|${b.fin}|${[...(b.turnoIds ?? [])].sort().join(',')}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['excepciones', i], message: 'Esa banda está repetida para la misma fecha.' });
      seen.add(key);
    });
  });
export type DemandaBody = z.input<typeof demandaBodySchema>;

export const demandaSchema = z.object({
  sedeId: z.string(),
  bandas: z.array(bandaSemanalSchema),
  excepciones: z.array(bandaExcepcionSchema),
  actualizadaEn: z.string().nullable(),
});
export type Demanda = z.infer<typeof demandaSchema>;

/** The weekdays as a demand file and the editor name them, ISO order (index 0 = `diaSemana` 1, lunes). */
export const DIAS_SEMANA = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

/**
 * The one band the upload and the editor write for a date without demand (a closed day): nobody, over the
 * whole day. A date whose bands all ask for 0 people has no demand, whatever their hours.
 */
export const BANDA_DIA_SIN_DEMANDA = { inicio: '00:00', fin: '23:59', personas: 0 } as const;

/** True when a date's exception bands ask for nobody: the date has no demand. */
export const sinDemanda = (bandas: readonly { personas: number }[]) => bandas.length > 0 && bandas.every((b) => b.personas === 0);

/**
 * POST /api/v1/sedes/:id/demanda/carga (and `/vista-previa`): the rows of a demand file against the site's
 * current demand (`crear` a new band, `actualizar` other people, `sin_cambios`), the bands of the current
 * demand the file leaves out (`quitar`: loading it removes them) and, once applied, the demand as saved.
 */
export const cargaDemandaResultadoSchema = cargaMasivaResultadoSchema.extend({
  quitar: z.number().int(),
  demanda: demandaSchema.nullable(),
});
export type CargaDemandaResultado = z.infer<typeof cargaDemandaResultadoSchema>;

/** A day fixed by the planner before asking: a shift, or a rest day (`turnoId: null`). */
const diaFijoSchema = z.object({
  usuarioId: uuidSchema('El trabajador'),
  fecha: isoDateSchema,
  turnoId: uuidSchema('El turno').nullable(),
});

/** POST /api/v1/propuestas-de-planificacion. */
export const crearPropuestaBodySchema = z
  .object({
    sedeId: uuidSchema('La sede no es válida.'),
    grupoId: uuidSchema('El grupo').optional(),
    desde: isoDateSchema,
    hasta: isoDateSchema,
    fijos: z.array(diaFijoSchema).max(5000, { message: 'Demasiados días fijos.' }).default([]),
    /** Hours between the end of one shift and the start of the next (12 by default). */
    descansoMinimoHoras: z
      .number({ error: 'Indica las horas de descanso entre turnos.' })
      .int({ message: 'Las horas de descanso van sin decimales.' })
      .min(DESCANSO_MIN_HORAS, { message: `El descanso entre turnos va de ${DESCANSO_MIN_HORAS} a ${DESCANSO_MAX_HORAS} horas.` })
      .max(DESCANSO_MAX_HORAS, { message: `El descanso entre turnos va de ${DESCANSO_MIN_HORAS} a ${DESCANSO_MAX_HORAS} horas.` })
      .default(DESCANSO_POR_DEFECTO_HORAS),
  })
  .superRefine((b, ctx) => {
    if (b.hasta < b.desde) {
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha hasta no puede ser anterior a desde.' });
      return;
    }
    const days = (Date.parse(`${b.hasta}T00:00:00Z`) - Date.parse(`${b.desde}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > PROPUESTA_MAX_DIAS) ctx.addIssue({ code: 'custom', path: ['hasta'], message: `El período puede tener como máximo ${PROPUESTA_MAX_DIAS} días (seis semanas).` });
    b.fijos.forEach((f, i) => {
      if (f.fecha < b.desde || f.fecha > b.hasta) ctx.addIssue({ code: 'custom', path: ['fijos', i, 'fecha'], message: 'El día fijo está fuera del período.' });
    });
  });
export type CrearPropuestaBody = z.input<typeof crearPropuestaBodySchema>;

const ESTADOS_PROPUESTA = ['en_cola', 'calculando', 'lista', 'fallida'] as const;
export type EstadoPropuesta = (typeof ESTADOS_PROPUESTA)[number];

/** How the solver ended: `optima` only when proven; `factible` within `brecha` of the optimum. */
const RESULTADOS_SOLVER = ['optima', 'factible', 'sin_solucion', 'infactible'] as const;

const diaActualSchema = z.object({ tipo: z.enum(['turno', 'libre', 'sin_planificar']), turnoId: z.string().nullable() });

export const resultadoPropuestaSchema = z.object({
  solver: z.enum(RESULTADOS_SOLVER),
  /** Proven relative gap (0.004 = 0,4 %); null without a solution. */
  brecha: z.number().nullable(),
  segundos: z.number(),
  turnos: z.array(z.object({ id: z.string(), codigo: z.string(), nombre: z.string(), color: z.string(), etiqueta: z.string(), noche: z.boolean() })),
  trabajadores: z.array(
    z.object({
      id: z.string(),
      nombre: z.string(),
      apellidos: z.string(),
      horasSemanales: z.number(),
      segundosPlanificados: z.number(),
      segundosPactados: z.number(),
      domingos: z.number(),
      feriados: z.number(),
      noches: z.number(),
      diasCambiados: z.number(),
    }),
  ),
  asignaciones: z.array(
    z.object({
      usuarioId: z.string(),
      fecha: z.string(),
      /** null: rest day (or unavailable when `noDisponible`). */
      turnoId: z.string().nullable(),
      noDisponible: z.boolean(),
      actual: diaActualSchema,
      cambia: z.boolean(),
    }),
  ),
  cobertura: z.array(z.object({ fecha: z.string(), inicio: z.string(), fin: z.string(), requeridas: z.number(), planificadas: z.number() })),
  faltas: z.array(z.object({ fecha: z.string(), inicio: z.string(), fin: z.string(), faltan: z.number(), motivo: z.string() })),
  observaciones: z.array(z.object({ usuarioId: z.string(), fecha: z.string(), mensaje: z.string() })),
  omitidos: z.array(z.object({ usuarioId: z.string(), nombre: z.string(), motivo: z.string() })),
});
export type ResultadoPropuesta = z.infer<typeof resultadoPropuestaSchema>;

export const propuestaSchema = z.object({
  id: z.string(),
  estado: z.enum(ESTADOS_PROPUESTA),
  /** 0 to 100; while `calculando`, an estimate by the time limit (the solver may finish earlier). */
  progreso: z.number(),
  error: z.string().nullable(),
  sede: z.object({ id: z.string(), nombre: z.string(), zonaHoraria: z.string() }),
  grupo: z.object({ id: z.string(), nombre: z.string() }).nullable(),
  desde: z.string(),
  hasta: z.string(),
  creadaEn: z.string(),
  calculadaEn: z.string().nullable(),
  aplicadaEn: z.string().nullable(),
  descansoMinimoHoras: z.number(),
  /** The days the planner fixed before asking (a shift, or a rest day with `turnoId: null`). */
  fijos: z.array(z.object({ usuarioId: z.string(), fecha: z.string(), turnoId: z.string().nullable() })),
  resultado: resultadoPropuestaSchema.nullable(),
});
export type Propuesta = z.infer<typeof propuestaSchema>;

export const aplicarPropuestaResponseSchema = z.object({ id: z.string(), aplicadaEn: z.string(), diasEscritos: z.number() });
export type AplicarPropuestaResponse = z.infer<typeof aplicarPropuestaResponseSchema>;
