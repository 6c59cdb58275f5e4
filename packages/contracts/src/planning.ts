import { DECEMBER_EXTENSION_MAX_DAYS, DECEMBER_EXTENSION_MAX_SECONDS, PLAN_ALERT_CODES, decemberExtensionWindow } from '@jornada/domain';
import { z } from 'zod';
import { isoDateSchema, MAX_ISO_DATE, MIN_ISO_DATE, ocurrenciaSchema, uuidSchema } from './common';
import { pageSchema, paginationQuerySchema } from './pagination';
import { turnoPlanificadoSchema } from './shifts';

/** Longest range of a planning grid, a pattern or a change-log query. */
export const PLANIFICACION_MAX_DIAS_GRILLA = 93;
export const PLANIFICACION_MAX_DIAS_PATRON = 366;
const PLANIFICACION_MAX_TRABAJADORES_PATRON = 2000;

const TIPOS_DIA = ['turno', 'libre', 'sin_planificar'] as const;
export const tipoDiaSchema = z.enum(TIPOS_DIA, { error: 'El tipo de día debe ser turno, libre o sin_planificar.' });
export type TipoDia = z.infer<typeof tipoDiaSchema>;

export const SOLICITADO_POR = ['trabajador', 'empleador'] as const;
export const solicitadoPorSchema = z.enum(SOLICITADO_POR, { error: 'Solicitado por debe ser trabajador o empleador.' });
export type SolicitadoPor = z.infer<typeof solicitadoPorSchema>;
export const SOLICITADO_POR_LABELS: Record<SolicitadoPor, string> = { trabajador: 'Trabajador', empleador: 'Empleador' };

/** Codes of the legal-limit flags of a planned week or day: the domain's plan alerts, one list. */
const CODIGOS_ALERTA_PLAN = PLAN_ALERT_CODES;
export const alertaPlanSchema = z.object({
  codigo: z.enum(CODIGOS_ALERTA_PLAN),
  /** The day concerned, or the Monday of the week concerned. */
  fecha: z.string(),
  mensaje: z.string(),
  /** The planned figure and the limit it broke (seconds for hours, days for days per week). */
  valor: z.number(),
  limite: z.number(),
});
export type AlertaPlan = z.infer<typeof alertaPlanSchema>;

