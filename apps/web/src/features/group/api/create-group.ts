import type { CrearGrupoBody, Grupo } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** POST /api/v1/grupos */
function createGroup(token: string, body: CrearGrupoBody): Promise<Grupo> {
  return apiPost<Grupo>('/v1/grupos', body, { token });
}

export function useCreateGroup() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CrearGrupoBody) => createGroup(token, body),
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: groupKeys.all }), client.invalidateQueries({ queryKey: queryRoots.exceptionalSchedules })]),
  });
}
