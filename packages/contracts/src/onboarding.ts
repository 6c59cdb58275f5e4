import { z } from 'zod';
import { isoDateSchema, optionalText, passwordMessage, passwordSchema, requiredText, rutSchema } from './common';

/** Header that carries the one-time onboarding token from empresa/crear to usuarios/crear. */
export const ONBOARDING_TOKEN_HEADER = 'x-onboarding-token';
/** The onboarding token expires 24 hours after the company is registered. */
export const ONBOARDING_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** POST /api/empresa/crear: the company fields of the spec. */
export const crearEmpresaBodySchema = z.object({
  nombre: requiredText('El nombre'),
  rutEmpresa: rutSchema,
  direccion: optionalText(300),
  telefono: optionalText(40),
  email: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined))
    .pipe(z.email({ message: 'El correo electrónico no es válido.' }).optional()),
  rubro: optionalText(),
  razonSocial: requiredText('La razón social'),
  resolucion: z.boolean().optional().default(false),
  comentario: optionalText(2000),
});
export type CrearEmpresaBody = z.input<typeof crearEmpresaBodySchema>;

export const crearEmpresaResponseSchema = z.object({
  ok: z.literal(true),
  _id: z.string(),
  onboardingToken: z.string(),
});
export type CrearEmpresaResponse = z.infer<typeof crearEmpresaResponseSchema>;

/** POST /api/usuarios/crear: the main-user fields of the spec. */
export const crearUsuarioBodySchema = z
  .object({
    nombre: requiredText('El nombre'),
    apellidos: requiredText('Los apellidos'),
    cargo: optionalText(),
    rut: rutSchema,
    password: passwordSchema,
    email: z
      .string({ error: 'Ingresa el correo electrónico.' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'El correo electrónico no es válido.' })),
    direccion: optionalText(300),
    razon_social: requiredText('La razón social'),
    telefono: optionalText(40),
    inicio_contrato: isoDateSchema,
    fin_contrato: z
      .union([isoDateSchema, z.literal(''), z.null()])
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .refine((u) => !u.fin_contrato || u.fin_contrato >= u.inicio_contrato, {
    path: ['fin_contrato'],
    message: 'El fin de contrato no puede ser anterior al inicio.',
  })
  .superRefine((u, ctx) => {
    const message = passwordMessage(u.password, { rut: u.rut, email: u.email });
    if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
  });
export type CrearUsuarioBody = z.input<typeof crearUsuarioBodySchema>;

export const crearUsuarioResponseSchema = z.object({ ok: z.literal(true), _id: z.string() });
export type CrearUsuarioResponse = z.infer<typeof crearUsuarioResponseSchema>;
