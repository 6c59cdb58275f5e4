import type { ActualizarRelojBody, ClaveReloj, CrearRelojBody, Reloj, RelojesPage } from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

const clockKeys = {
  all: ['relojes'] as const,
  list: (query: Record<string, unknown>) => ['relojes', 'lista', query] as const,
};

/** GET /api/v1/relojes (administrador). */
export function useClocks(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: clockKeys.list(query),
    queryFn: ({ signal }) => apiGet<RelojesPage>('/v1/relojes', { token, signal, query }),
    placeholderData: keepPreviousData,
    // The last-contact column is the point of this page: keep it fresh while it is open.
    refetchInterval: 30_000,
  });
}

/** POST /api/v1/relojes or PATCH /api/v1/relojes/:id. */
export function useSaveClock() {
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CrearRelojBody | ActualizarRelojBody }) =>
      id ? apiRequest<Reloj>('PATCH', `/v1/relojes/${encodeURIComponent(id)}`, body, { token }) : apiRequest<Reloj>('POST', '/v1/relojes', body, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clockKeys.all }),
  });
}

/** POST /api/v1/relojes/:id/clave: a new key for the device (shown once; the previous one stops working). */
export function useNewClockKey() {
  const token = useToken();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<ClaveReloj>('POST', `/v1/relojes/${encodeURIComponent(id)}/clave`, undefined, { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clockKeys.all }),
  });
}
