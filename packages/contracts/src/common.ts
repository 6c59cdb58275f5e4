import { z } from 'zod';
import { isCommonPassword, isValidRut, normalizeRut } from '@jornada/domain';

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

/**
 * A required text field with a Spanish message naming it. The label carries its article
 * ('La razón social'), so the message agrees in gender: "Ingresa la razón social."
 */
export const requiredText = (label: string, max = 200) => {
  const missing = `Ingresa ${label.charAt(0).toLocaleLowerCase('es-CL')}${label.slice(1)}.`;
  return z
    .string({ error: missing })
    .trim()
    .min(1, { message: missing })
    .max(max, { message: `${label}: máximo ${max} caracteres.` });
};

/** True when `aaaa-mm-dd` names a day that exists (no 2024-02-30). */
function isCalendarDate(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date as `aaaa-mm-dd`. */
export const isoDateSchema = z
  .string({ error: 'Ingresa una fecha con el formato aaaa-mm-dd.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha debe tener el formato aaaa-mm-dd.' })
  .refine(isCalendarDate, { message: 'La fecha no existe en el calendario.' });

export const MIN_PASSWORD_LENGTH = 8;
export const passwordSchema = z
  .string({ error: 'Ingresa una contraseña.' })
  .min(MIN_PASSWORD_LENGTH, { message: `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.` })
  .max(200, { message: 'La contraseña es demasiado larga.' })
  .refine((password) => !isCommonPassword(password), {
    message: 'Esa contraseña es demasiado común. Elige una más difícil de adivinar.',
  });

/** `/:id` of a resource. Any text is accepted: an id that is not a uuid simply does not exist (404). */
export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });
export type IdParams = z.infer<typeof idParamsSchema>;

/**
 * A uuid reference in a body (sedeId, grupoId, user ids). Give a label (`'El turno'` → "El turno no es
 * válido.") or, for feminine nouns, the whole message ending in a period (`'La sede no es válida.'`).
 */
export const uuidSchema = (labelOrMessage = 'El identificador') =>
  z.uuid({ message: labelOrMessage.endsWith('.') ? labelOrMessage : `${labelOrMessage} no es válido.` });

/**
 * Optional, clearable free text for create and PATCH bodies: absent = unchanged,
 * `null` or '' = clear the field, anything else is trimmed.
 */
export const nullableText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, { message: `Máximo ${max} caracteres.` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));

const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Optional, clearable date (`aaaa-mm-dd`): absent = unchanged, `null` or '' = clear. */
export const nullableDate = z.preprocess(emptyToNull, isoDateSchema.nullable().optional());

/** An e-mail address, trimmed and lower-cased. */
export const emailSchema = (missing = 'Ingresa el correo electrónico.') =>
  z
    .string({ error: missing })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'El correo electrónico no es válido.' }));

/** Optional, clearable e-mail address. */
export const nullableEmail = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toLowerCase()) : value),
  z.email({ message: 'El correo electrónico no es válido.' }).nullable().optional(),
);

/** `{ id, nombre }` of a referenced resource. */
export const refSchema = z.object({ id: z.string(), nombre: z.string() });
export type Ref = z.infer<typeof refSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });
