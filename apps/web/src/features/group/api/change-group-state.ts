import type { CambiarEstadoGrupoBody, Grupo } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { groupKeys } from './keys';

/** PATCH /api/v1/grupos/:id/estado with the reason (kept in the history). */
function changeGroupState(token: string, id: string, body: CambiarEstadoGrupoBody): Promise<Grupo> {
  return apiRequest<Grupo>('PATCH', `/v1/grupos/${encodeURIComponent(id)}/estado`, body, { token });
}

export function useChangeGroupState() {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CambiarEstadoGrupoBody }) => changeGroupState(token, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
