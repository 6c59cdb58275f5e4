import { z } from 'zod';

/** What a notification of the bell is about. */
const TIPOS_NOTIFICACION = ['permiso_por_aprobar', 'permiso_aprobado', 'permiso_rechazado', 'correccion_por_revisar'] as const;
export const tipoNotificacionSchema = z.enum(TIPOS_NOTIFICACION);
export type TipoNotificacion = z.infer<typeof tipoNotificacionSchema>;

/** Items the bell lists at most (the newest first); the counts cover everything. */
export const NOTIFICACIONES_MAX_ITEMS = 20;
/** How long an answered request stays in its worker's bell. */
export const NOTIFICACION_RESPUESTA_DIAS = 14;

export const notificacionSchema = z.object({
  /** Stable key: the kind and the id of what it is about. */
  id: z.string(),
  tipo: tipoNotificacionSchema,
  /** The permission or correction it is about. */
  referenciaId: z.string(),
  titulo: z.string(),
  detalle: z.string(),
  /** When it happened: the request, the decision or the proposal (UTC ISO). */
  instante: z.string(),
  /** A deadline to act by (a correction's 48 hours), UTC ISO. */
  plazo: z.string().nullable(),
  /** Happened after the person last opened the bell. */
  nueva: z.boolean(),
});
export type Notificacion = z.infer<typeof notificacionSchema>;

/** `GET /api/v1/notificaciones`: what is pending for the session's person. */
export const notificacionesResponseSchema = z.object({
  items: z.array(notificacionSchema),
  /** Items that happened after `vistoEn` (the bell's count). */
  noVistas: z.number().int(),
  /** Everything listed, beyond the items shown. */
  total: z.number().int(),
  /** When the person last opened the bell; null if never. */
  vistoEn: z.string().nullable(),
});
export type Notificaciones = z.infer<typeof notificacionesResponseSchema>;

/** `POST /api/v1/notificaciones/vistas` response. */
export const notificacionesVistasResponseSchema = z.object({ vistoEn: z.string() });
export type NotificacionesVistas = z.infer<typeof notificacionesVistasResponseSchema>;
