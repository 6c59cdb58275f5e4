import type { Consentimiento, EstadoConsentimiento, OtorgarConsentimientoBody } from '@jornada/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { fingerprintKeys } from './keys';

/** GET /api/v1/huella/consentimiento */
export function useConsent(usuarioId: string | undefined, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: fingerprintKeys.consent(usuarioId),
    queryFn: ({ signal }) => apiGet<EstadoConsentimiento>('/v1/huella/consentimiento', { token, query: { usuarioId }, signal }),
    enabled,
  });
}

/** POST /api/v1/huella/consentimiento */
export function useGrantConsent() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OtorgarConsentimientoBody) => apiPost<Consentimiento>('/v1/huella/consentimiento', body, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}

/** POST /api/v1/huella/consentimiento/retirar */
export function useWithdrawConsent() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (usuarioId: string | undefined) => apiPost<{ ok: true }>('/v1/huella/consentimiento/retirar', usuarioId ? { usuarioId } : {}, { token }),
    onSuccess: () => client.invalidateQueries({ queryKey: fingerprintKeys.all }),
  });
}
