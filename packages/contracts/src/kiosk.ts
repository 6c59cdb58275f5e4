import { z } from 'zod';
import { rutSchema } from './common';
import { tipoMarcaSchema } from './marks';
import { webauthnResponseSchema } from './webauthn';

/** The non-biometric method (DT Res. Ex. 38): a 4 to 6 digit PIN, never a trivial one. */
export const PIN_MIN = 4;
export const PIN_MAX = 6;
/** Failed PINs for one RUT on the company's kiosks before it is locked, and for how long. */
export const PIN_MAX_FALLOS = 5;
export const PIN_BLOQUEO_MS = 15 * 60 * 1000;

/** Why a PIN is refused, or null when it is acceptable. */
export function pinTrivialMessage(pin: string): string | null {
  if (!/^\d+$/.test(pin)) return 'El PIN solo puede tener números.';
  if (pin.length < PIN_MIN || pin.length > PIN_MAX) return `El PIN debe tener entre ${PIN_MIN} y ${PIN_MAX} dígitos.`;
  if (/^(\d)\1+$/.test(pin)) return 'El PIN no puede ser un mismo dígito repetido (como 0000 o 1111).';
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((d, i) => d - digits[i]!);
  if (steps.every((s) => s === 1) || steps.every((s) => s === -1)) return 'El PIN no puede ser una secuencia (como 1234 o 4321).';
  if (pin.length % 2 === 0 && pin.length >= 4) {
    const half = pin.slice(0, pin.length / 2);
    if (half.repeat(2) === pin && half.length <= 2) return 'El PIN no puede ser un par repetido (como 1212).';
  }
  return null;
}

const pinSchema = z.string({ error: 'Ingresa el PIN.' }).superRefine((value, ctx) => {
  const message = pinTrivialMessage(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const estadoPinSchema = z.object({ definido: z.boolean(), actualizadoEn: z.string().nullable() });
export type EstadoPin = z.infer<typeof estadoPinSchema>;

export const cambiarPinBodySchema = z.object({
  /** Required once a PIN exists. */
  pinActual: z.string().max(6).optional(),
  pinNuevo: pinSchema,
});
export type CambiarPinBody = z.input<typeof cambiarPinBodySchema>;

export const quioscoSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  sede: z.object({ id: z.string(), nombre: z.string() }),
  creadoEn: z.string(),
  creadoPor: z.string(),
  ultimoUso: z.string().nullable(),
  revocadoEn: z.string().nullable(),
});
export type Quiosco = z.infer<typeof quioscoSchema>;
export const quioscosListSchema = z.object({ items: z.array(quioscoSchema) });

export const abrirQuioscoBodySchema = z.object({
  sedeId: z.uuid({ message: 'Elige la sede del quiosco.' }),
  nombre: z.string().trim().min(1, { message: 'Ponle un nombre al quiosco.' }).max(80, { message: 'El nombre no puede superar 80 caracteres.' }),
});
export type AbrirQuioscoBody = z.input<typeof abrirQuioscoBodySchema>;
/** The device token is shown once; only its hash is stored. */
export const quioscoAbiertoSchema = z.object({ quiosco: quioscoSchema, token: z.string() });
export type QuioscoAbierto = z.infer<typeof quioscoAbiertoSchema>;

/** The kiosk device sends its token in this header (never the administrator's session). */
export const KIOSCO_TOKEN_HEADER = 'x-kiosco-token';

export const sesionQuioscoSchema = z.object({
  nombre: z.string(),
  empresa: z.string(),
  sede: z.object({ id: z.string(), nombre: z.string(), direccion: z.string() }),
});
export type SesionQuiosco = z.infer<typeof sesionQuioscoSchema>;

const quioscoRutPinShape = { rut: rutSchema, pin: z.string().min(1, { message: 'Ingresa tu PIN.' }).max(6, { message: 'El PIN tiene a lo más 6 dígitos.' }) };

export const marcarQuioscoPinBodySchema = z.object({
  ...quioscoRutPinShape,
  tipo: tipoMarcaSchema,
  idCliente: z.uuid({ message: 'El identificador de la marca debe ser un UUID.' }).optional(),
  /** The worker has a whole-day permission approved for today and marks anyway (after a 409 `MARCA_EN_PERMISO`). */
  confirmarPermiso: z.boolean({ error: 'Indica si confirmas marcar durante tu permiso.' }).optional(),
});

export const marcarQuioscoHuellaBodySchema = z.object({
  tipo: tipoMarcaSchema,
  respuesta: webauthnResponseSchema,
  idCliente: z.uuid({ message: 'El identificador de la marca debe ser un UUID.' }).optional(),
});
