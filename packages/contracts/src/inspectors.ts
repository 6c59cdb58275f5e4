import { z } from 'zod';
import { emailSchema, isoDateSchema, requiredText, rutSchema } from './common';
import { pageSchema, paginationQuerySchema } from './pagination';

/**
 * Labour inspectors' access (DT Res. Ex. 38): an `@dt.gob.cl` address asks for a temporary
 * key, signs in with it, chooses an employer and reads that employer's legal reports, read-only.
 */
const DOMINIO_FISCALIZACION = '@dt.gob.cl';
/** A key is valid through the end (23:59:59, Chilean continental time) of the 5th calendar day after the day it was issued. */
export const CLAVE_FISCALIZACION_DIAS = 5;
/** Keys issued to one address in 24 hours; past it a request answers the same and sends nothing. */
export const CLAVES_FISCALIZACION_POR_DIA = 5;
/** Where the web keeps the inspector's sign-in token: sessionStorage, so it stays in one tab and dies with it. */
export const FISCALIZACION_TOKEN_STORAGE_KEY = 'jornada_fiscalizacion_token';

const DT_EMAIL_MESSAGE = 'Usa tu correo institucional de la Dirección del Trabajo (termina en @dt.gob.cl).';

/** An e-mail of the Dirección del Trabajo, lower-cased. */
const emailFiscalizadorSchema = emailSchema('Ingresa tu correo institucional.').refine((email) => email.endsWith(DOMINIO_FISCALIZACION), {
  message: DT_EMAIL_MESSAGE,
});

/** `POST /api/v1/fiscalizacion/claves` */
export const solicitarClaveBodySchema = z.object({
  email: emailFiscalizadorSchema,
  nombre: requiredText('Tu nombre', 100),
  apellidos: requiredText('Tus apellidos', 100),
  rut: rutSchema,
});
export type SolicitarClaveBody = z.input<typeof solicitarClaveBodySchema>;
/** Always the same answer, whether the address had a key or not. */
export const SOLICITAR_CLAVE_MESSAGE =
  'Enviamos una clave temporal a tu correo institucional. Vence al término del quinto día corrido; si pides otra, la anterior deja de servir.';
export const solicitarClaveResponseSchema = z.object({ ok: z.literal(true), message: z.string() });

/** `POST /api/v1/fiscalizacion/ingreso` */
export const ingresoFiscalizacionBodySchema = z.object({
  email: emailFiscalizadorSchema,
  clave: z
    .string({ error: 'Ingresa la clave que recibiste por correo.' })
    .trim()
    .min(1, { message: 'Ingresa la clave que recibiste por correo.' })
    .max(100, { message: 'La clave no es válida.' }),
});
export type IngresoFiscalizacionBody = z.input<typeof ingresoFiscalizacionBodySchema>;

export const fiscalizadorSchema = z.object({
  nombre: z.string(),
  apellidos: z.string(),
  /** With dots (`12.345.678-5`). */
  rut: z.string(),
  email: z.string(),
});
export type Fiscalizador = z.infer<typeof fiscalizadorSchema>;

export const empleadorSchema = z.object({
  id: z.string(),
  razonSocial: z.string(),
  /** With dots (`76.123.456-0`). */
  rut: z.string(),
});
export type Empleador = z.infer<typeof empleadorSchema>;

export const ingresoFiscalizacionResponseSchema = z.object({
  /** Only for `/api/v1/fiscalizacion/*`: it opens no company data by itself. */
  tokenFiscalizacion: z.string(),
  /** When this sign-in ends (ISO instant): 2 hours, or earlier when the key expires first. */
  expiraEn: z.string(),
  /** When the key stops working (ISO instant, exclusive). */
  claveVenceEn: z.string(),
  fiscalizador: fiscalizadorSchema,
});
export type IngresoFiscalizacionResponse = z.infer<typeof ingresoFiscalizacionResponseSchema>;

/** `GET /api/v1/fiscalizacion/sesion`: who is signed in, and which employer the token opens (if it is an employer session). */
export const sesionFiscalizacionSchema = z.object({
  fiscalizador: fiscalizadorSchema,
  expiraEn: z.string(),
  claveVenceEn: z.string(),
  empleadorActual: empleadorSchema.nullable(),
});
export type SesionFiscalizacion = z.infer<typeof sesionFiscalizacionSchema>;

export const EMPLEADORES_MAX_RESULTADOS = 20;
/** `GET /api/v1/fiscalizacion/empleadores?q=` */
export const empleadoresQuerySchema = z.object({
  q: z
    .string({ error: 'Escribe la razón social o el RUT del empleador.' })
    .trim()
    .min(3, { message: 'Escribe al menos 3 caracteres de la razón social o del RUT.' })
    .max(100, { message: 'La búsqueda admite hasta 100 caracteres.' }),
});
export const empleadoresResponseSchema = z.object({
  items: z.array(empleadorSchema),
  /** More employers match than the ones listed: the search should be narrower. */
  hayMas: z.boolean(),
});
export type EmpleadoresResponse = z.infer<typeof empleadoresResponseSchema>;

/** `GET /api/v1/fiscalizacion/accesos` (administrador): the company's inspector access log. */
const EVENTOS_ACCESO_FISCALIZADOR = ['acceso_empleador', 'consulta'] as const;
const eventoAccesoFiscalizadorSchema = z.enum(EVENTOS_ACCESO_FISCALIZADOR);
type EventoAccesoFiscalizador = z.infer<typeof eventoAccesoFiscalizadorSchema>;
export const EVENTO_ACCESO_FISCALIZADOR_LABELS: Record<EventoAccesoFiscalizador, string> = {
  acceso_empleador: 'Ingreso a la empresa',
  consulta: 'Consulta',
};

export const accesosFiscalizadorQuerySchema = paginationQuerySchema.extend({
  /** Days of Chile (America/Santiago), inclusive. */
  desde: isoDateSchema.optional(),
  hasta: isoDateSchema.optional(),
  /** Part of the inspector's e-mail, name or RUT. */
  q: z.string().trim().max(100, { message: 'La búsqueda admite hasta 100 caracteres.' }).optional(),
});

export const accesoFiscalizadorSchema = z.object({
  id: z.string(),
  /** ISO instant. */
  instante: z.string(),
  evento: eventoAccesoFiscalizadorSchema,
  fiscalizador: fiscalizadorSchema,
  /** True for a DT inspector signed in with a temporary key; false for a company user with perfil fiscalizador. */
  conClaveTemporal: z.boolean(),
  /** The company RUT consulted, with dots. */
  empresaRut: z.string(),
  metodo: z.string().nullable(),
  /** Route pattern (`/api/v1/usuarios/:id`). */
  ruta: z.string().nullable(),
  /** The path as requested, query included. */
  recurso: z.string().nullable(),
  permitido: z.boolean(),
  ip: z.string().nullable(),
});
export type AccesoFiscalizador = z.infer<typeof accesoFiscalizadorSchema>;
export const accesosFiscalizadorPageSchema = pageSchema(accesoFiscalizadorSchema);
export type AccesosFiscalizadorPage = z.infer<typeof accesosFiscalizadorPageSchema>;
