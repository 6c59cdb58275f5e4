import type { ActualizarUsuarioBody, Usuario } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

/** PATCH /api/v1/usuarios/:id */
function updateUser(token: string, id: string, body: ActualizarUsuarioBody): Promise<Usuario> {
  return apiRequest<Usuario>('PATCH', `/v1/usuarios/${encodeURIComponent(id)}`, body, { token });
}

export function useUpdateUser(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ActualizarUsuarioBody) => updateUser(token, id, body),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(id), user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
