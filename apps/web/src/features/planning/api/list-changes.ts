import type { CambiosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type Query } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { planningKeys } from './keys';

/** GET /api/v1/planificaciones/cambios: the change log, newest first (T: own). */
function listChanges(token: string, query: Query, signal?: AbortSignal): Promise<CambiosPage> {
  return apiGet<CambiosPage>('/v1/planificaciones/cambios', { token, query, signal });
}

export function useChanges(query: Record<string, string | number>, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: planningKeys.changeList(query),
    queryFn: ({ signal }) => listChanges(token, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
