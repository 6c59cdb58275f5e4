import type { ActualizarMiembrosBody, Grupo } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** PUT /api/v1/grupos/:id/miembros: add and remove (adding someone from another group moves them). */
function updateMembers(token: string, id: string, body: ActualizarMiembrosBody): Promise<Grupo> {
  return apiRequest<Grupo>('PUT', `/v1/grupos/${encodeURIComponent(id)}/miembros`, body, { token });
}

export function useUpdateMembers(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActualizarMiembrosBody) => updateMembers(token, id, body),
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(id), group);
      return client.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}
