import type { Verificacion } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';

const verifyKeys = {
  verification: (hash: string) => ['verificar', hash] as const,
};

/** GET /api/v1/verificar/:hash: public, no session. 404 when no mark has that hash. */
export function useVerification(hash: string) {
  return useQuery({
    queryKey: verifyKeys.verification(hash),
    queryFn: ({ signal }) => apiGet<Verificacion>(`/v1/verificar/${encodeURIComponent(hash)}`, { signal }),
    // A 404 is an answer, not a hiccup: do not retry it.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}
