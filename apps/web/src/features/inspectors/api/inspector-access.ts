import {
  FISCALIZACION_TOKEN_STORAGE_KEY,
  SESSION_TTL_MS,
  SOLICITAR_CLAVE_MESSAGE,
  TOKEN_STORAGE_KEY,
  type AuthResponse,
  type EmpleadoresResponse,
  type IngresoFiscalizacionBody,
  type IngresoFiscalizacionResponse,
  type SolicitarClaveBody,
} from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { TOKEN_SET_AT_STORAGE_KEY } from '../../../lib/session';
import { inspectorSessionQuery } from '../visit';
import { inspectorKeys } from './keys';

/** The inspector's sign-in token lives in this tab only (sessionStorage), between signing in and choosing an employer. */
export const inspectorToken = {
  read: (): string | null => window.sessionStorage.getItem(FISCALIZACION_TOKEN_STORAGE_KEY),
  write: (token: string) => window.sessionStorage.setItem(FISCALIZACION_TOKEN_STORAGE_KEY, token),
  clear: () => window.sessionStorage.removeItem(FISCALIZACION_TOKEN_STORAGE_KEY),
};


/** POST /api/v1/fiscalizacion/claves: always the same neutral answer. */
export function useRequestKey() {
  return useMutation({
    mutationFn: async (body: SolicitarClaveBody) => {
      const answer = await apiPost<{ message?: unknown }>('/v1/fiscalizacion/claves', body);
      return typeof answer?.message === 'string' && answer.message ? answer.message : SOLICITAR_CLAVE_MESSAGE;
    },
  });
}

/** POST /api/v1/fiscalizacion/ingreso */
export function useInspectorSignIn() {
  return useMutation({ mutationFn: (body: IngresoFiscalizacionBody) => apiPost<IngresoFiscalizacionResponse>('/v1/fiscalizacion/ingreso', body) });
}

/**
 * GET /api/v1/fiscalizacion/sesion: who the token belongs to. Null when it no longer works (signed out,
 * expired), so the page goes back to the first steps instead of showing an error.
 */
export function useInspectorSession(token: string) {
  return useQuery(inspectorSessionQuery(token));
}

/** GET /api/v1/fiscalizacion/empleadores?q= (3 characters at least). */
export function useEmployerSearch(token: string, q: string) {
  return useQuery({
    queryKey: inspectorKeys.employers(token, q),
    queryFn: ({ signal }) => apiGet<EmpleadoresResponse>('/v1/fiscalizacion/empleadores', { token, signal, query: { q } }),
    enabled: Boolean(token) && q.trim().length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * POST /api/v1/fiscalizacion/empleadores/:id/acceso. The answer is a normal session of that company:
 * it is stored like a sign-in (with a deadline that ends with the session, which may be before 2 hours
 * when the key expires first), and the page reloads into the dashboard so nothing of a previous
 * employer stays in memory.
 */
export function useChooseEmployer(token: string) {
  return useMutation({
    mutationFn: (companyId: string) => apiPost<AuthResponse>(`/v1/fiscalizacion/empleadores/${encodeURIComponent(companyId)}/acceso`, {}, { token }),
  });
}

/** A full page load (replaceable in tests, where jsdom cannot navigate). */
export const pageLoad = { go: (path: string) => window.location.assign(path) };

export function enterEmployerSession(answer: AuthResponse): void {
  const setAt = Math.min(Date.now(), Date.parse(answer.expiraEn) - SESSION_TTL_MS);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, answer.tokenSesion);
  window.localStorage.setItem(TOKEN_SET_AT_STORAGE_KEY, String(setAt));
  inspectorToken.clear();
  pageLoad.go('/dashboard');
}

/** POST /api/v1/fiscalizacion/salida: ends the sign-in and the employer sessions opened with it. */
export function useInspectorSignOut(token: string) {
  return useMutation({ mutationFn: () => apiPost('/v1/fiscalizacion/salida', {}, { token }) });
}
