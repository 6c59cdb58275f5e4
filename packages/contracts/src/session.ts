import { z } from 'zod';
import { passwordSchema, perfilSchema, uuidSchema } from './common';
import { empleadorSchema } from './inspectors';

/** Sessions last 2 hours from sign-in, on the server and in the web app alike (spec section 9). */
export const SESSION_TTL_MS = 7_200_000;
/** Browser local storage key of the session token (spec section 9). */
export const TOKEN_STORAGE_KEY = 'token';

/**
 * POST /api/usuarios/auth. `empresaId` is the second call of a person who works for several companies:
 * the employer chosen from the answer's `empleadores`.
 */
export const authBodySchema = z.object({
  rut: z.string({ error: 'Ingresa tu RUT.' }).trim().min(1, { message: 'Ingresa tu RUT.' }).max(20),
  password: z.string({ error: 'Ingresa tu contraseña.' }).min(1, { message: 'Ingresa tu contraseña.' }).max(200),
  empresaId: uuidSchema('La empresa no es válida.').optional(),
});
export type AuthBody = z.infer<typeof authBodySchema>;

/** The user fields the spec reads from profile and login answers. */
export const sessionUserSchema = z.object({
  _id: z.string(),
  nombre: z.string(),
  apellidos: z.string(),
  razon_social: z.object({ nombre: z.string(), _id: z.string() }),
  perfil: perfilSchema,
  rut: z.string(),
  email: z.string(),
  direccion: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const authResponseSchema = sessionUserSchema.extend({
  tokenSesion: z.string(),
  /** When the session ends (ISO instant), 2 hours after sign-in. */
  expiraEn: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * The sign-in answer when the password opens accounts in more than one company: no session yet (no
 * `tokenSesion`, so the person stays signed out), only those employers, to repeat the call with one
 * of them as `empresaId`.
 */
const elegirEmpleadorResponseSchema = z.object({
  empleadores: z.array(empleadorSchema).min(2),
});
export const signInResponseSchema = z.union([authResponseSchema, elegirEmpleadorResponseSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** POST /api/usuarios/profile and /api/usuarios/logout carry the token in the body too (spec section 7). */
export const tokenBodySchema = z.object({ token: z.string().optional() });
export const profileResponseSchema = sessionUserSchema;
export const logoutResponseSchema = z.object({ ok: z.literal(true) });

/** POST /api/v1/auth/forgot-password: a RUT or an e-mail address. */
export const forgotPasswordBodySchema = z.object({
  rutOEmail: z
    .string({ error: 'Ingresa tu RUT o correo electrónico.' })
    .trim()
    .min(1, { message: 'Ingresa tu RUT o correo electrónico.' })
    .max(200),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;
/** Always the same answer, so nobody can learn who has an account. */
export const forgotPasswordResponseSchema = z.object({ ok: z.literal(true), message: z.string() });
export const FORGOT_PASSWORD_MESSAGE =
  'Si los datos corresponden a una cuenta, enviamos un correo con un enlace para restablecer la contraseña. El enlace vence en 30 minutos.';
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;

/** POST /api/v1/auth/reset-password */
export const resetPasswordBodySchema = z.object({
  token: z
    .string({ error: 'Falta el código del enlace para restablecer la contraseña.' })
    .min(1, { message: 'Falta el código del enlace para restablecer la contraseña.' })
    .max(200, { message: 'El enlace para restablecer la contraseña no es válido.' }),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
export const resetPasswordResponseSchema = z.object({ ok: z.literal(true) });
