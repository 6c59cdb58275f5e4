import { z } from 'zod';
import { requiredText, isoDateSchema } from './common';
import { pageSchema, paginationQuerySchema } from './pagination';
import { horaSchema } from './shifts';

/** How a permission type is counted (packages/domain `PermissionUnit`). */
export const UNIDADES_PERMISO = ['dias_habiles', 'dias_corridos', 'horas'] as const;
export const unidadPermisoSchema = z.enum(UNIDADES_PERMISO, { error: 'La unidad debe ser días hábiles, días corridos u horas.' });
export type UnidadPermiso = z.infer<typeof unidadPermisoSchema>;

/** A permission's life: requested ones start `pendiente`; assigned ones (and types without approval) start `aprobado`. */
export const ESTADOS_PERMISO = ['pendiente', 'aprobado', 'rechazado', 'anulado'] as const;
export const estadoPermisoSchema = z.enum(ESTADOS_PERMISO, { error: 'El estado debe ser pendiente, aprobado, rechazado o anulado.' });
export type EstadoPermiso = z.infer<typeof estadoPermisoSchema>;

/** `asignado`: an administrador or leader registered it; `solicitado`: the worker asked for it. */
export const ORIGENES_PERMISO = ['asignado', 'solicitado'] as const;

/**
 * The code of the legal vacation (feriado anual, arts. 67 and 68): the type with this code and days
 * per year takes the far-south days and the progressive days. Codes are unique per company.
 */
export const CODIGO_FERIADO_LEGAL = 'VAC.';

/**
 * The code of the compensatory rest of art. 38 inc. 3 (descanso compensatorio): the type with this code
 * records the days granted to a worker excepted from Sunday rest, and its balance is not a yearly
 * allowance but one day for each Sunday or holiday the engine found worked. Codes are unique per company.
 */
export const CODIGO_DESCANSO_COMPENSATORIO = 'D.C.38';

/**
 * The code of the vacation days that compensate overtime (art. 32 inc. 4, Ley 21.561): the type with this
 * code records the days a worker with a «feriado» overtime pact takes, asked with 48 hours' notice; its
 * balance is the rest the overtime earned (1.5 hours an hour, at most 5 business days a contract year),
 * usable for 6 months.
 */
export const CODIGO_FERIADO_HORAS_EXTRA = 'F.H.E.';

/**
 * Where a balance's days come from: `dias_anuales`, the type's days per year (with the far-south and
 * progressive days of the legal vacation); `domingos_festivos_trabajados`, the compensatory rest of
 * art. 38 (`CODIGO_DESCANSO_COMPENSATORIO`), one day per Sunday or holiday worked;
 * `horas_extra_compensadas`, the rest earned by overtime under a «feriado» pact (`CODIGO_FERIADO_HORAS_EXTRA`).
 */
export const FUENTES_SALDO = ['dias_anuales', 'domingos_festivos_trabajados', 'horas_extra_compensadas'] as const;
export type FuenteSaldo = (typeof FUENTES_SALDO)[number];

const codigoPermisoSchema = z
  .string({ error: 'Ingresa el código del tipo de permiso.' })
  .trim()
  .min(1, { message: 'Ingresa el código del tipo de permiso.' })
  .max(12, { message: 'El código tiene como máximo 12 caracteres.' })
  .regex(/^[A-Za-z0-9ÑñÁÉÍÓÚáéíóú][A-Za-z0-9ÑñÁÉÍÓÚáéíóú._-]*$/, {
    message: 'El código solo puede tener letras, números, punto, guion y guion bajo, sin espacios.',
  })
  .transform((value) => value.toLocaleUpperCase('es-CL'));

const diasAnualesSchema = z
  .number({ error: 'Los días por año deben ser un número.' })
  .int({ message: 'Los días por año van sin decimales.' })
  .min(1, { message: 'Los días por año deben ser al menos 1.' })
  .max(366, { message: 'Los días por año no pueden superar 366.' });

const diasPorEventoSchema = z
  .number({ error: 'Los días por evento deben ser un número.' })
  .int({ message: 'Los días por evento van sin decimales.' })
  .min(1, { message: 'Los días por evento deben ser al menos 1.' })
  .max(366, { message: 'Los días por evento no pueden superar 366.' });

const HOURS_WITH_EVENT_DAYS = 'Un permiso por horas no lleva días por evento.';

const tipoPermisoShape = {
  nombre: requiredText('El nombre del tipo de permiso', 80),
  codigo: codigoPermisoSchema,
  conGoce: z.boolean({ error: 'Indica si el permiso es con goce de remuneraciones.' }),
  unidad: unidadPermisoSchema,
  solicitable: z.boolean({ error: 'Indica si el trabajador puede solicitarlo.' }),
  requiereAprobacion: z.boolean({ error: 'Indica si requiere aprobación.' }),
  /** Yearly allowance in the type's unit (vacaciones: 15 días hábiles); null: no allowance, no balance. */
  diasAnuales: diasAnualesSchema.nullable(),
  /**
   * Most a single request may take, in the type's unit, for permissions granted per event rather than
   * per year (death of a relative, art. 66; birth, art. 195; marriage, art. 207 bis); null: no cap.
   * Optional on input (null) so older clients keep working.
   */
  diasPorEvento: diasPorEventoSchema.nullable().optional(),
};

