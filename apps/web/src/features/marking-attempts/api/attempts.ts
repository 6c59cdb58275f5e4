import type { IntentosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';

const attemptKeys = {
  list: (query: Record<string, unknown>) => ['intentos-marcaje', query] as const,
};

/** GET /api/v1/intentos-marcaje (administrador: the company; supervisor: the groups they lead). */
export function useAttempts(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: attemptKeys.list(query),
    queryFn: ({ signal }) => apiGet<IntentosPage>('/v1/intentos-marcaje', { token, signal, query }),
    placeholderData: keepPreviousData,
  });
}

