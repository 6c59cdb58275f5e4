import type { Demanda, DemandaBody } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { rosterKeys } from './keys';

/** GET /api/v1/sedes/:id/demanda */
export function useDemand(siteId: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: rosterKeys.demand(siteId ?? ''),
    queryFn: ({ signal }) => apiGet<Demanda>(`/v1/sedes/${encodeURIComponent(siteId!)}/demanda`, { token, signal }),
    enabled: Boolean(siteId),
  });
}

/** PUT /api/v1/sedes/:id/demanda */
export function useSaveDemand(siteId: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DemandaBody) => apiRequest<Demanda>('PUT', `/v1/sedes/${encodeURIComponent(siteId)}/demanda`, body, { token }),
    onSuccess: (saved) => client.setQueryData(rosterKeys.demand(siteId), saved),
  });
}
