import { z } from 'zod';
import { requiredText, uuidSchema } from './common';
import { pageSchema, paginationQuerySchema } from './pagination';

/**
 * Clock devices (relojes control): ZKTeco-style fingerprint terminals that push their logs over the
 * ADMS "iclock" protocol. Each is registered by its serial number to one site, whose time zone turns
 * the device's local times into instants. The device user PIN of a worker is the body of their RUT.
 */

const SERIAL_MESSAGE = 'El número de serie solo lleva letras, números, guion o guion bajo (hasta 64).';

/** The device's serial (SN), as it sends it in every request; case-sensitive. */
const numeroSerieSchema = z
  .string({ error: 'Ingresa el número de serie del reloj.' })
  .trim()
  .min(1, { message: 'Ingresa el número de serie del reloj.' })
  .max(64, { message: SERIAL_MESSAGE })
  .regex(/^[A-Za-z0-9_-]+$/, { message: SERIAL_MESSAGE });

const NETWORK_MESSAGE = 'Usa una dirección IP o una red con prefijo, como 192.0.2.10 o 10.20.0.0/16.';

function isNetwork(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (ipv4) return ipv4.slice(1).every((part) => Number(part) <= 255) && (prefix === undefined || Number(prefix) <= 32);
  return /^[0-9a-f:.]+$/i.test(address) && address.includes(':') && (prefix === undefined || Number(prefix) <= 128);
}

/** One allowed source network of a clock: an address (`192.0.2.10`) or a network with its prefix (`10.20.0.0/16`). */
const redPermitidaSchema = z.string().trim().max(60, { message: NETWORK_MESSAGE }).refine(isNetwork, { message: NETWORK_MESSAGE });
const redesPermitidasSchema = z.array(redPermitidaSchema).max(20, { message: 'Hasta 20 redes por reloj.' });

export const relojSchema = z.object({
  id: z.string(),
  numeroSerie: z.string(),
  nombre: z.string(),
  sede: z.object({ id: z.string(), nombre: z.string(), zonaHoraria: z.string() }),
  activo: z.boolean(),
  /** Last request of the device (handshake, upload or polling), ISO instant; null if it never connected. */
  ultimoContacto: z.string().nullable(),
  /** Address the last request came from. */
  ultimaIp: z.string().nullable(),
  /** Last attendance upload, ISO instant. */
  ultimaCarga: z.string().nullable(),
  /** Attendance lines received (including resent and refused ones). */
  registrosRecibidos: z.number().int(),
  /** The device has a key: it must call through `/r/<clave>/iclock/…` (the key itself is shown once, when generated). */
  conClave: z.boolean(),
  /** Source networks the device may call from; empty = any (then it needs a key). */
  redesPermitidas: z.array(z.string()),
  creadoEn: z.string(),
});
export type Reloj = z.infer<typeof relojSchema>;

/** GET /api/v1/relojes */
export const relojesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  sedeId: z.string().trim().max(100).optional(),
  activo: z.enum(['true', 'false']).optional(),
});
export const relojesPageSchema = pageSchema(relojSchema);
export type RelojesPage = z.infer<typeof relojesPageSchema>;

/** POST /api/v1/relojes */
export const crearRelojBodySchema = z.object({
  numeroSerie: numeroSerieSchema,
  nombre: requiredText('El nombre del reloj', 120),
  sedeId: uuidSchema('La sede no es válida.'),
  activo: z.boolean().default(true),
  redesPermitidas: redesPermitidasSchema.default([]),
});
export type CrearRelojBody = z.input<typeof crearRelojBodySchema>;

/** PATCH /api/v1/relojes/:id: only the fields sent change. */
export const actualizarRelojBodySchema = z.object({
  numeroSerie: numeroSerieSchema.optional(),
  nombre: requiredText('El nombre del reloj', 120).optional(),
  sedeId: uuidSchema('La sede no es válida.').optional(),
  activo: z.boolean().optional(),
  redesPermitidas: redesPermitidasSchema.optional(),
});
export type ActualizarRelojBody = z.input<typeof actualizarRelojBodySchema>;

/** POST /api/v1/relojes/:id/clave: a new key (the previous one stops working), shown this once. */
export const claveRelojSchema = z.object({
  clave: z.string(),
  /** The path to add to the server address configured on the device: `https://host/r/<clave>`. */
  ruta: z.string(),
});
export type ClaveReloj = z.infer<typeof claveRelojSchema>;

/** ZKTeco attendance states and the mark kind each one records (documented in docs/api.md). */
export const ESTADOS_RELOJ = [
  { estado: 0, nombre: 'Check-In', tipo: 'entrada' },
  { estado: 1, nombre: 'Check-Out', tipo: 'salida' },
  { estado: 2, nombre: 'Break-Out', tipo: 'inicio_colacion' },
  { estado: 3, nombre: 'Break-In', tipo: 'fin_colacion' },
  { estado: 4, nombre: 'OT-In', tipo: 'entrada' },
  { estado: 5, nombre: 'OT-Out', tipo: 'salida' },
] as const;
