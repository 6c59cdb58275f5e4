import type { GruposPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type Query } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** GET /api/v1/grupos (a supervisor gets only the groups they lead). */
function listGroups(token: string, query: Query, signal?: AbortSignal): Promise<GruposPage> {
  return apiGet<GruposPage>('/v1/grupos', { token, query, signal });
}

export function useGroups(query: Record<string, string | number>, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => listGroups(token, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
