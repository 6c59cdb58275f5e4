/**
 * Remunerations (`/api/v1/remuneraciones/...`): the pay variables of a payroll month (`periodo`
 * YYYYMM) per worker, from the attendance module's stored evaluation (chile.md, «What payroll takes
 * from attendance»), the closing of a month and the exports for payroll systems. Money in whole
 * pesos; time in exact seconds.
 */
import { z } from 'zod';
import { refSchema } from './common';
import { diaTrabajadorSchema } from './attendance';

/** A payroll month `YYYYMM` (2000-01 to 2100-12). */
const periodoRemuneracionSchema = z
  .string({ error: 'Indica el periodo como AAAAMM.' })
  .regex(/^\d{6}$/, { message: 'El periodo va como AAAAMM, por ejemplo 202607.' })
  .refine((p) => Number(p.slice(4)) >= 1 && Number(p.slice(4)) <= 12, { message: 'El mes del periodo debe estar entre 01 y 12.' })
  .refine((p) => p >= '200001' && p <= '210012', { message: 'El periodo debe estar entre 200001 y 210012.' });

export const periodoParamsSchema = z.object({ periodo: periodoRemuneracionSchema });
export const periodoTrabajadorParamsSchema = z.object({ periodo: periodoRemuneracionSchema, id: z.string().min(1).max(100) });

const REMUNERACIONES_PAGINA = 50;
const REMUNERACIONES_MAX_PAGINA = 200;

const filterId = z.string().max(100).optional();
const remuneracionesFilterShape = {
  grupoId: filterId,
  sedeId: filterId,
  /** Exact cargo, compared without case. */
  cargo: z.string().trim().max(200).optional(),
  /** Name, surname or RUT. */
  q: z.string().trim().max(100).optional(),
};

/** `GET /api/v1/remuneraciones/:periodo` */
export const remuneracionesQuerySchema = z.object({
  ...remuneracionesFilterShape,
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int({ message: 'La página debe ser un número entero.' }).min(1, { message: 'La página parte en 1.' }).default(1),
  pageSize: z.coerce
    .number({ error: 'El tamaño de página debe ser un número.' })
    .int({ message: 'El tamaño de página debe ser un número entero.' })
    .min(1, { message: 'El tamaño de página debe ser al menos 1.' })
    .max(REMUNERACIONES_MAX_PAGINA, { message: `El tamaño de página no puede superar ${REMUNERACIONES_MAX_PAGINA}.` })
    .default(REMUNERACIONES_PAGINA),
});

const FORMATOS_REMUNERACIONES = ['csv', 'xlsx', 'json'] as const;
/** `GET /api/v1/remuneraciones/:periodo/exportar?formato=csv|xlsx|json` (every worker of the filter). */
export const exportarRemuneracionesQuerySchema = z.object({
  ...remuneracionesFilterShape,
  formato: z.enum(FORMATOS_REMUNERACIONES, { error: 'El formato debe ser csv, xlsx o json.' }).default('csv'),
});

/** Permission days of one type in the month, and the deduction of the unpaid ones. */
export const permisoRemuneracionSchema = z.object({
  /** The type's code (`VAC.`, `L.M.`, `P.S.G.R.`...) and its name in the company. */
  tipo: z.string(),
  nombre: z.string(),
  pagado: z.boolean(),
  /** `dias_habiles` (vacaciones) or `dias_corridos`; for hour permissions, `horas`. */
  unidad: z.string(),
  dias: z.number(),
  /** Seconds of hour permissions (0 for day permissions). */
  segundos: z.number(),
  descuento: z.number().nullable(),
});
export type PermisoRemuneracion = z.infer<typeof permisoRemuneracionSchema>;

