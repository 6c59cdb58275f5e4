import type { Grupo } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** GET /api/v1/grupos/:id */
function getGroup(token: string, id: string, signal?: AbortSignal): Promise<Grupo> {
  return apiGet<Grupo>(`/v1/grupos/${encodeURIComponent(id)}`, { token, signal });
}

export function useGroup(id: string | null) {
  const token = useToken();
  return useQuery({ queryKey: groupKeys.detail(id ?? ''), queryFn: ({ signal }) => getGroup(token, id!, signal), enabled: Boolean(id) });
}
