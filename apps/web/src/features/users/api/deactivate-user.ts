import type { DesactivarUsuarioBody, Usuario } from '@jornada/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-token';
import { userKeys } from './keys';

/** POST /api/v1/usuarios/:id/desactivar: finiquito (last day worked, optional reason). */
function deactivateUser(token: string, id: string, body: DesactivarUsuarioBody): Promise<Usuario> {
  return apiPost<Usuario>(`/v1/usuarios/${encodeURIComponent(id)}/desactivar`, body, { token });
}

export function useDeactivateUser(id: string) {
  const token = useToken();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DesactivarUsuarioBody) => deactivateUser(token, id, body),
    onSuccess: (user) => {
      client.setQueryData(userKeys.detail(id), user);
      return client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