/** The pay variables of one worker in the month. Money is null when the worker has no base salary. */
export const remuneracionTrabajadorSchema = z.object({
  usuarioId: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  rut: z.string(),
  /** What payroll imports identify the worker by: the RUT without dots (`12345678-5`). */
  idEmpleado: z.string(),
  numeroContrato: z.string(),
  cargo: z.string().nullable(),
  grupo: refSchema.nullable(),
  sede: refSchema.nullable(),
  sueldoBase: z.number().nullable(),
  horasSemanales: z.number().nullable(),
  diasTrabajados: z.number(),
  ausencias: z.object({ dias: z.number(), valor: z.number().nullable() }),
  /** Missing time after the weekly compensation (lateness and early leave), in weeks settled in the month. */
  faltante: z.object({ segundos: z.number(), atrasoSegundos: z.number(), salidaAnticipadaSegundos: z.number(), valor: z.number().nullable() }),
  horasExtra: z.object({
    recargoPorcentaje: z.number(),
    segundos: z.number(),
    dentroLimiteSegundos: z.number(),
    sobreLimiteSegundos: z.number(),
    valorHora: z.number().nullable(),
    valor: z.number().nullable(),
    /** Overtime the engine found after the weekly compensation: all of it is paid (art. 32 inc. 3), so it equals `segundos`. */
    encontradasSegundos: z.number(),
    /** Of the paid seconds, the planned time over the contract's agreed weekly hours, or the legal limit if lower (art. 30). */
    sobrePactadaSegundos: z.number(),
    /** Of the paid seconds, those a supervisor confirmed in review; the rest is paid all the same, pending review. */
    confirmadasSegundos: z.number(),
    /**
     * The employer's compliance problems in the month's days (paid all the same, art. 32 inc. 3): overtime
     * found without a pact in force (art. 32), beyond 2 hours a day (art. 31) and on rest days or holidays,
     * and the days with any of them or over the pact's maximum. Months closed before this field read 0.
     */
    incumplimiento: z.object({ sinPactoSegundos: z.number(), sobreDosHorasSegundos: z.number(), diaDescansoSegundos: z.number(), dias: z.number() }),
    /**
     * Of the overtime found, the seconds compensated with vacation days under a «feriado» pact (art. 32 inc. 4):
     * not in `segundos`, not paid. Months closed before this field read 0.
     */
    compensadasFeriadoSegundos: z.number(),
    /**
     * Overtime whose compensating rest was not used within its 6 months, paid this month (the 7th; DT criterion)
     * with the 50 % surcharge, and its value. Months closed before this field read 0.
     */
    feriadoNoUsadoSegundos: z.number(),
    feriadoNoUsadoValor: z.number().nullable(),
  }),
  domingosTrabajados: z.number(),
  festivosTrabajados: z.number(),
  domingosOFestivosTrabajados: z.number(),
  /** Excepted from Sunday rest (art. 38): the worker's contract flag when the figures were computed. */
  exceptuadoDescansoDominical: z.boolean(),
  /**
   * Ordinary seconds worked on the month's Sundays by the clock (overtime excluded: it has its own
   * 50 %), for an excepted worker; 0 otherwise. Months closed before this field read 0.
   */
  domingoOrdinarioSegundos: z.number(),
  /** The company's Sunday surcharge (art. 38 inc. 2, Ley 20.823: at least 30 %); null when the worker is not excepted. */
  recargoDominicalPorcentaje: z.number().nullable(),
  /** Ordinary Sunday hours x ordinary hour value x percent / 100, whole pesos; null without a base salary. */
  recargoDominicalMonto: z.number().nullable(),
  permisos: z.array(permisoRemuneracionSchema),
  /** Sum of the unpaid permissions' deductions. */
  descuentoPermisos: z.number().nullable(),
  /** Days still incomplete (missing marks): not deducted until corrected. */
  diasPendientes: z.number(),
  valorDia: z.number().nullable(),
  valorHoraOrdinaria: z.number().nullable(),
  horasSemanalesUsadas: z.number(),
  alertas: z.array(z.object({ codigo: z.string(), fecha: z.string().nullable(), mensaje: z.string() })),
});
export type RemuneracionTrabajador = z.infer<typeof remuneracionTrabajadorSchema>;

export const totalesRemuneracionesSchema = z.object({
  trabajadores: z.number(),
  diasTrabajados: z.number(),
  ausenciasDias: z.number(),
  ausenciasValor: z.number(),
  faltanteSegundos: z.number(),
  faltanteValor: z.number(),
  horasExtraSegundos: z.number(),
  horasExtraValor: z.number(),
  domingosOFestivosTrabajados: z.number(),
  domingoOrdinarioSegundos: z.number(),
  recargoDominicalMonto: z.number(),
  permisosPagadosDias: z.number(),
  permisosNoPagadosDias: z.number(),
  descuentoPermisos: z.number(),
  diasPendientes: z.number(),
  sinSueldo: z.number(),
});
export type TotalesRemuneraciones = z.infer<typeof totalesRemuneracionesSchema>;

const eventoPeriodoSchema = z.object({
  accion: z.enum(['cierre', 'reapertura']),
  en: z.string(),
  por: z.object({ id: z.string(), nombre: z.string() }),
  motivo: z.string().nullable(),
});

/** Whether a month is closed, by whom, and every closing and reopening. */
export const estadoPeriodoSchema = z.object({
  periodo: z.string(),
  cerrado: z.boolean(),
  cerradoEn: z.string().nullable(),
  cerradoPor: z.object({ id: z.string(), nombre: z.string() }).nullable(),
  /** A month may be closed once its last day has passed. */
  puedeCerrarse: z.boolean(),
  historial: z.array(eventoPeriodoSchema),
});
export type EstadoPeriodo = z.infer<typeof estadoPeriodoSchema>;

