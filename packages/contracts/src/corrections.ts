import { z } from 'zod';
import { isoDateSchema, ocurrenciaSchema, requiredText } from './common';
import { tipoMarcaSchema } from './marks';
import { pageSchema, paginationQuerySchema } from './pagination';

/**
 * Corrections of marks (DT Res. Ex. 38): an employer proposes a mark the worker did not record (a
 * missing mark, or a refused attempt turned into a mark); the worker is e-mailed and has 48 hours to
 * object. Without objection the correction is consolidated (a new mark with method `correccion`);
 * with an objection the original stands. The employer may annul a pending one before the deadline.
 */
const CORRECCION_PLAZO_HORAS = 48;
export const CORRECCION_PLAZO_MS = CORRECCION_PLAZO_HORAS * 60 * 60 * 1000;

export const ESTADOS_CORRECCION = ['pendiente', 'consolidada', 'objetada', 'anulada'] as const;
export const estadoCorreccionSchema = z.enum(ESTADOS_CORRECCION, { error: 'El estado debe ser pendiente, consolidada, objetada o anulada.' });
export type EstadoCorreccion = z.infer<typeof estadoCorreccionSchema>;
export const ESTADO_CORRECCION_LABELS: Record<EstadoCorreccion, string> = {
  pendiente: 'Pendiente',
  consolidada: 'Consolidada',
  objetada: 'Objetada',
  anulada: 'Anulada',
};

/** Each step of a correction's life, logged with who and when (insert-only). */
export const EVENTOS_CORRECCION = ['propuesta', 'aceptada', 'objetada', 'anulada', 'consolidada'] as const;
export type EventoCorreccion = (typeof EVENTOS_CORRECCION)[number];
export const EVENTO_CORRECCION_LABELS: Record<EventoCorreccion, string> = {
  propuesta: 'Propuesta',
  aceptada: 'Aceptada por el trabajador',
  objetada: 'Objetada por el trabajador',
  anulada: 'Anulada',
  consolidada: 'Consolidada: marca registrada',
};

