import type { AplicarPropuestaResponse, CrearPropuestaBody, Propuesta } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';
import { rosterKeys } from './keys';

const POLL_MS = 1000;

/** POST /api/v1/propuestas-de-planificacion: queues the computation. */
export function useCreateProposal() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrearPropuestaBody) => apiPost<Propuesta>('/v1/propuestas-de-planificacion', body, { token }),
    onSuccess: (created) => client.setQueryData(rosterKeys.proposal(created.id), created),
  });
}

/** GET /api/v1/propuestas-de-planificacion/:id, polled while it is being computed. */
export function useProposal(id: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: rosterKeys.proposal(id ?? ''),
    queryFn: ({ signal }) => apiGet<Propuesta>(`/v1/propuestas-de-planificacion/${encodeURIComponent(id!)}`, { token, signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && (query.state.data.estado === 'lista' || query.state.data.estado === 'fallida') ? false : POLL_MS),
  });
}

/** POST /api/v1/propuestas-de-planificacion/:id/aplicar; the planning's pages read the new plan afterwards. */
export function useApplyProposal(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<AplicarPropuestaResponse>(`/v1/propuestas-de-planificacion/${encodeURIComponent(id)}/aplicar`, {}, { token }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: rosterKeys.proposal(id) });
      void client.invalidateQueries({ queryKey: queryRoots.planning });
    },
  });
}
