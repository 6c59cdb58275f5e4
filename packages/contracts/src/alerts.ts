import { z } from 'zod';
import { pageSchema, paginationQuerySchema } from './pagination';

/**
 * `GET/PUT /api/v1/configuracion/alertas` (administrador): which alerts of DT Res. Exenta 38 the
 * company sends and whether its administrators get a copy.
 */
const flag = (label: string) => z.boolean({ error: `${label} debe ser verdadero o falso.` });

export const configuracionAlertasSchema = z.object({
  /** Entrada or salida not marked 30 minutes after the planned time. */
  marcaOmitida: flag('Marca omitida'),
  /** Inicio or fin de colación of a fixed break not marked 30 minutes after the planned time. */
  colacionOmitida: flag('Colación omitida'),
  /** Worked time of a day past the daily ordinary limit (10 hours). */
  limiteDiario: flag('Límite diario'),
  /** Worked time of a week past the weekly limit in force (Ley 21.561). */
  limiteSemanal: flag('Límite semanal'),
  /**
   * A Sunday or holiday worked by a worker excepted from Sunday rest whose compensatory day (art. 38 inc. 3) was
   * not granted within the seven days after it.
   */
  descansoCompensatorio: flag('Descanso compensatorio'),
  /** A copy of every alert to the company's administrators (the worker's leaders always get one). */
  copiaAdministradores: flag('Copia a administradores'),
});
export type ConfiguracionAlertas = z.infer<typeof configuracionAlertasSchema>;

export const actualizarConfiguracionAlertasBodySchema = configuracionAlertasSchema.strict();
export type ActualizarConfiguracionAlertasBody = z.infer<typeof actualizarConfiguracionAlertasBodySchema>;

/** What a new company starts with: every alert on, administrators without copy. */
export const CONFIGURACION_ALERTAS_INICIAL: ConfiguracionAlertas = {
  marcaOmitida: true,
  colacionOmitida: false,
  limiteDiario: true,
  limiteSemanal: true,
  descansoCompensatorio: true,
  copiaAdministradores: false,
};

export const TIPOS_ALERTA = ['entrada', 'salida', 'inicio_colacion', 'fin_colacion', 'limite_diario', 'limite_semanal', 'descanso_compensatorio'] as const;
export const tipoAlertaSchema = z.enum(TIPOS_ALERTA, { error: 'El tipo de alerta no es válido.' });
export type TipoAlerta = z.infer<typeof tipoAlertaSchema>;
export const TIPO_ALERTA_LABELS: Record<TipoAlerta, string> = {
  entrada: 'Entrada no registrada',
  salida: 'Salida no registrada',
  inicio_colacion: 'Inicio de colación no registrado',
  fin_colacion: 'Fin de colación no registrado',
  limite_diario: 'Jornada diaria sobre el máximo legal',
  limite_semanal: 'Jornada semanal sobre el máximo legal',
  descanso_compensatorio: 'Descanso compensatorio no otorgado',
};


/** `GET /api/v1/configuracion/alertas/enviadas`: the log of alerts sent, newest first. */
export const alertasEnviadasQuerySchema = paginationQuerySchema.extend({
  tipo: tipoAlertaSchema.optional(),
});

export const alertaEnviadaSchema = z.object({
  id: z.string(),
  tipo: tipoAlertaSchema,
  trabajador: z.object({ id: z.string(), nombre: z.string(), rut: z.string() }),
  /** Local date of the shift, the day, or the week's Monday. */
  fecha: z.string(),
  /** The worker's site zone, in which the e-mail showed dates and times. */
  zonaHoraria: z.string(),
  /** ISO instant the mark was expected (missed marks only). */
  esperadaEn: z.string().nullable(),
  /** Worked seconds and the limit they passed (limits only). */
  segundosTrabajados: z.number().nullable(),
  segundosLimite: z.number().nullable(),
  /** ISO instant the alert was found due, and when its e-mail left (null while queued). */
  detectadaEn: z.string(),
  enviadaEn: z.string().nullable(),
  /** Addresses of the e-mail: the worker, and the copies. */
  destinatario: z.string().nullable(),
  copias: z.array(z.string()),
});
export type AlertaEnviada = z.infer<typeof alertaEnviadaSchema>;
export const alertasEnviadasPageSchema = pageSchema(alertaEnviadaSchema);
export type AlertasEnviadasPage = z.infer<typeof alertasEnviadasPageSchema>;
