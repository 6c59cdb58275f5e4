import type { UsuariosPage, UsuarioResumen } from '@jornada/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

interface PeopleQuery {
  q: string;
  page: number;
  pageSize?: number;
}

/** GET /api/v1/usuarios of active people (to add as members), by name, RUT or cargo. */
function searchPeople(token: string, query: PeopleQuery, signal?: AbortSignal): Promise<UsuariosPage> {
  return apiGet<UsuariosPage>('/v1/usuarios', { token, signal, query: { activo: 'true', q: query.q, page: query.page, pageSize: query.pageSize ?? 10 } });
}

export function usePeopleSearch(query: PeopleQuery, enabled = true) {
  const token = useToken();
  return useQuery({
    queryKey: groupKeys.people({ ...query }),
    queryFn: ({ signal }) => searchPeople(token, query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Active supervisors and administrators: who may lead a group. */
async function listLeaderCandidates(token: string, signal?: AbortSignal): Promise<UsuarioResumen[]> {
  const [supervisors, admins] = await Promise.all(
    (['supervisor', 'administrador'] as const).map((perfil) =>
      apiGet<UsuariosPage>('/v1/usuarios', { token, signal, query: { activo: 'true', perfil, pageSize: 100 } }),
    ),
  );
  return [...supervisors!.items, ...admins!.items];
}

export function useLeaderCandidates() {
  const token = useToken();
  return useQuery({ queryKey: groupKeys.leaders, queryFn: ({ signal }) => listLeaderCandidates(token, signal), staleTime: 60_000 });
}
