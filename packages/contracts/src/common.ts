import { z } from 'zod';
import { isValidRut, MIN_PASSWORD_CHARS, normalizePassword, normalizeRut, passwordProblem, type PasswordContext, type PasswordProblem } from '@jornada/domain';

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

/**
 * The dates the app deals in (contracts, plans, marks, filters): from 1900 to 2100. Outside them a
 * date is a typo or a probe (`9999-12-31` one day later is not a date PostgreSQL or the calendar
 * code can represent), never a real contract or shift.
 */
export const MIN_ISO_DATE = '1900-01-01';
export const MAX_ISO_DATE = '2100-12-31';

/**
 * A calendar date as `aaaa-mm-dd` on the wire, between MIN_ISO_DATE and MAX_ISO_DATE. Its messages
 * name no format: people type dates as dd-mm-aaaa and the forms send them as aaaa-mm-dd.
 */
export const isoDateSchema = z
  .string({ error: 'Ingresa la fecha.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'La fecha no es válida.' })
  .refine(isCalendarDate, { message: 'La fecha no existe en el calendario.' })
  .refine((value) => value >= MIN_ISO_DATE && value <= MAX_ISO_DATE, { message: 'La fecha debe estar entre 1900 y 2100.' });

/** A required date whose absence (or '') says which date is missing: "Ingresa la fecha de inicio de contrato.". */
export const requiredDateSchema = (missing: string) => z.string({ error: missing }).min(1, { message: missing }).pipe(isoDateSchema);

/** The Spanish message of each reason the password policy gives (packages/domain/password-policy.ts). */
const PASSWORD_MESSAGES: Record<PasswordProblem, string> = {
  solo_espacios: 'La contraseña no puede ser solo espacios.',
  corta: `La contraseña debe tener al menos ${MIN_PASSWORD_CHARS} caracteres, sin contar los espacios repetidos ni los de los extremos.`,
  comun: 'Esa contraseña es demasiado común. Elige una más difícil de adivinar.',
  datos_personales: 'La contraseña no puede contener tu RUT ni tu correo electrónico.',
};

/** The policy's message for a password, or null when it is acceptable. */
export function passwordMessage(password: string, context: PasswordContext = {}): string | null {
  const problem = passwordProblem(password, context);
  return problem ? PASSWORD_MESSAGES[problem] : null;
}

/** A new password: the one policy of the product (the person's RUT and e-mail are checked where the body has them). */
export const passwordSchema = z
  .string({ error: 'Ingresa una contraseña.' })
  .max(200, { message: 'La contraseña es demasiado larga.' })
  .superRefine((password, ctx) => {
    // Lengths count the normalised password (invisible characters are no characters), in code points.
    // One reason per problem: a short password gets only the length message.
    const normalized = normalizePassword(password);
    if ([...normalized].length < MIN_PASSWORD_CHARS) {
      ctx.addIssue({ code: 'custom', message: `La contraseña debe tener al menos ${MIN_PASSWORD_CHARS} caracteres.` });
      return;
    }
    const message = passwordMessage(password);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** `/:id` of a resource. Any text is accepted: an id that is not a uuid simply does not exist (404). */
export const idParamsSchema = z.object({ id: z.string().min(1).max(100) });

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
/**
 * Which occurrence of a local time the fall-back change makes happen twice (in Chile, 23:00–23:59 of
 * the first Saturday of April): `primera` (still in summer time) or `segunda` (already in winter
 * time). Required only when the time typed is ambiguous; the API answers 400 on `ocurrencia` otherwise.
 */
export const OCURRENCIAS = ['primera', 'segunda'] as const;
export const ocurrenciaSchema = z.enum(OCURRENCIAS, { error: 'La ocurrencia debe ser primera o segunda.' });
export type Ocurrencia = z.infer<typeof ocurrenciaSchema>;
export const OCURRENCIA_LABELS: Record<Ocurrencia, string> = {
  primera: 'La primera vez (antes del cambio de hora)',
  segunda: 'La segunda vez (después del cambio de hora)',
};

export const refSchema = z.object({ id: z.string(), nombre: z.string() });

export const okResponseSchema = z.object({ ok: z.literal(true) });