const textoOpcional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Máximo ${max} caracteres.` })
    .optional()
    .transform((value) => (value ? value : undefined));

/** A public holiday shown in the grid. */
const feriadoSchema = z.object({ nombre: z.string(), irrenunciable: z.boolean() });

/** One day of a worker in the grid or a preview. Hours are real (DST-aware) in the worker's site zone. */
export const diaPlanSchema = z.object({
  fecha: z.string(),
  tipo: tipoDiaSchema,
  turnoId: z.string().nullable(),
  turno: turnoPlanificadoSchema.nullable(),
  /** Ordinary seconds planned that day (duration minus colación); 0 for libre and sin_planificar. */
  segundosPlanificados: z.number().int(),
  feriado: feriadoSchema.nullable(),
});
export type DiaPlan = z.infer<typeof diaPlanSchema>;

/** A Monday-to-Sunday week of a worker, counted whole even when the grid shows part of it. */
export const semanaPlanSchema = z.object({
  /** Monday. */
  inicio: z.string(),
  /** Sunday. */
  fin: z.string(),
  segundosPlanificados: z.number().int(),
  /** `42:30` */
  horasPlanificadas: z.string(),
  diasTrabajo: z.number().int(),
  /** Ordinary weekly limit in force on the week's Monday (45/44/42/40). */
  limiteHorasSemanales: z.number(),
  sobreLimiteSemanal: z.boolean(),
  diaSobreDiezHoras: z.boolean(),
  diasFueraDeRango: z.boolean(),
  /**
   * Some day of the week is not planned yet (or falls outside the contract): the week is not judged short
   * of days until it is complete; what it already breaks is still alerted.
   */
  incompleta: z.boolean(),
  alertas: z.array(alertaPlanSchema),
});
export type SemanaPlan = z.infer<typeof semanaPlanSchema>;

export const usuarioPlanSchema = z.object({
  id: z.string(),
  rut: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  cargo: z.string().nullable(),
  grupo: z.object({ id: z.string(), nombre: z.string() }).nullable(),
  /** IANA zone of the worker's site (America/Santiago without a site). */
  zonaHoraria: z.string(),
});
export type UsuarioPlan = z.infer<typeof usuarioPlanSchema>;

/** An approved permission on a grid day: its type's code and whether it covers hours rather than the whole day. */
export const permisoPlanSchema = z.object({ codigo: z.string(), porHoras: z.boolean() });
export type PermisoPlan = z.infer<typeof permisoPlanSchema>;

export const filaPlanSchema = z.object({
  usuario: usuarioPlanSchema,
  dias: z.array(
    diaPlanSchema.extend({
      /** The date has entries in the change log. */
      modificado: z.boolean(),
      /** An approved permission covering the date (its legal code, `VAC.`, `L.M.`…); null without one. */
      permiso: permisoPlanSchema.nullable(),
    }),
  ),
  semanas: z.array(semanaPlanSchema),
  segundosPlanificados: z.number().int(),
  alertas: z.array(alertaPlanSchema),
});
export type FilaPlan = z.infer<typeof filaPlanSchema>;

const idListQuery = z
  .string()
  .trim()
  .max(20_000)
  .transform((value) =>
    value
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );

/**
 * GET /api/v1/planificaciones: `mes=aaaa-mm`, or `desde` and `hasta` (at most 93 days); workers of a
 * group, a site or a comma-separated list of user ids (without any, every worker in scope: all for an
 * administrator, members of the led groups for a supervisor, oneself for a trabajador). Rows are paged.
 */
export const planificacionQuerySchema = paginationQuerySchema
  .extend({
    mes: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'El mes debe tener el formato aaaa-mm.' })
      .refine((value) => value >= MIN_ISO_DATE.slice(0, 7) && value <= MAX_ISO_DATE.slice(0, 7), { message: 'El mes debe estar entre 1900 y 2100.' })
      .optional(),
    desde: isoDateSchema.optional(),
    hasta: isoDateSchema.optional(),
    grupoId: z.string().trim().max(100).optional(),
    sedeId: z.string().trim().max(100).optional(),
    usuarioIds: idListQuery.optional(),
  })
  .superRefine((q, ctx) => {
    if (!q.mes && !(q.desde && q.hasta)) ctx.addIssue({ code: 'custom', path: ['mes'], message: 'Indica el mes (aaaa-mm) o el rango desde/hasta.' });
    if (q.desde && q.hasta && q.hasta < q.desde) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha hasta no puede ser anterior a desde.' });
  });

export const planificacionGrillaSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** Today in America/Santiago: days before it are past (each row's zone decides for its own days). */
  hoy: z.string(),
  dias: z.array(z.object({ fecha: z.string(), diaSemana: z.number().int(), feriado: feriadoSchema.nullable() })),
  filas: z.array(filaPlanSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PlanificacionGrilla = z.infer<typeof planificacionGrillaSchema>;

/**
 * PUT /api/v1/planificaciones/:usuarioId/:fecha: plan one day. `motivo` is required when the date is
 * before today in the worker's zone, or when the date was already planned and changes. Every such
 * change is logged (legal report d). Repeating the current plan changes and logs nothing.
 * A shift whose start does not exist that date in the worker's zone (the spring-forward gap) is
 * refused on `turnoId`; one whose start happens twice (the fall-back hour) needs `ocurrencia:
 * 'primera'` (a plan places a shift at the first occurrence; `segunda` is refused with the reason).
 */
export const cambiarDiaBodySchema = z
  .object({
    tipo: tipoDiaSchema,
    turnoId: uuidSchema('El turno').nullable().optional(),
    ocurrencia: ocurrenciaSchema.optional(),
    solicitadoPor: solicitadoPorSchema.default('empleador'),
    motivo: textoOpcional(500),
    observacion: textoOpcional(1000),
  })
  .superRefine((b, ctx) => {
    if (b.tipo === 'turno' && !b.turnoId) ctx.addIssue({ code: 'custom', path: ['turnoId'], message: 'Elige el turno.' });
    if (b.tipo !== 'turno' && b.turnoId) ctx.addIssue({ code: 'custom', path: ['turnoId'], message: 'Un día libre o sin planificar no lleva turno.' });
  });
export type CambiarDiaBody = z.input<typeof cambiarDiaBodySchema>;
export const diaParamsSchema = z.object({ usuarioId: z.string().min(1).max(100), fecha: isoDateSchema });

export const cambiarDiaResponseSchema = z.object({
  dia: diaPlanSchema,
  /** False when the day already had that plan. */
  cambiado: z.boolean(),
  /** The change-log entry written, if any. */
  cambioId: z.string().nullable(),
  semana: semanaPlanSchema,
});
export type CambiarDiaResponse = z.infer<typeof cambiarDiaResponseSchema>;

/** One step of a pattern: a shift id, or `libre`. */
const pasoSchema = z.union([uuidSchema('El turno'), z.literal('libre')], { error: 'Cada día del patrón es un turno o «libre».' });

/**
 * A planning pattern:
 * - `semana_fija`: seven steps, Monday first (e.g. Monday to Friday a shift, Saturday and Sunday libre);
 * - `rotacion`: `diasTrabajo` days of `turnoId` then `diasLibres` rest days (4x4, 7x7, 14x14, 5x2...);
 * - `secuencia`: any sequence of shifts and rest days, repeated.
 * Rotations and sequences start their cycle on `desde`, at step `desfase` (0-based) of the cycle.
 */
export const patronSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({
      tipo: z.literal('semana_fija'),
      dias: z.array(pasoSchema).length(7, { message: 'La semana fija tiene 7 días, de lunes a domingo.' }),
    }),
    z.object({
      tipo: z.literal('rotacion'),
      turnoId: uuidSchema('El turno'),
      diasTrabajo: z.number().int().min(1, { message: 'Los días de trabajo van de 1 a 28.' }).max(28, { message: 'Los días de trabajo van de 1 a 28.' }),
      diasLibres: z.number().int().min(0, { message: 'Los días libres van de 0 a 28.' }).max(28, { message: 'Los días libres van de 0 a 28.' }),
      desfase: z.number().int().min(0, { message: 'El desfase no puede ser negativo.' }).default(0),
    }),
    z.object({
      tipo: z.literal('secuencia'),
      secuencia: z
        .array(pasoSchema)
        .min(1, { message: 'La secuencia debe tener al menos un día.' })
        .max(62, { message: 'La secuencia tiene como máximo 62 días.' }),
      desfase: z.number().int().min(0, { message: 'El desfase no puede ser negativo.' }).default(0),
    }),
  ],
  { error: 'El patrón debe ser semana_fija, rotacion o secuencia.' },
);
export type Patron = z.infer<typeof patronSchema>;

const CONFLICTOS = ['reemplazar', 'conservar'] as const;
export const conflictosSchema = z.enum(CONFLICTOS, { error: 'Elige qué hacer con los días ya planificados: reemplazar o conservar.' });
export type Conflictos = z.infer<typeof conflictosSchema>;

const patronBodyShape = {
  usuarioIds: z.array(uuidSchema('El usuario')).max(PLANIFICACION_MAX_TRABAJADORES_PATRON).default([]),
  grupoIds: z.array(uuidSchema('El grupo')).max(200).default([]),
  desde: isoDateSchema,
  hasta: isoDateSchema,
  patron: patronSchema,
  /** For a shift whose start happens twice on a date of the range (the fall-back hour): see `cambiarDiaBodySchema`. */
  ocurrencia: ocurrenciaSchema.optional(),
  solicitadoPor: solicitadoPorSchema.default('empleador'),
  /** Required when a past day changes or an already planned day is replaced. */
  motivo: textoOpcional(500),
  observacion: textoOpcional(1000),
};

function checkPatronBody(b: { usuarioIds: string[]; grupoIds: string[]; desde: string; hasta: string }, ctx: z.RefinementCtx): void {
  if (b.usuarioIds.length === 0 && b.grupoIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['usuarioIds'], message: 'Elige al menos un trabajador o un grupo.' });
  }
  if (b.hasta < b.desde) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha hasta no puede ser anterior a desde.' });
  else {
    const days = (Date.parse(`${b.hasta}T00:00:00Z`) - Date.parse(`${b.desde}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > PLANIFICACION_MAX_DIAS_PATRON) {
      ctx.addIssue({ code: 'custom', path: ['hasta'], message: `El rango puede tener como máximo ${PLANIFICACION_MAX_DIAS_PATRON} días.` });
    }
  }
}

