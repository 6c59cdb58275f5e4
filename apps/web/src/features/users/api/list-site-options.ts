import type { SedesPage } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

export interface Option {
  value: string;
  label: string;
}

/** GET /api/v1/sedes (first 100, by name) as select options. */
export async function listSiteOptions(token: string, signal?: AbortSignal): Promise<Option[]> {
  const page = await apiGet<SedesPage>('/v1/sedes', { token, signal, query: { pageSize: 100 } });
  return page.items.map((sede) => ({ value: sede.id, label: sede.nombre }));
}

export function useSiteOptions(enabled = true) {
  const token = useToken();
  return useQuery({ queryKey: userKeys.siteOptions, queryFn: ({ signal }) => listSiteOptions(token, signal), enabled, staleTime: 60_000 });
}
