import type { ReactivarUsuarioBody, Usuario } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

/** POST /api/v1/usuarios/:id/reactivar: a new end date or none. */
function reactivateUser(token: string, id: string, body: ReactivarUsuarioBody): Promise<Usuario> {
  return apiPost<Usuario>(`/v1/usuarios/${encodeURIComponent(id)}/reactivar`, body, { token });
}

export function useReactivateUser(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReactivarUsuarioBody) => reactivateUser(token, id, body),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(id), user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
