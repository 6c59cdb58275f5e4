/**
 * Attendance reads (`/api/v1/asistencia/...`): every figure comes from the domain engine's evaluation
 * (packages/domain: evaluateDay / evaluatePeriod), stored per worker and day by the API's attendance
 * module. Durations are exact seconds (never rounded); instants are UTC ISO strings; dates are local
 * dates (`aaaa-mm-dd`) of the worker's site zone.
 */
import { z } from 'zod';
import { isoDateSchema, refSchema } from './common';
import { ESTADOS_ASISTENCIA } from './labels';
import { tipoMarcaSchema } from './marks';
import { paginationQuerySchema } from './pagination';

/** The longest period one attendance read covers (a worker may see 5 years back, a year at a time). */
export const ASISTENCIA_MAX_DIAS = 366;
/** Rows per page of the day board and of the period summary. */
const ASISTENCIA_PAGINA = 50;
const ASISTENCIA_MAX_PAGINA = 200;

/** The engine's status of a day (DayStatus of packages/domain), as stored. */
export const ESTADOS_DIA = ['presente', 'ausente', 'justificado', 'libre', 'feriado', 'incompleto'] as const;
export const estadoDiaSchema = z.enum(ESTADOS_DIA);
export type EstadoDia = z.infer<typeof estadoDiaSchema>;
export const ESTADO_DIA_LABELS: Record<EstadoDia, string> = {
  presente: 'Presente',
  ausente: 'Ausente',
  justificado: 'Justificado',
  libre: 'Libre',
  feriado: 'Feriado',
  incompleto: 'Incompleto',
};

/**
 * A worker's status on the day board, from the engine's status and the clock:
 * - `presente`: marked, on time (or within tolerance), nothing missing;
 * - `atrasado`: marked, with lateness past the shift's tolerance;
 * - `ausente`: a planned shift that ended without any mark;
 * - `con_permiso`: the day is justified by a permission;
 * - `sin_marcar`: a planned shift that has not ended yet and has no mark yet ("sin marcar aún");
 * - `incompleto`: marks that leave the day's time unknown (an entry without exit after the shift, a
 *   colación without its end...): waits for a correction;
 * - `descanso`: a rest day or nothing planned, without marks;
 * - `feriado`: a holiday that lifts the plan, without marks.
 */
export const estadoAsistenciaSchema = z.enum(ESTADOS_ASISTENCIA, {
  error: 'El estado debe ser presente, atrasado, ausente, con_permiso, sin_marcar, incompleto, descanso o feriado.',
});

/** A filter id in a query string: any text (an id that is not a uuid simply matches nothing in scope: 404). */
const filterId = z.string().max(100).optional();

/** Page size of the attendance lists: larger pages than the default lists, capped. */
const asistenciaPageSize = z.coerce
  .number({ error: 'El tamaño de página debe ser un número.' })
  .int({ message: 'El tamaño de página debe ser un número entero.' })
  .min(1, { message: 'El tamaño de página debe ser al menos 1.' })
  .max(ASISTENCIA_MAX_PAGINA, { message: `El tamaño de página no puede superar ${ASISTENCIA_MAX_PAGINA}.` })
  .default(ASISTENCIA_PAGINA);

/** `GET /api/v1/asistencia/dia`: the company's day board. `fecha` defaults to today (America/Santiago). */
export const asistenciaDiaQuerySchema = paginationQuerySchema.extend({
  fecha: isoDateSchema.optional(),
  /** The workers of one group (404 when not in the caller's scope). */
  grupoId: filterId,
  /** The workers assigned to one site. */
  sedeId: filterId,
  /** Exact cargo (job title), compared without case. */
  cargo: z.string().trim().max(200).optional(),
  /** Only the rows in this board status; `conteos` still count every status of the filter. */
  estado: estadoAsistenciaSchema.optional(),
  /** Name, surname or RUT contains this text. */
  q: z.string().trim().max(100).optional(),
  pageSize: asistenciaPageSize,
});

/** The planned shift of a day placed in the worker's zone (real instants: a DST night is 7 or 9 hours). */
export const turnoDelDiaSchema = z.object({
  /** `08:00–17:00` as written in the shift. */
  etiqueta: z.string(),
  /** Wall-clock `HH:MM` start and end as written. */
  inicio: z.string(),
  fin: z.string(),
  /** The real instants (UTC ISO) the shift starts and ends. */
  inicioInstante: z.string(),
  finInstante: z.string(),
  /** Planned colación seconds (not worked time). */
  colacionSegundos: z.number(),
  /** Tolerances of the shift, in seconds. */
  toleranciaAtrasoSegundos: z.number(),
  toleranciaSalidaSegundos: z.number(),
});
export type TurnoDelDia = z.infer<typeof turnoDelDiaSchema>;

