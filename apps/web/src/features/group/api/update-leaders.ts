import type { ActualizarLideresBody, Grupo } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** PUT /api/v1/grupos/:id/lideres with the complete list of leaders. */
function updateLeaders(token: string, id: string, body: ActualizarLideresBody): Promise<Grupo> {
  return apiRequest<Grupo>('PUT', `/v1/grupos/${encodeURIComponent(id)}/lideres`, body, { token });
}

export function useUpdateLeaders(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActualizarLideresBody) => updateLeaders(token, id, body),
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(id), group);
      return client.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
