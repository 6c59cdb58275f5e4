import type { ActualizarJornadaExcepcionalBody, CrearJornadaExcepcionalBody, JornadaExcepcional, JornadasExcepcionales } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiRequest } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

/** GET /api/v1/jornadas-excepcionales (administrador). */
export function useExceptionalSchedules() {
  const token = useToken();
  return useQuery({
    queryKey: queryRoots.exceptionalSchedules,
    queryFn: ({ signal }) => apiGet<JornadasExcepcionales>('/v1/jornadas-excepcionales', { token, signal }),
  });
}

/** A schedule's change changes the users' records (its name) and the planning's alerts too. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryRoots.exceptionalSchedules }),
      client.invalidateQueries({ queryKey: queryRoots.users }),
      client.invalidateQueries({ queryKey: queryRoots.planning }),
    ]);
}

/** POST, or PATCH with an id. */
export function useSaveExceptionalSchedule() {
  const token = useToken();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CrearJornadaExcepcionalBody | ActualizarJornadaExcepcionalBody }) =>
      id === null
        ? apiPost<JornadaExcepcional>('/v1/jornadas-excepcionales', body, { token })
        : apiRequest<JornadaExcepcional>('PATCH', `/v1/jornadas-excepcionales/${encodeURIComponent(id)}`, body, { token }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/v1/jornadas-excepcionales/:id (409 while workers are assigned). */
export function useRemoveExceptionalSchedule() {
  const token = useToken();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>('DELETE', `/v1/jornadas-excepcionales/${encodeURIComponent(id)}`, undefined, { token }),
    onSuccess: invalidate,
  });
}