/** An inconsistency the engine found in the day (code and Spanish label), with the marks involved. */
export const inconsistenciaDiaSchema = z.object({ codigo: z.string(), etiqueta: z.string(), marcaIds: z.array(z.string()) });
export type InconsistenciaDia = z.infer<typeof inconsistenciaDiaSchema>;

/** A permission that justified (part of) a day: its type, pay, unit and the planned seconds it justified. */
export const permisoDiaSchema = z.object({
  tipo: z.string(),
  pagado: z.boolean(),
  unidad: z.string(),
  /** `{ inicio, fin }` of an hour permission; null for whole days. */
  horas: z.object({ inicio: z.string(), fin: z.string() }).nullable(),
  segundos: z.number(),
});
export type PermisoDia = z.infer<typeof permisoDiaSchema>;

/** The seconds the engine found in a day (DayResult of packages/domain), exact. */
const segundosDiaSchema = z.object({
  /** Ordinary seconds the plan expected (0 on rest days and on holidays that lift the plan). */
  planificado: z.number(),
  /** Presence minus colación. */
  trabajado: z.number(),
  /** min(trabajado, planificado − justificado). */
  ordinario: z.number(),
  /** Planned seconds neither worked nor justified (before the weekly compensation). */
  faltante: z.number(),
  /** Planned seconds covered by a permission. */
  justificado: z.number(),
  /** Lateness past the tolerance (0 within it). */
  atraso: z.number(),
  salidaAnticipada: z.number(),
  colacion: z.number(),
  /** Worked beyond the plan, and its split by the 2-hour daily legal limit (before the weekly compensation). */
  extra: z.number(),
  extraDentroLimite: z.number(),
  extraSobreLimite: z.number(),
  /**
   * Planned (ordinary) seconds of the day that are overtime because its week passed the contract's
   * agreed weekly hours, or the legal limit if lower (art. 30); counted in the week's extra neta.
   * Days stored before this rule read 0.
   */
  extraSobrePactada: z.number().default(0),
  /** Worked seconds that fell on a Sunday and on a holiday, by the clock. */
  domingo: z.number(),
  feriado: z.number(),
});

/** One row of the day board: a worker, their status and times on the date. */
export const filaAsistenciaDiaSchema = z.object({
  usuarioId: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  rut: z.string(),
  cargo: z.string().nullable(),
  grupo: refSchema.nullable(),
  sede: refSchema.nullable(),
  zonaHoraria: z.string(),
  /** Board status (see ESTADOS_ASISTENCIA). */
  estado: estadoAsistenciaSchema,
  /** The engine's status of the day. */
  estadoDia: estadoDiaSchema,
  /** Entered and not yet out while the shift runs (or within its attribution window): shown as presente/atrasado. */
  enJornada: z.boolean(),
  turno: turnoDelDiaSchema.nullable(),
  /** Holiday name when the date is one at the worker's site. */
  feriado: z.string().nullable(),
  permiso: permisoDiaSchema.nullable(),
  /** First counted entry and last counted exit of the day (UTC ISO). */
  primeraEntrada: z.string().nullable(),
  ultimaSalida: z.string().nullable(),
  /** Local `HH:MM` of the same instants in the worker's zone. */
  horaEntrada: z.string().nullable(),
  horaSalida: z.string().nullable(),
  atrasoSegundos: z.number(),
  salidaAnticipadaSegundos: z.number(),
  trabajadoSegundos: z.number(),
  planificadoSegundos: z.number(),
  extraSegundos: z.number(),
  inconsistencias: z.array(inconsistenciaDiaSchema),
});
export type FilaAsistenciaDia = z.infer<typeof filaAsistenciaDiaSchema>;

/** `GET /api/v1/asistencia/dia` response: one page of rows, counts per status and arrivals by hour for the whole filter. */
export const asistenciaDiaResponseSchema = z.object({
  fecha: z.string(),
  items: z.array(filaAsistenciaDiaSchema),
  /** Rows matching the filter (with `estado`). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Workers per board status for the filter without `estado` (every status present, zeros included). */
  conteos: z.record(estadoAsistenciaSchema, z.number().int()),
  /** Workers in the filter without `estado` (the sum of `conteos`). */
  trabajadores: z.number().int(),
  /** First entries by local hour (0–23) of each worker's zone, for the chart; every hour present. */
  llegadasPorHora: z.array(z.object({ hora: z.number().int(), cantidad: z.number().int() })),
  /** When the oldest row shown was evaluated (UTC ISO); null with no rows. */
  calculadoEn: z.string().nullable(),
});
export type AsistenciaDiaResponse = z.infer<typeof asistenciaDiaResponseSchema>;

