import type { CredencialesPage, MisCredenciales, PendientesPage } from '@jornada/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type Query } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { fingerprintKeys } from './keys';

/** GET /api/v1/huella/credenciales */
export function useCredentials(query: Query) {
  const token = useToken();
  return useQuery({
    queryKey: fingerprintKeys.credentials(query),
    queryFn: ({ signal }) => apiGet<CredencialesPage>('/v1/huella/credenciales', { token, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/huella/pendientes */
export function usePending(query: Query) {
  const token = useToken();
  return useQuery({
    queryKey: fingerprintKeys.pending(query),
    queryFn: ({ signal }) => apiGet<PendientesPage>('/v1/huella/pendientes', { token, query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v1/huella/mis-credenciales */
export function useMyCredentials() {
  const token = useToken();
  return useQuery({
    queryKey: fingerprintKeys.mine,
    queryFn: ({ signal }) => apiGet<MisCredenciales>('/v1/huella/mis-credenciales', { token, signal }),
  });
}

/** POST /api/v1/huella/credenciales/:id/revocar */
export function useRevokeCredential() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiPost<{ ok: true }>(`/v1/huella/credenciales/${id}/revocar`, {}, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}