/** POST /api/v1/planificaciones/patron/vista-previa: `conflictos` optional (the preview shows both outcomes as `conflicto`). */
export const vistaPreviaPatronBodySchema = z.object({ ...patronBodyShape, conflictos: conflictosSchema.default('conservar') }).superRefine(checkPatronBody);
export type VistaPreviaPatronBody = z.input<typeof vistaPreviaPatronBodySchema>;

/** POST /api/v1/planificaciones/patron: the choice about already planned days is required. */
export const aplicarPatronBodySchema = z.object({ ...patronBodyShape, conflictos: conflictosSchema }).superRefine(checkPatronBody);
export type AplicarPatronBody = z.input<typeof aplicarPatronBodySchema>;

const ACCIONES_DIA = ['crear', 'reemplazar', 'conservar', 'sin_cambios'] as const;
export const accionDiaSchema = z.enum(ACCIONES_DIA);
export type AccionDia = z.infer<typeof accionDiaSchema>;

export const diaPatronSchema = diaPlanSchema.extend({
  /** What is planned today for that date, when something is. */
  existente: diaPlanSchema.pick({ tipo: true, turnoId: true, turno: true, segundosPlanificados: true }).nullable(),
  /** Already planned with something else. */
  conflicto: z.boolean(),
  /** Before today in the worker's zone. */
  pasado: z.boolean(),
  accion: accionDiaSchema,
});
export type DiaPatron = z.infer<typeof diaPatronSchema>;

