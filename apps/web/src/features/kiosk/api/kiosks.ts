import type { AbrirQuioscoBody, Quiosco, QuioscoAbierto } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { kioskKeys } from './keys';

/** GET /api/v1/quioscos */
export function useKiosks() {
  const token = useToken();
  return useQuery({ queryKey: kioskKeys.kiosks, queryFn: ({ signal }) => apiGet<{ items: Quiosco[] }>('/v1/quioscos', { token, signal }) });
}

/** POST /api/v1/quioscos */
export function useOpenKiosk() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AbrirQuioscoBody) => apiPost<QuioscoAbierto>('/v1/quioscos', body, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: kioskKeys.kiosks }),
  });
}

/** POST /api/v1/quioscos/:id/revocar */
export function useCloseKiosk() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ ok: true }>(`/v1/quioscos/${id}/revocar`, {}, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: kioskKeys.kiosks }),
  });
}
