import type { SedesPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type Query } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { settingsKeys } from './keys';

/** GET /api/v1/sedes */
function listSites(token: string, query: Query, signal?: AbortSignal): Promise<SedesPage> {
  return apiGet<SedesPage>('/v1/sedes', { token, query, signal });
}

export function useSites(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: settingsKeys.siteList(query),
    queryFn: ({ signal }) => listSites(token, query, signal),
    placeholderData: keepPreviousData,
  });
}
