import { z } from 'zod';
import { isoDateSchema, nullableText, requiredText } from './common';
import { pageSchema, paginationQuerySchema } from './pagination';

/** A day's decision on its overtime. */
export const ESTADOS_DECISION_HORAS_EXTRA = ['aprobado', 'rechazado'] as const;
/** A day's overtime as the approval list shows it: waiting for a decision, approved (all or part) or rejected. */
export const ESTADOS_HORAS_EXTRA = ['pendiente', 'aprobado', 'rechazado'] as const;
export const estadoHorasExtraSchema = z.enum(ESTADOS_HORAS_EXTRA, { error: 'El estado debe ser pendiente, aprobado o rechazado.' });
export type EstadoHorasExtra = z.infer<typeof estadoHorasExtraSchema>;

/** A pact's life on a date: not yet started, in force, or over. */
export const ESTADOS_PACTO = ['futuro', 'vigente', 'vencido'] as const;
export const estadoPactoSchema = z.enum(ESTADOS_PACTO, { error: 'El estado debe ser futuro, vigente o vencido.' });
export type EstadoPacto = z.infer<typeof estadoPactoSchema>;

/** The daily legal limit of overtime (art. 31 of the Código del Trabajo), mirrored by packages/domain. */
export const HORAS_EXTRA_MAX_MINUTOS_DIA = 120;
/** Longest period the overtime list reads at once. */
export const HORAS_EXTRA_MAX_DIAS = 366;
/** Most days one bulk approval takes. */
const HORAS_EXTRA_LOTE_MAX = 500;
/** A pact in force ending within this many days is "por vencer": the pacts page's warning and the home's count. */
export const PACTO_POR_VENCER_DIAS = 14;
/** The signed pact's document: a PDF or a photo. */
export const DOCUMENTO_PACTO_MAX_BYTES = 5 * 1024 * 1024;

/** Most overtime a day under the pact, in minutes (1 to 120). */
const maxMinutosDiaSchema = z
  .number({ error: 'Indica el máximo de minutos extra por día.' })
  .int({ message: 'El máximo por día va en minutos enteros.' })
  .min(1, { message: 'El máximo por día debe ser al menos 1 minuto.' })
  .max(HORAS_EXTRA_MAX_MINUTOS_DIA, { message: 'La ley permite como máximo 2 horas extra por día.' });

/**
 * How a pact's overtime is compensated: paid (the rule) or with additional vacation days by written agreement
 * (art. 32 inc. 4, Ley 21.561: 1.5 hours of rest an hour, at most 5 business days a contract year).
 */
const COMPENSACIONES_HORAS_EXTRA = ['pago', 'feriado'] as const;
export const compensacionHorasExtraSchema = z.enum(COMPENSACIONES_HORAS_EXTRA, { error: 'La compensación debe ser pago o feriado.' });
export type CompensacionHorasExtra = z.infer<typeof compensacionHorasExtraSchema>;
/** The day art. 32 inc. 4 came into force (Ley 21.561): no compensation with vacation days before it. */
const COMPENSACION_FERIADO_DESDE = '2024-04-26';

const diasSemanaSchema = z
  .number({ error: 'Indica en cuántos días a la semana se distribuye la jornada.' })
  .int({ message: 'Los días a la semana van sin decimales.' })
  .min(4, { message: 'La jornada se distribuye en 4 a 6 días a la semana.' })
  .max(6, { message: 'La jornada se distribuye en 4 a 6 días a la semana.' });

/** The agreement's fields: with 'feriado', the signing date and the days a week are required. */
const compensacionFields = {
  compensacion: compensacionHorasExtraSchema.optional(),
  firmadoEl: isoDateSchema.nullable().optional(),
  diasSemana: diasSemanaSchema.nullable().optional(),
};