export const crearTipoPermisoBodySchema = z.object(tipoPermisoShape).superRefine((value, ctx) => {
  if (value.unidad === 'horas' && value.diasAnuales !== null) {
    ctx.addIssue({ code: 'custom', path: ['diasAnuales'], message: 'Un permiso por horas no lleva días por año.' });
  }
  if (value.unidad === 'horas' && value.diasPorEvento !== null && value.diasPorEvento !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['diasPorEvento'], message: HOURS_WITH_EVENT_DAYS });
  }
});
export type CrearTipoPermisoBody = z.input<typeof crearTipoPermisoBodySchema>;

export const actualizarTipoPermisoBodySchema = z
  .object({ ...tipoPermisoShape, activo: z.boolean({ error: 'Indica si el tipo está activo.' }) })
  .partial()
  .superRefine((value, ctx) => {
    if (value.unidad === 'horas' && value.diasAnuales !== null && value.diasAnuales !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['diasAnuales'], message: 'Un permiso por horas no lleva días por año.' });
    }
    if (value.unidad === 'horas' && value.diasPorEvento !== null && value.diasPorEvento !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['diasPorEvento'], message: HOURS_WITH_EVENT_DAYS });
    }
  });
export type ActualizarTipoPermisoBody = z.input<typeof actualizarTipoPermisoBodySchema>;

export const tipoPermisoSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  codigo: z.string(),
  conGoce: z.boolean(),
  unidad: unidadPermisoSchema,
  solicitable: z.boolean(),
  requiereAprobacion: z.boolean(),
  diasAnuales: z.number().int().nullable(),
  diasPorEvento: z.number().int().nullable(),
  activo: z.boolean(),
});
export type TipoPermiso = z.infer<typeof tipoPermisoSchema>;
export const tiposPermisoSchema = z.object({ items: z.array(tipoPermisoSchema) });
export type TiposPermiso = z.infer<typeof tiposPermisoSchema>;

const optionalComment = z
  .string({ error: 'El comentario debe ser texto.' })
  .trim()
  .max(500, { message: 'El comentario tiene como máximo 500 caracteres.' })
  .optional()
  .transform((value) => (value ? value : undefined));

/** Days, or an hour range on each of the days (`horaInicio`/`horaFin`, both or neither). */
const permisoShape = {
  tipoId: z.string({ error: 'Elige el tipo de permiso.' }).min(1, { message: 'Elige el tipo de permiso.' }).max(100),
  desde: isoDateSchema,
  hasta: isoDateSchema,
  horaInicio: horaSchema.optional(),
  horaFin: horaSchema.optional(),
  comentario: optionalComment,
};

function checkRange(value: { desde: string; hasta: string; horaInicio?: string | undefined; horaFin?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.hasta < value.desde) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha de término no puede ser anterior a la de inicio.' });
  if ((value.horaInicio === undefined) !== (value.horaFin === undefined)) {
    ctx.addIssue({ code: 'custom', path: [value.horaInicio === undefined ? 'horaInicio' : 'horaFin'], message: 'Un permiso por horas necesita la hora de inicio y la de término.' });
  }
  if (value.horaInicio !== undefined && value.horaInicio === value.horaFin) {
    ctx.addIssue({ code: 'custom', path: ['horaFin'], message: 'El permiso por horas debe durar más de cero minutos.' });
  }
}

/** A worker's own request. */
export const solicitarPermisoBodySchema = z.object(permisoShape).superRefine(checkRange);
export type SolicitarPermisoBody = z.input<typeof solicitarPermisoBodySchema>;

/** An administrador or leader assigns a permission to a worker (approved at once). */
export const asignarPermisoBodySchema = z
  .object({ ...permisoShape, usuarioId: z.string({ error: 'Elige el trabajador.' }).min(1, { message: 'Elige el trabajador.' }).max(100) })
  .superRefine(checkRange);
export type AsignarPermisoBody = z.input<typeof asignarPermisoBodySchema>;

export const decidirPermisoBodySchema = z.object({ comentario: optionalComment });

/** A rejection always says why. */
export const rechazarPermisoBodySchema = z.object({
  comentario: requiredText('El motivo del rechazo', 500),
});

const personaPermisoSchema = z.object({ id: z.string(), nombre: z.string(), apellidos: z.string(), rut: z.string() });

