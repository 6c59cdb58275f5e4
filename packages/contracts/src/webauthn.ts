import { z } from 'zod';
import { comprobanteSchema, marcaSchema, posicionSchema, tipoMarcaSchema } from './marks';
import { paginationQuerySchema, pageSchema } from './pagination';

/**
 * Fingerprint ("huella") is WebAuthn with a platform authenticator and user verification required:
 * the device's own fingerprint reader checks the finger, the server checks the signed assertion.
 * Browser JSON (RegistrationResponseJSON / AuthenticationResponseJSON) travels as an opaque object
 * and is validated by @simplewebauthn/server.
 */

/** Version of the consent text below; a new text needs a new version (stored with every consent). */
export const CONSENTIMIENTO_HUELLA_VERSION = '2026-11-v1';
export const CONSENTIMIENTO_HUELLA_TEXTO =
  'Autorizo expresamente a mi empleador a usar mi huella digital como método de identificación para registrar mi asistencia ' +
  'en Jornada (Resolución Exenta N° 38 de 2024 de la Dirección del Trabajo). Entiendo que mi huella no sale del dispositivo: ' +
  'el lector del equipo la verifica y Jornada solo guarda una llave pública que no permite reconstruirla. Puedo marcar también ' +
  'con un método no biométrico (RUT y PIN) y puedo retirar este consentimiento en cualquier momento, lo que anula mis huellas registradas.';

export const consentimientoSchema = z.object({
  id: z.string(),
  usuarioId: z.string(),
  version: z.string(),
  texto: z.string(),
  otorgadoEn: z.string(),
  /** Who recorded it: the worker, or an administrator with the worker's PIN as confirmation. */
  registradoPor: z.object({ id: z.string(), nombre: z.string() }),
  confirmacion: z.enum(['sesion_trabajador', 'pin_trabajador']),
  ip: z.string().nullable(),
  revocadoEn: z.string().nullable(),
});
export type Consentimiento = z.infer<typeof consentimientoSchema>;

export const estadoConsentimientoSchema = z.object({
  version: z.string(),
  texto: z.string(),
  consentimiento: consentimientoSchema.nullable(),
  /** Whether the worker may mark with the fingerprint ('huella' among their methods). */
  huellaPermitida: z.boolean(),
});
export type EstadoConsentimiento = z.infer<typeof estadoConsentimientoSchema>;

export const usuarioIdQuerySchema = z.object({ usuarioId: z.uuid({ message: 'El trabajador no es válido.' }).optional() });

export const otorgarConsentimientoBodySchema = z.object({
  /** Omitted: the caller consents for themselves. */
  usuarioId: z.uuid({ message: 'El trabajador no es válido.' }).optional(),
  acepta: z.literal(true, { error: 'Debes aceptar el texto del consentimiento.' }),
  version: z.string().min(1),
  /** The worker's PIN, typed by the worker on the administrator's screen, as their signature. */
  pinTrabajador: z.string().max(6).optional(),
});
export type OtorgarConsentimientoBody = z.input<typeof otorgarConsentimientoBodySchema>;

export const retirarConsentimientoBodySchema = z.object({ usuarioId: z.uuid({ message: 'El trabajador no es válido.' }).optional() });

export const opcionesRegistroBodySchema = z.object({ usuarioId: z.uuid({ message: 'El trabajador no es válido.' }).optional() });

/** The browser's `PublicKeyCredential` as JSON; checked by the WebAuthn library, not by zod. */
export const webauthnResponseSchema = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().min(1).max(1024), type: z.literal('public-key'), response: z.record(z.string(), z.unknown()) })
  .loose();

export const registrarHuellaBodySchema = z.object({
  usuarioId: z.uuid({ message: 'El trabajador no es válido.' }).optional(),
  nombreDispositivo: z
    .string()
    .trim()
    .min(1, { message: 'Ponle un nombre al dispositivo (por ejemplo «Celular de Ana» o «Quiosco bodega»).' })
    .max(80, { message: 'El nombre del dispositivo no puede superar 80 caracteres.' }),
  respuesta: webauthnResponseSchema,
});

/** Options as @simplewebauthn/browser takes them (`optionsJSON`). */
export const webauthnOptionsSchema = z.record(z.string(), z.unknown());

export const credencialSchema = z.object({
  id: z.string(),
  usuario: z.object({ id: z.string(), nombre: z.string(), rut: z.string(), sede: z.string().nullable() }),
  nombreDispositivo: z.string(),
  registradaEn: z.string(),
  registradaPor: z.string(),
  ultimoUso: z.string().nullable(),
  revocadaEn: z.string().nullable(),
});
export type Credencial = z.infer<typeof credencialSchema>;

const ESTADOS_CREDENCIAL = ['activas', 'revocadas', 'todas'] as const;
export const credencialesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sedeId: z.uuid({ message: 'La sede no es válida.' }).optional(),
  usuarioId: z.uuid({ message: 'El trabajador no es válido.' }).optional(),
  estado: z.enum(ESTADOS_CREDENCIAL, { error: 'El estado debe ser activas, revocadas o todas.' }).default('activas'),
});
export type CredencialesFiltro = z.output<typeof credencialesQuerySchema>;
export const credencialesPageSchema = pageSchema(credencialSchema);
export type CredencialesPage = z.infer<typeof credencialesPageSchema>;

export const pendienteHuellaSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  rut: z.string(),
  sede: z.string().nullable(),
  consentimiento: z.boolean(),
});
export type PendienteHuella = z.infer<typeof pendienteHuellaSchema>;
export const pendientesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sedeId: z.uuid({ message: 'La sede no es válida.' }).optional(),
});
export type PendientesFiltro = z.output<typeof pendientesQuerySchema>;
export const pendientesPageSchema = pageSchema(pendienteHuellaSchema);
export type PendientesPage = z.infer<typeof pendientesPageSchema>;

export const misCredencialesSchema = z.object({ items: z.array(credencialSchema) });
export type MisCredenciales = z.infer<typeof misCredencialesSchema>;

/** What a fingerprint or kiosk mark answers: the mark and its receipt, or why it was not recorded. */
export const resultadoMarcaSchema = z.object({
  registrada: z.boolean(),
  mensaje: z.string(),
  trabajador: z.object({ id: z.string(), nombre: z.string() }).nullable(),
  marca: marcaSchema.nullable(),
  comprobante: comprobanteSchema.nullable(),
});
export type ResultadoMarca = z.infer<typeof resultadoMarcaSchema>;

export const marcarHuellaBodySchema = z.object({
  tipo: tipoMarcaSchema,
  respuesta: webauthnResponseSchema,
  idCliente: z.uuid({ message: 'El identificador de la marca debe ser un UUID.' }).optional(),
  posicion: posicionSchema.optional(),
  dispositivo: z.string().trim().max(200).optional(),
});
