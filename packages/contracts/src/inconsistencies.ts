/**
 * Inconsistencies (`/api/v1/inconsistencias`): the things that do not add up in a worker's day, as the
 * engine found them (stored by the attendance module), with their state: open, in correction (a
 * pending correction of the day's marks) or dismissed with a reason (logged, reopenable). Resolving one
 * goes through the corrections flow (`/api/v1/correcciones`), a permission (`/api/v1/permisos`) or a
 * dismissal here.
 */
import { INCONSISTENCY_LABELS, type InconsistencyCode } from '@jornada/domain';
import { z } from 'zod';
import { diaTrabajadorSchema } from './attendance';
import { isoDateSchema, refSchema, requiredText } from './common';
import { paginationQuerySchema } from './pagination';

/** The engine's codes (InconsistencyCode of packages/domain), in the order the page shows them. */
export const CODIGOS_INCONSISTENCIA = [
  'entrada_sin_salida',
  'salida_sin_entrada',
  'colacion_incompleta',
  'marcas_fuera_de_orden',
  'marca_en_dia_libre',
  'marca_durante_permiso',
  'jornada_sobre_maximo_legal',
] as const satisfies readonly InconsistencyCode[];
export const codigoInconsistenciaSchema = z.enum(CODIGOS_INCONSISTENCIA, { error: 'El tipo de inconsistencia no existe.' });
export type CodigoInconsistencia = z.infer<typeof codigoInconsistenciaSchema>;
export const CODIGO_INCONSISTENCIA_LABELS: Record<CodigoInconsistencia, string> = INCONSISTENCY_LABELS;

/** `abierta`: to resolve; `en_correccion`: a correction of the day waits for the worker; `descartada`: dismissed with a reason. */
export const ESTADOS_INCONSISTENCIA = ['abierta', 'en_correccion', 'descartada'] as const;
export const estadoInconsistenciaSchema = z.enum(ESTADOS_INCONSISTENCIA, { error: 'El estado debe ser abierta, en_correccion o descartada.' });
export type EstadoInconsistencia = z.infer<typeof estadoInconsistenciaSchema>;
export const ESTADO_INCONSISTENCIA_LABELS: Record<EstadoInconsistencia, string> = {
  abierta: 'Abierta',
  en_correccion: 'En corrección',
  descartada: 'Descartada',
};

/** Rows an export holds at most (narrow the filters for more). */
export const INCONSISTENCIAS_MAX_EXPORTAR = 20_000;

const filterId = z.string().max(100).optional();

/** Filters of the list and the export; `desde`/`hasta` default to the current month (local dates). */
export const inconsistenciasFiltroSchema = z.object({
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
  grupoId: filterId,
  sedeId: filterId,
  usuarioId: filterId,
  codigo: codigoInconsistenciaSchema.optional(),
  estado: estadoInconsistenciaSchema.optional(),
  /** Name, surname or RUT contains this text. */
  q: z.string().trim().max(100).optional(),
});

/** `GET /api/v1/inconsistencias`. */
export const inconsistenciasQuerySchema = paginationQuerySchema.extend(inconsistenciasFiltroSchema.shape);

/** `GET /api/v1/inconsistencias/exportar`. */
export const exportarInconsistenciasQuerySchema = inconsistenciasFiltroSchema.extend({
  formato: z.enum(['xlsx', 'csv'], { error: 'El formato debe ser xlsx o csv.' }).default('xlsx'),
});

/** A dismissal: who, when, why; reopened by whom and when (null while it stands). */
export const descarteInconsistenciaSchema = z.object({
  id: z.string(),
  motivo: z.string(),
  por: refSchema,
  en: z.string(),
  reabiertoPor: refSchema.nullable(),
  reabiertoEn: z.string().nullable(),
});
export type DescarteInconsistencia = z.infer<typeof descarteInconsistenciaSchema>;

/** One inconsistency: a worker, a local date and the engine's code. */
export const filaInconsistenciaSchema = z.object({
  usuarioId: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  rut: z.string(),
  grupo: refSchema.nullable(),
  sede: refSchema.nullable(),
  zonaHoraria: z.string(),
  fecha: z.string(),
  codigo: codigoInconsistenciaSchema,
  etiqueta: z.string(),
  estado: estadoInconsistenciaSchema,
  /** The engine's status of the day. */
  estadoDia: z.string(),
  /** The plan of the day: the shift's `08:00–17:00`, `Libre` or `Sin planificación`. */
  plan: z.string(),
  /** Local `HH:MM:SS` of the day's marks, in order, with their kind. */
  marcas: z.array(z.object({ id: z.string(), tipo: z.string(), hora: z.string(), estado: z.string() })),
  /** The marks involved in this inconsistency. */
  marcaIds: z.array(z.string()),
  /** The standing dismissal (estado `descartada`). */
  descarte: descarteInconsistenciaSchema.nullable(),
});
export type FilaInconsistencia = z.infer<typeof filaInconsistenciaSchema>;

/** `GET /api/v1/inconsistencias` response. */
export const inconsistenciasResponseSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  items: z.array(filaInconsistenciaSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Inconsistencies per code for the filters without `codigo` (every code present, zeros included). */
  conteos: z.record(codigoInconsistenciaSchema, z.number().int()),
  /** Inconsistencies per state for the filters without `estado`. */
  conteosEstado: z.record(estadoInconsistenciaSchema, z.number().int()),
});
export type InconsistenciasResponse = z.infer<typeof inconsistenciasResponseSchema>;

/** `GET /api/v1/inconsistencias/dia?usuarioId=&fecha=`: the day with its plan, marks, explanation and each inconsistency's log. */
export const diaInconsistenciaQuerySchema = z.object({
  usuarioId: z.string({ error: 'Indica el trabajador.' }).max(100),
  fecha: isoDateSchema,
});

export const diaInconsistenciaResponseSchema = z.object({
  trabajador: z.object({
    id: z.string(),
    nombre: z.string(),
    apellidos: z.string(),
    rut: z.string(),
    grupo: refSchema.nullable(),
    sede: refSchema.nullable(),
    zonaHoraria: z.string(),
  }),
  dia: diaTrabajadorSchema,
  inconsistencias: z.array(
    z.object({
      codigo: codigoInconsistenciaSchema,
      etiqueta: z.string(),
      marcaIds: z.array(z.string()),
      estado: estadoInconsistenciaSchema,
      /** Every dismissal of it, newest first (the log). */
      descartes: z.array(descarteInconsistenciaSchema),
    }),
  ),
  /** Corrections of the day waiting for the worker (their ids; `/api/v1/correcciones/:id` shows each). */
  correccionesPendientes: z.array(z.string()),
});
export type DiaInconsistenciaResponse = z.infer<typeof diaInconsistenciaResponseSchema>;

/** `POST /api/v1/inconsistencias/descartes`: dismiss one inconsistency with a reason. */
export const descartarInconsistenciaBodySchema = z.object({
  usuarioId: z.uuid({ message: 'Elige al trabajador.' }),
  fecha: isoDateSchema,
  codigo: codigoInconsistenciaSchema,
  motivo: requiredText('El motivo del descarte', 1000),
});
export type DescartarInconsistenciaBody = z.input<typeof descartarInconsistenciaBodySchema>;
