import { z } from 'zod';

/** Every error the API answers, with the HTTP status it travels with. */
export const ERROR_CODES = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  /** The onboarding token of usuarios/crear is missing, unknown, used or expired. */
  ONBOARDING_TOKEN_INVALID: 403,
  /** The password-reset link is unknown, used or expired. */
  RESET_TOKEN_INVALID: 400,
  /** The company e-mail confirmation link is unknown, used, expired or for an address the company no longer has. */
  CONFIRMATION_TOKEN_INVALID: 400,
  NOT_FOUND: 404,
  /** A mark refused for the worker's state or method (logged as a marking attempt; `fields.motivo` says why). */
  MARCA_RECHAZADA: 403,
  CONFLICT: 409,
  /** A kiosk mark of a worker with a whole-day permission approved for today, sent without `confirmarPermiso`: nothing was recorded. */
  MARCA_EN_PERMISO: 409,
  /** A shift that breaks the law (daily maximum, colación, weekly limit) saved without `confirmarAdvertencias` by a company without an exceptional system. */
  TURNO_FUERA_DE_LA_LEY: 400,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The one error shape of the API: a stable code and a Spanish message safe to show. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Field-level problems of a 400, keyed by the request's field path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