export const remuneracionesResponseSchema = z.object({
  periodo: z.string(),
  desde: z.string(),
  hasta: z.string(),
  /** The last day included (yesterday while the month runs). */
  hastaCerrado: z.string(),
  estado: estadoPeriodoSchema,
  items: z.array(remuneracionTrabajadorSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totales: totalesRemuneracionesSchema,
});
export type RemuneracionesResponse = z.infer<typeof remuneracionesResponseSchema>;

/** A settled week behind the shortfall and the overtime of the month. */
export const semanaRemuneracionSchema = z.object({
  lunes: z.string(),
  domingo: z.string(),
  faltanteSegundos: z.number(),
  faltanteValor: z.number().nullable(),
  extraNetaSegundos: z.number(),
  /** Of the net overtime, the planned time over the agreed weekly hours (art. 30). */
  extraSobrePactadaSegundos: z.number(),
  /** Confirmed in review (a report, never a cap on pay); null when reviews were not read. */
  extraAprobadaSegundos: z.number().nullable(),
  /** Paid: the whole net overtime. */
  extraPagadaSegundos: z.number(),
  extraValor: z.number().nullable(),
});
export type SemanaRemuneracion = z.infer<typeof semanaRemuneracionSchema>;

/** `GET /api/v1/remuneraciones/:periodo/trabajadores/:id`: the figures and the days and weeks behind them. */
export const detalleRemuneracionSchema = z.object({
  periodo: z.string(),
  desde: z.string(),
  hastaCerrado: z.string(),
  trabajador: remuneracionTrabajadorSchema,
  /** The month's days up to `hastaCerrado`, and the days before it of a week settled in it. */
  dias: z.array(diaTrabajadorSchema.omit({ estado: true, calculadoEn: true }).extend({ extraAprobadaSegundos: z.number(), enPeriodo: z.boolean() })),
  semanas: z.array(semanaRemuneracionSchema),
});
export type DetalleRemuneracion = z.infer<typeof detalleRemuneracionSchema>;

/** `POST /api/v1/remuneraciones/:periodo/reapertura` */
export const reabrirPeriodoBodySchema = z.object({
  motivo: z
    .string({ error: 'Indica el motivo de la reapertura.' })
    .trim()
    .min(5, { message: 'El motivo debe tener al menos 5 caracteres.' })
    .max(500, { message: 'Máximo 500 caracteres.' }),
});
export type ReabrirPeriodoBody = z.input<typeof reabrirPeriodoBodySchema>;

const cantidadSchema = z.number().int().nonnegative();

/**
 * `GET /api/v1/remuneraciones/:periodo/pendientes`: what is still open in the month, asked before
 * closing it. Each count is what the matching list shows with its filters over `desde`..`hasta`
 * (incomplete days up to `hastaCerrado`, the last day the month's figures include).
 */
export const pendientesPeriodoSchema = z.object({
  periodo: z.string(),
  desde: z.string(),
  hasta: z.string(),
  hastaCerrado: z.string(),
  /** Worker-days evaluated `incompleto` (a mark missing), and how many on each date (for the day board). */
  marcasIncompletas: z.object({ cantidad: cantidadSchema, fechas: z.array(z.object({ fecha: z.string(), cantidad: cantidadSchema })) }),
  /** Inconsistencies neither dismissed nor waiting for a correction. */
  inconsistenciasAbiertas: z.object({ cantidad: cantidadSchema }),
  /** Corrections of marks of the month waiting for the worker (accept or object within 48 hours). */
  correccionesPendientes: z.object({ cantidad: cantidadSchema }),
  /** Worker-days with overtime found and no decision yet. */
  horasExtraPorRevisar: z.object({ cantidad: cantidadSchema }),
  /** Permission requests waiting for a decision whose dates touch the month. */
  permisosPendientes: z.object({ cantidad: cantidadSchema }),
  /** The sum of the five counts. */
  total: cantidadSchema,
});
export type PendientesPeriodo = z.infer<typeof pendientesPeriodoSchema>;

/** The columns of the payroll export, in order: the first three are what payroll importers key on. */
export const COLUMNAS_EXPORTACION_REMUNERACIONES = [
  'id_empleado',
  'numero_contrato',
  'proceso',
  'rut',
  'nombre',
  'apellidos',
  'cargo',
  'grupo',
  'sede',
  'sueldo_base',
  'dias_trabajados',
  'dias_ausencia_injustificada',
  'valor_ausencias',
  'minutos_faltantes',
  'minutos_atraso',
  'minutos_salida_anticipada',
  'valor_faltante',
  'horas_extra_50',
  'valor_hora_extra',
  'valor_horas_extra',
  'horas_extra_confirmadas',
  'horas_extra_sin_pacto',
  'horas_extra_sobre_2h',
  'horas_extra_dia_descanso',
  'horas_extra_compensadas_feriado',
  'horas_extra_feriado_no_usado',
  'valor_horas_extra_feriado_no_usado',
  'domingos_trabajados',
  'festivos_trabajados',
  'horas_domingo_ordinarias',
  'recargo_dominical_porcentaje',
  'valor_recargo_dominical',
  'dias_permiso_con_goce',
  'dias_permiso_sin_goce',
  'horas_permiso_sin_goce',
  'descuento_permisos',
  'dias_pendientes',
  'permisos_por_tipo',
] as const;
