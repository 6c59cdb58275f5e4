// A small entry for the app shell: whether this session is a DT inspector's visit, without loading the
// pages. It imports no value of @jornada/contracts (that would evaluate every zod schema in the shell's
// bundle, see lib/contract-constants.ts): only a type, the API client and the query keys.
import type { SesionFiscalizacion } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../lib/api-client';
import { inspectorKeys } from './api/keys';

/**
 * True when the signed-in fiscalizador came through the Dirección del Trabajo's temporary key (their
 * employer session answers `GET /fiscalizacion/sesion`), false for a fiscalizador account the company
 * created with a password, whose «Cambiar empleador» would lead to a key flow that is not theirs.
 * Undefined while it is being asked; only asked when `enabled`.
 */
/** `GET /api/v1/fiscalizacion/sesion` as a query: who the token belongs to, or null when it no longer works. */
export function inspectorSessionQuery(token: string) {
  return {
    queryKey: inspectorKeys.session(token),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<SesionFiscalizacion | null> => {
      try {
        return await apiGet<SesionFiscalizacion>('/v1/fiscalizacion/sesion', { token, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    enabled: Boolean(token),
    retry: false,
    staleTime: 30_000,
  };
}

/**
 * True when the signed-in fiscalizador came through the Dirección del Trabajo's temporary key (their
 * employer session answers `GET /fiscalizacion/sesion`), false for a fiscalizador account the company
 * created with a password, whose «Cambiar empleador» would lead to a key flow that is not theirs.
 * Undefined while it is being asked; only asked when `enabled`.
 */
export function useIsInspectorVisit(token: string | null, enabled: boolean): boolean | undefined {
  const session = useQuery(inspectorSessionQuery(enabled ? (token ?? '') : ''));
  if (!enabled || !token) return false;
  return session.data === undefined ? undefined : session.data !== null;
}
