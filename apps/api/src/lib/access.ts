import type { Perfil } from '@jornada/contracts';
import type { RequestSession } from '../plugins/types';
import { AppError, MESSAGES } from './errors';
import { isUuid } from './ids';

/**
 * The perfil check at the start of every use case (the route's `config.perfiles` is the first gate;
 * this one keeps the service safe when called from elsewhere).
 */
export function requirePerfil(session: RequestSession, ...perfiles: Perfil[]): void {
  if (!perfiles.includes(session.perfil)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
}

export function notFound(message: string = MESSAGES.notFound): AppError {
  return new AppError('NOT_FOUND', message);
}

/** A path id that is not a uuid names nothing: 404 like another company's id. */
export function requireId(id: string, message?: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id;
}

/** A 400 on one field. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION', MESSAGES.validation, { [field]: message });
}