/** `desde`/`hasta` of a period read: local dates, default the current month; at most ASISTENCIA_MAX_DIAS days. */
export const periodoAsistenciaQuerySchema = z.object({
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
});

/** A mark of the day with the engine's attribution: counted (`atribuida`) or ignored, and why (Spanish). */
export const marcaAtribuidaSchema = z.object({
  id: z.string(),
  tipo: tipoMarcaSchema,
  /** Effective instant (the device time of an offline mark), UTC ISO. */
  instante: z.string(),
  /** Local `HH:MM:SS` in the worker's zone. */
  hora: z.string(),
  estado: z.enum(['atribuida', 'ignorada']),
  motivo: z.string(),
});
export type MarcaAtribuida = z.infer<typeof marcaAtribuidaSchema>;

/** One day of a worker: plan, marks with attribution, the engine's result and its explanation. */
export const diaTrabajadorSchema = z.object({
  fecha: z.string(),
  /** The engine's status, and the board status (see ESTADOS_ASISTENCIA). */
  estadoDia: estadoDiaSchema,
  estado: estadoAsistenciaSchema,
  /** What the plan says: a shift, a rest day or nothing planned. */
  plan: z.enum(['turno', 'libre', 'sin_planificacion']),
  turno: turnoDelDiaSchema.nullable(),
  feriado: z.string().nullable(),
  esDomingo: z.boolean(),
  permiso: permisoDiaSchema.nullable(),
  permisosPorHoras: z.array(permisoDiaSchema),
  marcas: z.array(marcaAtribuidaSchema),
  primeraEntrada: z.string().nullable(),
  ultimaSalida: z.string().nullable(),
  horaEntrada: z.string().nullable(),
  horaSalida: z.string().nullable(),
  segundos: segundosDiaSchema,
  inconsistencias: z.array(inconsistenciaDiaSchema),
  /**
   * The parents' rights of the contract that applied this day: seconds the expected start and end moved
   * within the flexible start band (art. 27, Ley 21.561) and seconds of the feeding hour counted as worked
   * (art. 206, within `segundos.justificado`). Absent when neither applied (and on days stored before them).
   */
  derechosParentales: z.object({ bandaInicioSegundos: z.number(), alimentacionSegundos: z.number() }).optional(),
  /** The engine's result in Spanish sentences, one per fact (plan, each mark's attribution, status, times). */
  explicacion: z.array(z.string()),
  calculadoEn: z.string(),
});
export type DiaTrabajador = z.infer<typeof diaTrabajadorSchema>;

/** A whole Monday–Sunday week after the weekly compensation; it counts in the period that holds its Sunday. */
export const semanaAsistenciaSchema = z.object({
  lunes: z.string(),
  domingo: z.string(),
  /** Its Sunday falls in the period: its compensation, shortfall and net overtime are in the totals. */
  liquidadaEnPeriodo: z.boolean(),
  planificadoSegundos: z.number(),
  trabajadoSegundos: z.number(),
  atrasoSegundos: z.number(),
  salidaAnticipadaSegundos: z.number(),
  /** Missing time of attended days, before and after being made up by extra time of the same week. */
  faltanteSegundos: z.number(),
  compensadoSegundos: z.number(),
  /** What may be deducted: missing time after compensation (lateness first, then early leave). */
  descontableSegundos: z.number(),
  atrasoDescontableSegundos: z.number(),
  salidaAnticipadaDescontableSegundos: z.number(),
  /** Overtime left after compensation, within and beyond the 2-hour daily limit. */
  extraNetaSegundos: z.number(),
  extraNetaDentroLimiteSegundos: z.number(),
  extraNetaSobreLimiteSegundos: z.number(),
  /**
   * Weekly hours the week's ordinary work is measured against (art. 30): the contract's agreed
   * hours or the legal limit if lower; null under an exceptional schedule (and in weeks stored before).
   */
  jornadaSemanalSegundos: z.number().nullable().default(null),
  /** Of the extra neta, the ordinary time worked beyond `jornadaSemanalSegundos`. */
  extraSobrePactadaSegundos: z.number().default(0),
  /** Missing time of incomplete days: unknown until corrected, never deducted meanwhile. */
  pendienteSegundos: z.number(),
  /**
   * Weeks of the averaged distribution cycle (art. 22 bis) the row settles, from `lunes` to `domingo`; null for a
   * week settled alone (and in weeks stored before). `jornadaSemanalSegundos` is then the cycle's weekly average.
   */
  semanasCiclo: z.number().nullable().default(null),
});
export type SemanaAsistencia = z.infer<typeof semanaAsistenciaSchema>;

