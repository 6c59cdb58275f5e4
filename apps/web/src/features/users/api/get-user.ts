import type { Usuario } from '@jornada/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

/** GET /api/v1/usuarios/:id (A: any; S: self and members; T: self). */
function getUser(token: string, id: string, signal?: AbortSignal): Promise<Usuario> {
  return apiGet<Usuario>(`/v1/usuarios/${encodeURIComponent(id)}`, { token, signal });
}

export function useUser(id: string) {
  const token = useToken();
  return useQuery({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(token, id, signal), enabled: Boolean(id) });
}