const resumenPatronSchema = z.object({
  trabajadores: z.number().int(),
  dias: z.number().int(),
  crear: z.number().int(),
  reemplazar: z.number().int(),
  conservar: z.number().int(),
  sinCambios: z.number().int(),
  conflictos: z.number().int(),
  /** Past days that would change (they need `motivo`). */
  diasPasados: z.number().int(),
  /** Workers whose resulting plan breaks a legal limit. */
  trabajadoresConAlertas: z.number().int(),
});

/** Preview and commit answer: per worker, the resulting days (after the conflict choice), the weeks and their flags. */
export const resultadoPatronSchema = z.object({
  aplicado: z.boolean(),
  desde: z.string(),
  hasta: z.string(),
  conflictos: conflictosSchema,
  trabajadores: z.array(
    z.object({
      usuario: usuarioPlanSchema,
      dias: z.array(diaPatronSchema),
      semanas: z.array(semanaPlanSchema),
      alertas: z.array(alertaPlanSchema),
    }),
  ),
  resumen: resumenPatronSchema,
});
export type ResultadoPatron = z.infer<typeof resultadoPatronSchema>;

export const ORIGENES_CAMBIO = ['manual', 'patron', 'carga_planificacion', 'carga_planificador', 'edicion_turno', 'propuesta'] as const;
export const origenCambioSchema = z.enum(ORIGENES_CAMBIO);
export type OrigenCambio = z.infer<typeof origenCambioSchema>;

/** A side of a change: what was (or is) planned, with its real extension on that date. */
export const asignacionSchema = z.object({
  tipo: tipoDiaSchema,
  turno: turnoPlanificadoSchema.nullable(),
  /** Real seconds from start to end on that date in the worker's zone (DST-aware); 0 without a shift. */
  extensionSegundos: z.number().int(),
  /** `hh:mm` of the extension; '' without a shift. */
  extension: z.string(),
});
export type Asignacion = z.infer<typeof asignacionSchema>;

/**
 * One entry of the change log; the columns of the legal report "d) modificaciones y/o alteraciones de
 * turnos": fechaAsignacionTurno (when the replaced plan was assigned), turnoAnterior (+ extension),
 * fechaNuevaAsignacion, inicioTurno (real start instant of the new shift), turnoNuevo (+ extension),
 * solicitadoPor, observaciones (motivo and observación).
 */
export const cambioPlanificacionSchema = z.object({
  id: z.string(),
  usuario: z.object({ id: z.string(), rut: z.string(), nombre: z.string(), apellidos: z.string() }),
  /** The planned date that changed. */
  fecha: z.string(),
  /** When the date was planned for the first time (null: it had never been planned). */
  fechaPrimeraAsignacion: z.string().nullable(),
  /** When the replaced plan was assigned (null: the date was not planned). */
  fechaAsignacionTurno: z.string().nullable(),
  turnoAnterior: asignacionSchema,
  fechaNuevaAsignacion: z.string(),
  /** ISO instant the new shift starts; null for libre or sin planificar. */
  inicioTurno: z.string().nullable(),
  turnoNuevo: asignacionSchema,
  solicitadoPor: solicitadoPorSchema,
  motivo: z.string().nullable(),
  observacion: z.string().nullable(),
  /** "motivo. observación", as the legal report's Observaciones column shows it. */
  observaciones: z.string(),
  /** The date was before today when it changed. */
  diaPasado: z.boolean(),
  origen: origenCambioSchema,
  cambiadoPor: z.object({ id: z.string(), nombre: z.string(), apellidos: z.string() }).nullable(),
  cambiadoEn: z.string(),
});
export type CambioPlanificacion = z.infer<typeof cambioPlanificacionSchema>;

/** GET /api/v1/planificaciones/cambios: newest first; `desde`/`hasta` filter the planned date. */
export const cambiosQuerySchema = paginationQuerySchema
  .extend({
    usuarioId: z.string().trim().max(100).optional(),
    grupoId: z.string().trim().max(100).optional(),
    desde: isoDateSchema.optional(),
    hasta: isoDateSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.desde && q.hasta && q.hasta < q.desde) ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'La fecha hasta no puede ser anterior a desde.' });
  });