/**
 * Totals of a worker's period. Day figures add the days `desde`..`hastaCerrado`; weekly figures
 * (compensado, descontable, extra neta, pendiente) add the weeks whose Sunday is in that range.
 */
export const totalesAsistenciaSchema = z.object({
  planificadoSegundos: z.number(),
  trabajadoSegundos: z.number(),
  ordinarioSegundos: z.number(),
  justificadoSegundos: z.number(),
  atrasoSegundos: z.number(),
  salidaAnticipadaSegundos: z.number(),
  /** Overtime found day by day (before the weekly compensation). */
  extraSegundos: z.number(),
  compensadoSegundos: z.number(),
  descontableSegundos: z.number(),
  atrasoDescontableSegundos: z.number(),
  salidaAnticipadaDescontableSegundos: z.number(),
  extraNetaSegundos: z.number(),
  extraNetaDentroLimiteSegundos: z.number(),
  extraNetaSobreLimiteSegundos: z.number(),
  pendienteSegundos: z.number(),
  domingoSegundos: z.number(),
  feriadoSegundos: z.number(),
  /** Days attended (presente or incompleto). */
  diasTrabajados: z.number().int(),
  /** Days with a planned shift and no mark nor permission. */
  ausencias: z.number().int(),
  /** Days with lateness past the tolerance. */
  diasConAtraso: z.number().int(),
  diasJustificados: z.number().int(),
  diasIncompletos: z.number().int(),
  diasConInconsistencias: z.number().int(),
  diasPorEstado: z.record(estadoDiaSchema, z.number().int()),
});
export type TotalesAsistencia = z.infer<typeof totalesAsistenciaSchema>;

/** `GET /api/v1/asistencia/trabajadores/:id` response: the worker, each day and the period's totals. */
export const asistenciaTrabajadorResponseSchema = z.object({
  trabajador: z.object({
    id: z.string(),
    nombre: z.string(),
    apellidos: z.string(),
    rut: z.string(),
    cargo: z.string().nullable(),
    grupo: refSchema.nullable(),
    sede: refSchema.nullable(),
    zonaHoraria: z.string(),
    /** Agreed ordinary weekly hours of the contract; null when not recorded. */
    horasSemanales: z.number().nullable(),
    inicioContrato: z.string(),
    finContrato: z.string().nullable(),
  }),
  desde: z.string(),
  hasta: z.string(),
  /**
   * The last date the totals include: `hasta`, or yesterday when the period reaches today or later
   * (a day still running is shown but not totalled); before `desde` when nothing is closed yet.
   */
  hastaCerrado: z.string(),
  dias: z.array(diaTrabajadorSchema),
  /** Every Monday–Sunday week touching the period. */
  semanas: z.array(semanaAsistenciaSchema),
  totales: totalesAsistenciaSchema,
});
export type AsistenciaTrabajadorResponse = z.infer<typeof asistenciaTrabajadorResponseSchema>;

/** `GET /api/v1/asistencia/resumen`: per-worker totals of a period, paginated. */
export const resumenAsistenciaQuerySchema = paginationQuerySchema.extend({
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
  grupoId: filterId,
  sedeId: filterId,
  q: z.string().trim().max(100).optional(),
  pageSize: asistenciaPageSize,
});

/** One worker's totals in the summary. */
const filaResumenAsistenciaSchema = z.object({
  usuarioId: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  rut: z.string(),
  cargo: z.string().nullable(),
  grupo: refSchema.nullable(),
  sede: refSchema.nullable(),
  totales: totalesAsistenciaSchema,
});

/** `GET /api/v1/asistencia/resumen` response: a page of workers and the totals of every worker in the filter. */
export const resumenAsistenciaResponseSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  /** See asistenciaTrabajadorResponseSchema.hastaCerrado (America/Santiago's today). */
  hastaCerrado: z.string(),
  items: z.array(filaResumenAsistenciaSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The sum over every worker of the filter (not only this page). */
  totalGeneral: totalesAsistenciaSchema,
});
export type ResumenAsistenciaResponse = z.infer<typeof resumenAsistenciaResponseSchema>;
