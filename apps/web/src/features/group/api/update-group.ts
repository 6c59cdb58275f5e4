import type { ActualizarGrupoBody, Grupo } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** PATCH /api/v1/grupos/:id */
function updateGroup(token: string, id: string, body: ActualizarGrupoBody): Promise<Grupo> {
  return apiRequest<Grupo>('PATCH', `/v1/grupos/${encodeURIComponent(id)}`, body, { token });
}

export function useUpdateGroup(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActualizarGrupoBody) => updateGroup(token, id, body),
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(id), group);
      // Its exceptional schedule is its members' unless they have their own: their pages and the resolutions' counts change.
      return Promise.all([
        client.invalidateQueries({ queryKey: groupKeys.all }),
        client.invalidateQueries({ queryKey: queryRoots.users }),
        client.invalidateQueries({ queryKey: queryRoots.exceptionalSchedules }),
      ]);
    },
  });
}
