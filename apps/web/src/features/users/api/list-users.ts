import type { UsuariosPage } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet, type Query } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

/** GET /api/v1/usuarios (A: all; S: members of the groups they lead). */
function listUsers(token: string, query: Query, signal?: AbortSignal): Promise<UsuariosPage> {
  return apiGet<UsuariosPage>('/v1/usuarios', { token, query, signal });
}

export function useUsers(query: Record<string, string | number>) {
  const token = useToken();
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => listUsers(token, query, signal),
    placeholderData: keepPreviousData,
  });
}
