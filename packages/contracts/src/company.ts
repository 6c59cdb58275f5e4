import { MIN_SUNDAY_SURCHARGE_PERCENT } from '@jornada/domain';
import { z } from 'zod';
import { nullableDate, nullableEmail, nullableText, requiredText } from './common';

/** The Sunday surcharge's floor (art. 38 inc. 2, Ley 20.823) and the ceiling the settings accept. */
export const RECARGO_DOMINICAL_MINIMO = MIN_SUNDAY_SURCHARGE_PERCENT;
export const RECARGO_DOMINICAL_MAXIMO = 100;

/** GET /api/v1/empresa: the company of the session. RUT with dots. */
export const empresaSchema = z.object({
  id: z.string(),
  rut: z.string(),
  nombre: z.string(),
  razonSocial: z.string(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  /**
   * Whether `email` was confirmed through the link e-mailed to it. Until it is, the company's user
   * invitations wait; changing the e-mail asks for a new confirmation.
   */
  emailConfirmado: z.boolean(),
  rubro: z.string().nullable(),
  /** Works under an exceptional schedule authorised by the Dirección del Trabajo (7x7, 4x4...). */
  resolucion: z.boolean(),
  /** Number of that resolution (printed on every mark receipt), e.g. `Res. Ex. N° 1234`. */
  resolucionNumero: z.string().nullable(),
  resolucionFecha: z.string().nullable(),
  comentario: z.string().nullable(),
  /** Surcharge in percent on ordinary Sunday hours of workers excepted from Sunday rest (art. 38 inc. 2, Ley 20.823: at least 30). */
  recargoDominicalPorcentaje: z.number().int(),
  creadoEn: z.string(),
});
export type Empresa = z.infer<typeof empresaSchema>;

/** PATCH /api/v1/empresa: the RUT cannot change. With `resolucion: true` the number is required. */
export const actualizarEmpresaBodySchema = z.object({
  nombre: requiredText('El nombre').optional(),
  razonSocial: requiredText('La razón social').optional(),
  direccion: nullableText(300),
  telefono: nullableText(40),
  email: nullableEmail,
  rubro: nullableText(),
  resolucion: z.boolean({ error: 'Indica si la empresa tiene resolución de jornada excepcional.' }).optional(),
  resolucionNumero: nullableText(100),
  resolucionFecha: nullableDate,
  comentario: nullableText(2000),
  recargoDominicalPorcentaje: z
    .number({ error: 'El recargo dominical debe ser un número.' })
    .int({ message: 'El recargo dominical va en porcentaje entero.' })
    .min(RECARGO_DOMINICAL_MINIMO, { message: `El recargo dominical no puede ser menor que ${RECARGO_DOMINICAL_MINIMO} % (art. 38 del Código del Trabajo, Ley 20.823).` })
    .max(RECARGO_DOMINICAL_MAXIMO, { message: `El recargo dominical no puede superar ${RECARGO_DOMINICAL_MAXIMO} %.` })
    .optional(),
});
export type ActualizarEmpresaBody = z.input<typeof actualizarEmpresaBodySchema>;

/** A company's e-mail confirmation link lasts 72 hours and works once. */
export const COMPANY_EMAIL_CONFIRMATION_TTL_MS = 72 * 60 * 60 * 1000;

/** POST /api/v1/empresa/confirmar-correo (public): the code of the link e-mailed to the company's address. */
export const confirmarCorreoEmpresaBodySchema = z.object({
  token: z
    .string({ error: 'Falta el código del enlace de confirmación.' })
    .trim()
    .min(1, { message: 'Falta el código del enlace de confirmación.' })
    .max(200, { message: 'El código del enlace de confirmación no es válido.' }),
});
export const confirmarCorreoEmpresaResponseSchema = z.object({ ok: z.literal(true), email: z.string() });
export type ConfirmarCorreoEmpresaResponse = z.infer<typeof confirmarCorreoEmpresaResponseSchema>;

/** POST /api/v1/empresa/confirmacion-correo: sends the confirmation link again, to the company's current e-mail. */
export const reenviarConfirmacionResponseSchema = z.object({ ok: z.literal(true), email: z.string(), message: z.string() });
export type ReenviarConfirmacionResponse = z.infer<typeof reenviarConfirmacionResponseSchema>;