export const cambiosPageSchema = pageSchema(cambioPlanificacionSchema);
export type CambiosPage = z.infer<typeof cambiosPageSchema>;

/** dd-mm-aaaa, as people read dates. */
const ddmmaaaa = (iso: string): string => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** Years a December extension can be declared for. */
const EXTENSION_DICIEMBRE_ANIO_MIN = 2000;
const EXTENSION_DICIEMBRE_ANIO_MAX = 2100;
const anioSchema = z.coerce
  .number({ error: 'Indica el año.' })
  .min(EXTENSION_DICIEMBRE_ANIO_MIN, { message: `El año debe estar entre ${EXTENSION_DICIEMBRE_ANIO_MIN} y ${EXTENSION_DICIEMBRE_ANIO_MAX}.` })
  .max(EXTENSION_DICIEMBRE_ANIO_MAX, { message: `El año debe estar entre ${EXTENSION_DICIEMBRE_ANIO_MIN} y ${EXTENSION_DICIEMBRE_ANIO_MAX}.` })
  .int({ message: 'El año debe ser un número entero.' });

/** GET /api/v1/planificaciones/extension-diciembre?anio=2026. */
export const extensionDiciembreQuerySchema = z.object({ anio: anioSchema });

/** Minutes of extension a declared day may have: half an hour to the 2 hours of art. 24. */
const EXTENSION_DICIEMBRE_MINUTOS_MIN = 30;
const EXTENSION_DICIEMBRE_MINUTOS_MAX = DECEMBER_EXTENSION_MAX_SECONDS / 60;

const diaExtensionSchema = z.object({
  fecha: isoDateSchema,
  minutos: z.coerce
    .number({ error: 'Indica las horas de extensión.' })
    .int({ message: 'La extensión se indica en minutos enteros.' })
    .min(EXTENSION_DICIEMBRE_MINUTOS_MIN, { message: 'La extensión de un día es de al menos media hora.' })
    .max(EXTENSION_DICIEMBRE_MINUTOS_MAX, { message: 'La extensión de un día es de hasta 2 horas (art. 24).' }),
});

/**
 * PUT /api/v1/planificaciones/extension-diciembre: the whole set of days a commerce company declares as extended
 * for a year (art. 24), replacing the one before, all or nothing: at most nine days, from 10 to 24 December of
 * `anio`, each with up to 2 hours. An empty list withdraws the year's declaration.
 */
export const extensionDiciembreBodySchema = z
  .object({ anio: anioSchema, dias: z.array(diaExtensionSchema, { error: 'Indica los días de extensión.' }).max(31, { message: `Como máximo ${DECEMBER_EXTENSION_MAX_DAYS} días de extensión al año (art. 24).` }) })
  .superRefine((b, ctx) => {
    const window = decemberExtensionWindow(b.anio);
    const seen = new Set<string>();
    b.dias.forEach((d, i) => {
      if (d.fecha < window.from || d.fecha > window.to) {
        ctx.addIssue({
          code: 'custom',
          path: ['dias', i, 'fecha'],
          message: `El ${ddmmaaaa(d.fecha)} está fuera de los quince días previos a Navidad: del ${ddmmaaaa(window.from)} al ${ddmmaaaa(window.to)} (art. 24).`,
        });
      }
      if (seen.has(d.fecha)) ctx.addIssue({ code: 'custom', path: ['dias', i, 'fecha'], message: `El ${ddmmaaaa(d.fecha)} está repetido.` });
      seen.add(d.fecha);
    });
    if (b.dias.length > DECEMBER_EXTENSION_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['dias'], message: `Como máximo ${DECEMBER_EXTENSION_MAX_DAYS} días de extensión al año (art. 24); elegiste ${b.dias.length}.` });
    }
  });
export type ExtensionDiciembreBody = z.input<typeof extensionDiciembreBodySchema>;

export const extensionDiciembreSchema = z.object({
  anio: z.number(),
  /** Whether the company is commerce (its rubro): only commerce may declare the extension. */
  comercio: z.boolean(),
  /** The fifteen days before Christmas where the days may fall. */
  desde: z.string(),
  hasta: z.string(),
  maxDias: z.number(),
  maxMinutos: z.number(),
  dias: z.array(
    z.object({
      fecha: z.string(),
      minutos: z.number(),
      /** Who declared the day (name), null when the user no longer exists. */
      declaradoPor: z.string().nullable(),
      declaradoEn: z.string(),
    }),
  ),
});
export type ExtensionDiciembre = z.infer<typeof extensionDiciembreSchema>;