export const permisoSchema = z.object({
  id: z.string(),
  usuario: personaPermisoSchema.extend({ grupo: z.object({ id: z.string(), nombre: z.string() }).nullable() }),
  tipo: z.object({ id: z.string(), nombre: z.string(), codigo: z.string(), unidad: unidadPermisoSchema, conGoce: z.boolean() }),
  desde: z.string(),
  hasta: z.string(),
  horaInicio: z.string().nullable(),
  horaFin: z.string().nullable(),
  /** How much of the type's unit it takes (días hábiles, días corridos or horas). */
  cantidad: z.number(),
  estado: estadoPermisoSchema,
  origen: z.enum(ORIGENES_PERMISO),
  comentario: z.string().nullable(),
  creadoPor: z.object({ id: z.string(), nombre: z.string(), apellidos: z.string() }).nullable(),
  creadoEn: z.string(),
  decididoPor: z.object({ id: z.string(), nombre: z.string(), apellidos: z.string() }).nullable(),
  decididoEn: z.string().nullable(),
  comentarioDecision: z.string().nullable(),
  adjunto: z.object({ nombre: z.string(), tipo: z.string(), tamano: z.number().int() }).nullable(),
  /** Whether the session may approve or reject it now (pending, within their scope, not their own). */
  puedeDecidir: z.boolean(),
  /** Whether the session may annul it now. */
  puedeAnular: z.boolean(),
});
export type Permiso = z.infer<typeof permisoSchema>;

export const permisosQuerySchema = paginationQuerySchema.extend({
  usuarioId: z.string().max(100).optional(),
  grupoId: z.string().max(100).optional(),
  tipoId: z.string().max(100).optional(),
  estado: estadoPermisoSchema.optional(),
  /** Permissions that touch the range [desde, hasta]. */
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
});

export const permisosPageSchema = pageSchema(permisoSchema).extend({
  /** Pending permissions the session may decide (the bell's count), whatever the filters. */
  pendientes: z.number().int(),
});
export type PermisosPage = z.infer<typeof permisosPageSchema>;

export const misPermisosQuerySchema = paginationQuerySchema.extend({
  estado: estadoPermisoSchema.optional(),
  /** Permissions that touch the range [desde, hasta]. */
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
});

export const saldoPermisoSchema = z.object({
  usuario: personaPermisoSchema,
  tipo: z.object({ id: z.string(), nombre: z.string(), codigo: z.string(), unidad: unidadPermisoSchema }),
  anio: z.number().int(),
  /** Where `asignados` comes from (`FUENTES_SALDO`). */
  fuente: z.enum(FUENTES_SALDO),
  /** `diasBase` + `diasProgresivos`. */
  asignados: z.number(),
  /**
   * The yearly days before progressive days: the type's `diasAnuales`; for the legal vacation
   * (`CODIGO_FERIADO_LEGAL`), at least 20 where the worker's site is in the far south (art. 67 inc. 2).
   * For the compensatory rest (`domingos_festivos_trabajados`), the days owed: the Sundays and holidays
   * worked in `anio` up to today, plus those of the year before not granted in it. For the overtime's vacation
   * days (`horas_extra_compensadas`), the business days of rest usable today plus those taken or asked for in
   * `anio` (a fraction of a day is possible).
   */
  diasBase: z.number(),
  /**
   * Progressive days of the legal vacation (art. 68), computed from the recognised years with previous
   * employers and the whole years with the company on the last day of `anio`; 0 for other types.
   */
  diasProgresivos: z.number().int(),
  /**
   * Why the figure differs from the type's days per year, as Spanish sentences ready to show:
   * «20 días por trabajar en la región de Magallanes (art. 67 inc. 2)», «10 años reconocidos y 4 con la
   * empresa: 1 día progresivo (art. 68)». Empty when only the general figure applies. For the
   * compensatory rest, what the days owed are: «1 domingo y 1 festivo trabajados en 2026», «1 día sin
   * otorgar de 2025».
   */
  fundamento: z.array(z.string()),
  usados: z.number(),
  pendientes: z.number(),
  disponibles: z.number(),
});
export type SaldoPermiso = z.infer<typeof saldoPermisoSchema>;

export const saldosQuerySchema = paginationQuerySchema.extend({
  anio: z.coerce
    .number({ error: 'El año debe ser un número.' })
    .int({ message: 'El año debe ser un número entero.' })
    .min(1900, { message: 'El año debe estar entre 1900 y 2100.' })
    .max(2100, { message: 'El año debe estar entre 1900 y 2100.' })
    .optional(),
  usuarioId: z.string().max(100).optional(),
  grupoId: z.string().max(100).optional(),
});
export const saldosPageSchema = pageSchema(saldoPermisoSchema);
export type SaldosPage = z.infer<typeof saldosPageSchema>;
export const misSaldosSchema = z.object({ items: z.array(saldoPermisoSchema) });
export type MisSaldos = z.infer<typeof misSaldosSchema>;

/** Attachments: a medical licence's PDF or photo. */
export const ADJUNTO_PERMISO_MAX_BYTES = 5 * 1024 * 1024;