/** The agreement's problems as field and Spanish message: used by the body schema and, after merging a change with the stored pact, by the server. */
export function compensationProblems(value: { compensacion?: string | undefined; firmadoEl?: string | null | undefined; diasSemana?: number | null | undefined; desde?: string | undefined }): { field: 'firmadoEl' | 'diasSemana' | 'desde'; message: string }[] {
  if (value.compensacion !== 'feriado') return [];
  const problems: { field: 'firmadoEl' | 'diasSemana' | 'desde'; message: string }[] = [];
  if (!value.firmadoEl) problems.push({ field: 'firmadoEl', message: 'Indica la fecha en que se firmó el acuerdo de compensar con días de feriado.' });
  if (value.diasSemana === undefined || value.diasSemana === null) {
    problems.push({ field: 'diasSemana', message: 'Indica en cuántos días a la semana se distribuye la jornada (para contar los días hábiles de feriado).' });
  }
  if (value.desde !== undefined && value.desde < COMPENSACION_FERIADO_DESDE) problems.push({ field: 'desde', message: 'La compensación con días de feriado rige desde el 26-04-2024 (Ley 21.561).' });
  if (value.firmadoEl && value.desde !== undefined && value.firmadoEl > value.desde) problems.push({ field: 'firmadoEl', message: 'El acuerdo debe estar firmado a más tardar el día de inicio del pacto.' });
  return problems;
}

