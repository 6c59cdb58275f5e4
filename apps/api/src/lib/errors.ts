import { ERROR_CODES, type ErrorCode } from '@jornada/contracts';

/** A failure a service reports on purpose: the error handler answers it with its code, status and Spanish message. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = ERROR_CODES[code];
  }
}

export const MESSAGES = {
  validation: 'Hay un error en la data ingresada. Revisa los campos marcados.',
  unauthenticated: 'Tu sesión no es válida o expiró. Inicia sesión nuevamente.',
  forbidden: 'No tienes permiso para realizar esta acción.',
  notFound: 'El recurso solicitado no existe.',
  internal: 'Ocurrió un error inesperado. Inténtalo más tarde.',
  rateLimited: 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.',
  unstorable: 'Un dato de la solicitud está fuera de lo que se puede guardar. Revisa los valores ingresados.',
  unavailable: 'El servicio no está disponible en este momento: no podemos conectar con la base de datos. Inténtalo de nuevo en unos segundos.',
} as const;

/**
 * Not a failure: what the request needs was queued in the job queue (a period's first evaluation).
 * The error handler answers 202 with `body`, which tells the page what to follow before reading again;
 * thrown from deep in a read, it passes through the services between it and the route untouched.
 */
export class Accepted extends Error {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super('Solicitud aceptada: el trabajo quedó en la cola.');
    this.name = 'Accepted';
  }
}
