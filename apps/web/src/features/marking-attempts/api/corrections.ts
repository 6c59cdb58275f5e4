import type { Correccion, CorreccionesPage, CrearCorreccionBody } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';

/** Under the corrections root, so a new correction refreshes them all (this page and `/dashboard/corrections`). */
const attemptCorrectionKeys = {
  attempts: (ids: string) => [...queryRoots.corrections, 'intentos', ids] as const,
};

/** GET /api/v1/correcciones?intentoIds=…: the corrections of the attempts on the page, to show their state. */
export function useAttemptCorrections(attemptIds: string[]) {
  const token = useToken();
  const ids = attemptIds.join(',');
  return useQuery({
    queryKey: attemptCorrectionKeys.attempts(ids),
    queryFn: ({ signal }) => apiGet<CorreccionesPage>('/v1/correcciones', { token, signal, query: { intentoIds: ids, pageSize: 100 } }),
    enabled: ids.length > 0,
    staleTime: 10_000,
  });
}

/** POST /api/v1/correcciones: the employer proposes (the worker is e-mailed and has 48 hours to object). */
export function useProposeCorrection() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrearCorreccionBody) => apiPost<Correccion>('/v1/correcciones', body, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryRoots.corrections }),
  });
}