/** `HH:MM` or `HH:MM:SS`, a wall-clock time in the worker's site zone. */
const horaLocalSchema = z
  .string({ error: 'Ingresa la hora.' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, { message: 'La hora debe tener el formato hh:mm.' });

const motivoCorreccionSchema = requiredText('El motivo de la corrección', 1000);

/**
 * `POST /api/v1/correcciones`. From an attempt (`intentoId`): worker, kind and time come from the
 * attempt unless given (the employer may adjust kind and time). A missing mark: `usuarioId`, `tipo`,
 * `fecha` and `hora` (local date and time in the worker's site zone). A changed time of a recorded mark
 * (`marcaId`): the new `fecha` and `hora`; worker and kind are the mark's (the consolidated mark names
 * and supersedes it; the original is never deleted). `motivo` is always required.
 * A `fecha` + `hora` that does not exist in the zone (the spring-forward gap) is refused on `hora`; one
 * that happens twice (the fall-back hour) needs `ocurrencia`, or is refused on `ocurrencia`.
 */
export const crearCorreccionBodySchema = z
  .object({
    intentoId: z.uuid({ message: 'El intento de marcaje no es válido.' }).optional(),
    marcaId: z.uuid({ message: 'La marca no es válida.' }).optional(),
    usuarioId: z.uuid({ message: 'Elige al trabajador.' }).optional(),
    tipo: tipoMarcaSchema.optional(),
    fecha: isoDateSchema.optional(),
    hora: horaLocalSchema.optional(),
    ocurrencia: ocurrenciaSchema.optional(),
    motivo: motivoCorreccionSchema,
  })
  .superRefine((body, ctx) => {
    if (body.marcaId) {
      if (body.intentoId) ctx.addIssue({ code: 'custom', path: ['marcaId'], message: 'Corrige un intento o una marca, no ambos.' });
      if (!body.fecha) ctx.addIssue({ code: 'custom', path: ['fecha'], message: 'Ingresa la nueva fecha de la marca.' });
      if (!body.hora) ctx.addIssue({ code: 'custom', path: ['hora'], message: 'Ingresa la nueva hora de la marca.' });
    } else if (!body.intentoId) {
      if (!body.usuarioId) ctx.addIssue({ code: 'custom', path: ['usuarioId'], message: 'Elige al trabajador.' });
      if (!body.tipo) ctx.addIssue({ code: 'custom', path: ['tipo'], message: 'Elige el tipo de marca.' });
      if (!body.fecha) ctx.addIssue({ code: 'custom', path: ['fecha'], message: 'Ingresa la fecha de la marca.' });
      if (!body.hora) ctx.addIssue({ code: 'custom', path: ['hora'], message: 'Ingresa la hora de la marca.' });
    } else if (Boolean(body.fecha) !== Boolean(body.hora)) {
      ctx.addIssue({ code: 'custom', path: [body.fecha ? 'hora' : 'fecha'], message: 'Indica la fecha y la hora juntas, o ninguna para usar las del intento.' });
    }
  });
export type CrearCorreccionBody = z.input<typeof crearCorreccionBodySchema>;

/** `POST /api/v1/correcciones/:id/objetar` (the worker, before the deadline). */
export const objetarCorreccionBodySchema = z.object({ objecion: requiredText('El motivo de tu objeción', 1000) });
export type ObjetarCorreccionBody = z.input<typeof objetarCorreccionBodySchema>;

/** `POST /api/v1/correcciones/:id/anular` (the employer, before the deadline). */
export const anularCorreccionBodySchema = z.object({ motivo: requiredText('El motivo de la anulación', 1000) });
export type AnularCorreccionBody = z.input<typeof anularCorreccionBodySchema>;

const eventoCorreccionSchema = z.object({
  evento: z.enum(EVENTOS_CORRECCION),
  etiqueta: z.string(),
  /** Who did it; null when the system did (consolidation at the deadline). */
  por: z.object({ id: z.string(), nombre: z.string() }).nullable(),
  en: z.string(),
  nota: z.string().nullable(),
});

export const correccionSchema = z.object({
  id: z.string(),
  estado: estadoCorreccionSchema,
  estadoEtiqueta: z.string(),
  trabajador: z.object({ id: z.string(), nombre: z.string(), rut: z.string() }),
  tipo: tipoMarcaSchema,
  tipoEtiqueta: z.string(),
  /** The corrected time (UTC ISO). */
  instante: z.string(),
  /** The same time in the worker's site zone: `aaaa-mm-dd`, `hh:mm:ss`. */
  fecha: z.string(),
  hora: z.string(),
  zonaHoraria: z.string(),
  /** What the worker had: the attempt, the recorded mark whose time changes, or "Sin marca" for a missing mark. */
  original: z.object({
    descripcion: z.string(),
    /** The recorded mark this correction changes (superseded, never deleted, once consolidated). */
    marca: z.object({ id: z.string(), tipo: tipoMarcaSchema, instante: z.string() }).nullable(),
    intento: z
      .object({ id: z.string(), tipo: tipoMarcaSchema.nullable(), instante: z.string(), motivo: z.string(), motivoEtiqueta: z.string() })
      .nullable(),
  }),
  motivo: z.string(),
  solicitadoPor: z.object({ id: z.string(), nombre: z.string() }),
  creadaEn: z.string(),
  /** created + 48 h: until then the worker may object. */
  plazo: z.string(),
  objecion: z.string().nullable(),
  objetadaEn: z.string().nullable(),
  anulacion: z.string().nullable(),
  /** When it left `pendiente` (consolidated, objected or annulled). */
  resueltaEn: z.string().nullable(),
  /** The mark recorded when consolidated. */
  marcaId: z.string().nullable(),
  intentoId: z.string().nullable(),
  historial: z.array(eventoCorreccionSchema),
  /** What the caller may do now. */
  puedeObjetar: z.boolean(),
  puedeAceptar: z.boolean(),
  puedeAnular: z.boolean(),
});
export type Correccion = z.infer<typeof correccionSchema>;

/** Filters of `GET /api/v1/correcciones`; `desde`/`hasta` are local dates of the corrected time. */
export const correccionesQuerySchema = paginationQuerySchema.extend({
  estado: estadoCorreccionSchema.optional(),
  usuarioId: z.string().max(100).optional(),
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
  /** Comma-separated attempt ids (at most 100): the corrections of the attempts on a page. */
  intentoIds: z.string().max(4000).optional(),
});
export const correccionesPageSchema = pageSchema(correccionSchema);
export type CorreccionesPage = z.infer<typeof correccionesPageSchema>;
