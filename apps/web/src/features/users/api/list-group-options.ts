import type { GruposPage } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';
import type { Option } from './list-site-options';

/** GET /api/v1/grupos (first 100; a supervisor gets the groups they lead) as select options. */
export async function listGroupOptions(token: string, signal?: AbortSignal): Promise<Option[]> {
  const page = await apiGet<GruposPage>('/v1/grupos', { token, signal, query: { pageSize: 100 } });
  return page.items.map((grupo) => ({ value: grupo.id, label: grupo.estado === 'inactivo' ? `${grupo.nombre} (inactivo)` : grupo.nombre }));
}

export function useGroupOptions(enabled = true) {
  const token = useToken();
  return useQuery({ queryKey: userKeys.groupOptions, queryFn: ({ signal }) => listGroupOptions(token, signal), enabled, staleTime: 60_000 });
}
