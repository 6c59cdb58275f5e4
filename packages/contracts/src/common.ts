import { z } from 'zod';
import { isValidRut, normalizeRut } from '@jornada/domain';

/** The four perfiles of design.md section 4. */
export const PERFILES = ['administrador', 'supervisor', 'trabajador', 'fiscalizador'] as const;
export const perfilSchema = z.enum(PERFILES);
export type Perfil = z.infer<typeof perfilSchema>;

/** A RUT in any usual format, turned into its stored form (`12345678-5`). */
export const rutSchema = z
  .string({ error: 'Ingresa un RUT.' })
  .trim()
  .refine(isValidRut, { message: 'El RUT no es válido.' })
  .transform((value) => normalizeRut(value)!);

/** Optional free text as the onboarding forms send it ('' means absent). */
export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { message: `Máximo ${max} caracteres.` })
    .optional()
    .transform((value) => (value ? value : undefined));

/** A required text field with a Spanish message naming it. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} es obligatorio.` })
    .trim()
    .min(1, { message: `${label} es obligatorio.` })
    .max(max, { message: `${label}: máximo ${max} caracteres.` });

/** A calendar date as `aaaa-mm-dd`. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha debe tener el formato aaaa-mm-dd.' });

export const MIN_PASSWORD_LENGTH = 8;
export const passwordSchema = z
  .string({ error: 'Ingresa una contraseña.' })
  .min(MIN_PASSWORD_LENGTH, { message: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.` })
  .max(200, { message: 'La contraseña es demasiado larga.' });
