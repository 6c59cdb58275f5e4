import type { SedesPage } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** GET /api/v1/sedes (first 100) as select options. */
export async function listSiteOptions(token: string, signal?: AbortSignal): Promise<{ value: string; label: string }[]> {
  const page = await apiGet<SedesPage>('/v1/sedes', { token, signal, query: { pageSize: 100 } });
  return page.items.map((sede) => ({ value: sede.id, label: sede.nombre }));
}

export function useSiteOptions(enabled = true) {
  const token = useToken();
  return useQuery({ queryKey: groupKeys.sites, queryFn: ({ signal }) => listSiteOptions(token, signal), enabled, staleTime: 60_000 });
}