function checkCompensation(value: Parameters<typeof compensationProblems>[0], ctx: z.RefinementCtx) {
  for (const problem of compensationProblems(value)) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

const usuarioIdSchema = z.string({ error: 'Elige el trabajador.' }).min(1, { message: 'Elige el trabajador.' }).max(100);

function checkPactRange(value: { desde?: string | undefined; hasta?: string | undefined }, ctx: z.RefinementCtx) {
  if (value.desde !== undefined && value.hasta !== undefined && value.hasta < value.desde) {
    ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha de término no puede ser anterior a la de inicio.' });
  }
}

export const crearPactoBodySchema = z
  .object({
    usuarioId: usuarioIdSchema,
    desde: isoDateSchema,
    hasta: isoDateSchema,
    maxMinutosDia: maxMinutosDiaSchema,
    comentario: nullableText(500),
    ...compensacionFields,
  })
  .superRefine(checkPactRange)
  .superRefine(checkCompensation);
export type CrearPactoBody = z.input<typeof crearPactoBodySchema>;

export const actualizarPactoBodySchema = z
  .object({ desde: isoDateSchema, hasta: isoDateSchema, maxMinutosDia: maxMinutosDiaSchema, comentario: nullableText(500), ...compensacionFields })
  .partial()
  .superRefine(checkPactRange);
export type ActualizarPactoBody = z.input<typeof actualizarPactoBodySchema>;

const personaSchema = z.object({ id: z.string(), nombre: z.string(), apellidos: z.string() });
const refSchema = z.object({ id: z.string(), nombre: z.string() });

export const pactoSchema = z.object({
  id: z.string(),
  usuario: personaSchema.extend({ rut: z.string(), grupo: refSchema.nullable() }),
  desde: z.string(),
  hasta: z.string(),
  maxMinutosDia: z.number().int(),
  /** 'pago', or 'feriado': the overtime is compensated with vacation days (art. 32 inc. 4). */
  compensacion: compensacionHorasExtraSchema,
  firmadoEl: z.string().nullable(),
  diasSemana: z.number().int().nullable(),
  comentario: z.string().nullable(),
  /** On the company's today. */
  estado: estadoPactoSchema,
  /** Days left until `hasta` (0 on its last day); null once it is over. */
  diasRestantes: z.number().int().nullable(),
  documento: z.object({ nombre: z.string(), tipo: z.string(), tamano: z.number().int() }).nullable(),
  creadoPor: personaSchema.nullable(),
  creadoEn: z.string(),
  /** Whether the session may edit, delete and attach the document (administrador, or the worker's leader). */
  puedeEditar: z.boolean(),
});
export type Pacto = z.infer<typeof pactoSchema>;

export const pactosQuerySchema = paginationQuerySchema.extend({
  usuarioId: z.string().max(100).optional(),
  grupoId: z.string().max(100).optional(),
  estado: estadoPactoSchema.optional(),
  /** Only pacts in force that end within this many days. */
  venceEnDias: z.coerce
    .number({ error: 'Los días deben ser un número.' })
    .int({ message: 'Los días deben ser un número entero.' })
    .min(0, { message: 'Los días no pueden ser negativos.' })
    .max(366, { message: 'Los días no pueden superar 366.' })
    .optional(),
});
export const pactosPageSchema = pageSchema(pactoSchema);
export type PactosPage = z.infer<typeof pactosPageSchema>;
export const misPactosQuerySchema = paginationQuerySchema;

/**
 * Why a day's overtime needs a look: time worked on a day a full-day paid permission covers
 * (`trabajo_en_permiso`, not confirmable until the permission or the marks are fixed), the employer's compliance problems (`sin_pacto`,
 * `extension_diciembre` beyond commerce's declared December extension, where no pact may cover it (art. 24 inc. 2), `sobre_limite_legal`
 * over 2 h, `sobre_pacto`, `dia_descanso` on a rest day or holiday of the plan), overtime above the
 * company's review threshold (`sobre_umbral`), and `cambio` (the evaluation found another figure after
 * the review). None of them changes what is paid: every found second is.
 */
export const ALERTAS_HORAS_EXTRA = ['trabajo_en_permiso', 'sin_pacto', 'extension_diciembre', 'sobre_limite_legal', 'sobre_pacto', 'dia_descanso', 'sobre_umbral', 'cambio'] as const;
export type AlertaHorasExtra = (typeof ALERTAS_HORAS_EXTRA)[number];
/** The alerts that are the employer's compliance problems (shown in the overtime report and the payroll too). */
export const ALERTAS_CUMPLIMIENTO_HORAS_EXTRA = ['sin_pacto', 'extension_diciembre', 'sobre_limite_legal', 'sobre_pacto', 'dia_descanso'] as const satisfies readonly AlertaHorasExtra[];

/** Which days a review lists: those with an alert (the default of the page) or all. */
const REVISIONES_HORAS_EXTRA = ['excepciones', 'todas'] as const;
export const revisionHorasExtraSchema = z.enum(REVISIONES_HORAS_EXTRA, { error: 'La revisión debe ser excepciones o todas.' });
export type RevisionHorasExtra = z.infer<typeof revisionHorasExtraSchema>;

/** The company's review threshold: days with more overtime than this are listed for review (never a limit of pay). */
export const UMBRAL_REVISION_MAX_MINUTOS = 120;
export const UMBRAL_REVISION_MINUTOS_OMISION = 30;
export const configuracionHorasExtraSchema = z.object({
  umbralRevisionMinutos: z.number().int(),
  actualizadoPor: z.object({ id: z.string(), nombre: z.string(), apellidos: z.string() }).nullable(),
  actualizadoEn: z.string().nullable(),
});
export type ConfiguracionHorasExtra = z.infer<typeof configuracionHorasExtraSchema>;
export const actualizarConfiguracionHorasExtraBodySchema = z.object({
  umbralRevisionMinutos: z
    .number({ error: 'El umbral de revisión debe ser un número de minutos.' })
    .int({ message: 'El umbral de revisión va en minutos, sin decimales.' })
    .min(0, { message: 'El umbral de revisión no puede ser negativo.' })
    .max(UMBRAL_REVISION_MAX_MINUTOS, { message: `El umbral de revisión puede ser como máximo ${UMBRAL_REVISION_MAX_MINUTOS} minutos.` }),
});
export type ActualizarConfiguracionHorasExtraBody = z.input<typeof actualizarConfiguracionHorasExtraBodySchema>;

export const horaExtraSchema = z.object({
  usuario: personaSchema.extend({ rut: z.string(), grupo: refSchema.nullable(), sede: refSchema.nullable() }),
  fecha: z.string(),
  /** The evaluation's overtime of the day now (attendance_days), to the second. */
  encontradaSegundos: z.number(),
  /** Of it, within and beyond the legal 2 hours a day. */
  dentroLimiteSegundos: z.number(),
  sobreLimiteSegundos: z.number(),
  trabajadoSegundos: z.number(),
  planificadoSegundos: z.number(),
  /** The pact in force that day, if any. */
  pacto: z.object({ id: z.string(), desde: z.string(), hasta: z.string(), maxMinutosDia: z.number().int() }).nullable(),
  /**
   * The most a review may confirm now: all of the found overtime (the pact does not cap it; art. 32 inc. 3);
   * 0 on a day with `trabajoEnPermiso`.
   */
  aprobableSegundos: z.number(),
  /**
   * The code of the full-day paid permission approved for the day (`VAC.`, `P.G.R.`…), null without one.
   * Time worked on it is not ordinary overtime to confirm (alert `trabajo_en_permiso`): the permission is
   * annulled or shortened, or the marks corrected; it can still be disputed.
   */
  trabajoEnPermiso: z.string().nullable(),
  estado: estadoHorasExtraSchema,
  aprobadaSegundos: z.number().nullable(),
  motivo: z.string().nullable(),
  /** The day's overtime when it was decided (differs from `encontradaSegundos` when the evaluation changed since). */
  encontradaAlDecidirSegundos: z.number().nullable(),
  decididoPor: personaSchema.nullable(),
  decididoEn: z.string().nullable(),
  alertas: z.array(z.enum(ALERTAS_HORAS_EXTRA)),
  /** Whether the session may approve or reject it (the worker's leader or an administrador, never the worker). */
  puedeDecidir: z.boolean(),
});
export type HoraExtra = z.infer<typeof horaExtraSchema>;

const horasExtraPeriodo = {
  /** Days from `desde` to `hasta`; the current month when both are missing. */
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
  estado: estadoHorasExtraSchema.optional(),
};
/** The filter a review lists and a bulk confirmation takes: period, worker, group, site and `revision`. */
const horasExtraFiltro = {
  ...horasExtraPeriodo,
  usuarioId: z.string().max(100).optional(),
  grupoId: z.string().max(100).optional(),
  sedeId: z.string().max(100).optional(),
  /** `excepciones`: only days with an alert; `todas` (the default of the API): every day. */
  revision: revisionHorasExtraSchema.optional(),
};

export const horasExtraQuerySchema = paginationQuerySchema.extend(horasExtraFiltro);
export const misHorasExtraQuerySchema = paginationQuerySchema.extend(horasExtraPeriodo);

export const horasExtraPageSchema = pageSchema(horaExtraSchema).extend({
  desde: z.string(),
  hasta: z.string(),
  /** Over every match of the filter, not just this page. */
  totales: z.object({
    encontradaSegundos: z.number(),
    /** Confirmed by a review (at most what is found now). */
    aprobadaSegundos: z.number(),
    /** Disputed (paid all the same until the marks are corrected). */
    rechazadaSegundos: z.number(),
    /** Found and not reviewed yet. */
    pendienteSegundos: z.number(),
    pendientes: z.number().int(),
    rechazadas: z.number().int(),
    conAlertas: z.number().int(),
    /** Days with a compliance problem (no pact, over 2 h, over the pact, on a rest day). */
    conIncumplimiento: z.number().int(),
  }),
  /** The company's review threshold in force, in minutes. */
  umbralRevisionMinutos: z.number().int(),
});
export type HorasExtraPage = z.infer<typeof horasExtraPageSchema>;

export const horaExtraParamsSchema = z.object({ usuarioId: z.string().min(1).max(100), fecha: z.string().min(1).max(20) });

/** Confirms all of a day's overtime (without `segundos`) or a part of it, the rest being disputed. */
export const aprobarHorasExtraBodySchema = z.object({
  segundos: z
    .number({ error: 'Los segundos confirmados deben ser un número.' })
    .int({ message: 'Los segundos confirmados van sin decimales.' })
    .min(1, { message: 'Confirma al menos 1 segundo, o disputa las horas extra.' })
    .max(24 * 3600, { message: 'Un día no tiene más de 24 horas extra.' })
    .optional(),
  motivo: nullableText(500),
});

export const rechazarHorasExtraBodySchema = z.object({ motivo: requiredText('El motivo de la disputa', 500) });

/**
 * Confirms in bulk the pending days either listed (`items`, at most HORAS_EXTRA_LOTE_MAX) or matching a
 * review filter (`filtro`, at most HORAS_EXTRA_FILTRO_MAX pending days).
 */
export const aprobarHorasExtraLoteBodySchema = z.union(
  [
    z.object({
      items: z
        .array(z.object({ usuarioId: usuarioIdSchema, fecha: isoDateSchema }), { error: 'Indica los días a confirmar.' })
        .min(1, { message: 'Elige al menos un día.' })
        .max(HORAS_EXTRA_LOTE_MAX, { message: `Como máximo ${HORAS_EXTRA_LOTE_MAX} días a la vez.` }),
    }).strict(),
    z.object({ filtro: z.object(horasExtraFiltro).strict() }).strict(),
  ],
  { error: 'Indica los días a confirmar (items) o el filtro de la revisión (filtro).' },
);

export const HORAS_EXTRA_FILTRO_MAX = 10_000;

export const aprobarHorasExtraLoteResponseSchema = z.object({
  /** Days confirmed now, and their seconds. */
  confirmadas: z.number().int(),
  confirmadasSegundos: z.number(),
  /** Days left as they were, with the Spanish reason (no pact in force, nothing to approve...). */
  omitidas: z.array(z.object({ usuarioId: z.string(), fecha: z.string(), motivo: z.string() })),
});
export type AprobarHorasExtraLoteResponse = z.infer<typeof aprobarHorasExtraLoteResponseSchema>;
