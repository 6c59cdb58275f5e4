import { z } from 'zod';
import { nullableDate, nullableEmail, nullableText, requiredText } from './common';

/** GET /api/v1/empresa: the company of the session. RUT with dots. */
export const empresaSchema = z.object({
  id: z.string(),
  rut: z.string(),
  nombre: z.string(),
  razonSocial: z.string(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
  email: z.string().nullable(),
  rubro: z.string().nullable(),
  /** Works under an exceptional schedule authorised by the Dirección del Trabajo (7x7, 4x4...). */
  resolucion: z.boolean(),
  /** Number of that resolution (printed on every mark receipt), e.g. `Res. Ex. N° 1234`. */
  resolucionNumero: z.string().nullable(),
  resolucionFecha: z.string().nullable(),
  comentario: z.string().nullable(),
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
});
export type ActualizarEmpresaBody = z.input<typeof actualizarEmpresaBodySchema>;
